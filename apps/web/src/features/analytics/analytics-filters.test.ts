import { describe, expect, it } from 'vitest';
import {
  applyPatch,
  daysCovered,
  documentsQuery,
  isValidRange,
  presetRange,
  readUrlState,
} from './analytics-filters';

const today = new Date(2026, 4, 17); // 17 May 2026, local time

describe('analytics presets', () => {
  it('end today; month presets start on the 1st, the year ones on 1 January', () => {
    expect(presetRange('last30d', today)).toEqual({ from: '2026-04-18', to: '2026-05-17' });
    expect(presetRange('last3m', today)).toEqual({ from: '2026-03-01', to: '2026-05-17' });
    expect(presetRange('last6m', today)).toEqual({ from: '2025-12-01', to: '2026-05-17' });
    expect(presetRange('last12m', today)).toEqual({ from: '2025-06-01', to: '2026-05-17' });
    expect(presetRange('thisYear', today)).toEqual({ from: '2026-01-01', to: '2026-05-17' });
    expect(presetRange('lastYear', today)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(daysCovered('2026-04-18', '2026-05-17')).toBe(30);
  });

  it('a range is two days in order within the longest period', () => {
    expect(isValidRange('2026-01-01', '2026-01-01')).toBe(true);
    expect(isValidRange('2026-02-01', '2026-01-01')).toBe(false);
    expect(isValidRange('2026-13-01', '2026-12-01')).toBe(false);
    expect(isValidRange('2023-01-01', '2025-12-31')).toBe(true); // 1,096 days
    expect(isValidRange('2023-01-01', '2026-01-01')).toBe(false);
  });
});

describe('analytics URL state', () => {
  it('opens on the last 12 months; a preset wins over a range; choices are kept', () => {
    expect(readUrlState(new URLSearchParams(''), today)).toEqual({
      filters: { from: '2025-06-01', to: '2026-05-17' },
      preset: 'last12m',
    });
    expect(readUrlState(new URLSearchParams('preset=lastYear&from=2026-01-01&to=2026-01-31'), today)).toEqual(
      {
        filters: { from: '2025-01-01', to: '2025-12-31' },
        preset: 'lastYear',
      },
    );
    expect(
      readUrlState(new URLSearchParams('from=2026-01-01&to=2026-01-31&office=HKG&lane=&carrier=MSK'), today),
    ).toEqual({
      filters: { from: '2026-01-01', to: '2026-01-31', office: 'HKG', carrier: 'MSK' },
      preset: null,
    });
    // A broken range falls back to the default period.
    expect(readUrlState(new URLSearchParams('from=2026-02-01&to=2026-01-01'), today).preset).toBe('last12m');
  });

  it('a change rewrites only its part of the URL', () => {
    const start = new URLSearchParams('office=HKG&preset=last3m&tab=x');
    expect(applyPatch(start, { from: '2026-01-01', to: '2026-01-31' }).toString()).toBe(
      'office=HKG&tab=x&from=2026-01-01&to=2026-01-31',
    );
    expect(
      applyPatch(new URLSearchParams('from=2026-01-01&to=2026-01-31'), { preset: 'last6m' }).toString(),
    ).toBe('preset=last6m');
    // The default preset is no parameter at all.
    expect(applyPatch(start, { preset: 'last12m' }).toString()).toBe('office=HKG&tab=x');
    expect(applyPatch(start, { office: undefined, mode: 'SEA' }).toString()).toBe(
      'preset=last3m&tab=x&mode=SEA',
    );
    expect(applyPatch(start, { reset: true }).toString()).toBe('tab=x');
  });

  it('documents get the filters, drill_<key> per figure key and the page', () => {
    expect(
      documentsQuery({ from: '2026-01-01', to: '2026-01-31', office: 'HKG' }, { month: '2026-01' }, 2, 20),
    ).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      office: 'HKG',
      drill_month: '2026-01',
      page: 2,
      pageSize: 20,
    });
  });
});
