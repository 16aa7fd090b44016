import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateTimeText } from './date-time-text';

describe('dateTimeText (issue 39: the sailing panel showed 2026-11-30T12:00)', () => {
  it('reads a stored time the way every screen shows times', () => {
    expect(dateTimeText('2026-11-30T12:00')).toBe('2026-11-30 12:00');
    expect(dateTimeText('2026-11-30T12:00:05')).toBe('2026-11-30 12:00:05');
    expect(dateTimeText('2026-11-30T04:00:00.000Z')).toBe(
      dayjs('2026-11-30T04:00:00.000Z').format('YYYY-MM-DD HH:mm:ss'),
    );
    expect(dateTimeText('2026-11-30')).toBeNull();
    expect(dateTimeText('053E')).toBeNull();
  });
});
