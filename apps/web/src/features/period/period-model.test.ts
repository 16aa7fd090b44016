import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { acceptsMonth, blockerLink, defaultPeriod, eventTime } from './period-model';

describe('period close screen', () => {
  it("opens a blocker's receivable or payable detail", () => {
    expect(blockerLink({ inv_type: 'AR', inv_id: 12 })).toBe('/INV/arDetails/12');
    expect(blockerLink({ inv_type: 'AP', inv_id: 7 })).toBe('/INV/apDetails/7');
  });

  it('opens on last month, across a year end', () => {
    expect(defaultPeriod(dayjs('2026-11-27'))).toBe('2026-10');
    expect(defaultPeriod(dayjs('2027-01-05'))).toBe('2026-12');
  });

  it('applies a whole month up to this one; not an emptied, partial or future month', () => {
    expect(acceptsMonth('2026-10', '2026-11')).toBe(true);
    expect(acceptsMonth('2026-11', '2026-11')).toBe(true);
    expect(acceptsMonth('2026-12', '2026-11')).toBe(false);
    expect(acceptsMonth('', '2026-11')).toBe(false);
    expect(acceptsMonth('2026-1', '2026-11')).toBe(false);
  });

  it('shows a time to the minute, nothing for none', () => {
    expect(eventTime(null)).toBe('');
    expect(eventTime('2026-11-03T09:41:30')).toBe('2026-11-03 09:41');
  });
});
