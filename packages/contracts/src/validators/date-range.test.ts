import { describe, expect, it } from 'vitest';
import { allowedDateRange, isInAllowedDateRange, isoDay, zAllowedDate } from './date-range';

describe('allowed-date range', () => {
  it('runs from tomorrow to the end of the month three months ahead', () => {
    expect(allowedDateRange('2026-01-15')).toEqual({ from: '2026-01-16', to: '2026-04-30' });
    expect(allowedDateRange('2026-01-31')).toEqual({ from: '2026-02-01', to: '2026-04-30' });
  });
  it('rolls over years and leap days', () => {
    expect(allowedDateRange('2025-11-30')).toEqual({ from: '2025-12-01', to: '2026-02-28' });
    expect(allowedDateRange('2027-11-05')).toEqual({ from: '2027-11-06', to: '2028-02-29' });
    expect(allowedDateRange('2026-12-31')).toEqual({ from: '2027-01-01', to: '2027-03-31' });
  });
  it('includes both ends and refuses today and beyond the end', () => {
    const today = '2026-05-20';
    expect(isInAllowedDateRange('2026-05-21', today)).toBe(true);
    expect(isInAllowedDateRange('2026-08-31', today)).toBe(true);
    expect(isInAllowedDateRange('2026-05-20', today)).toBe(false);
    expect(isInAllowedDateRange('2026-09-01', today)).toBe(false);
    expect(isInAllowedDateRange('2025-06-01', today)).toBe(false);
  });
  it('refuses malformed and impossible dates', () => {
    expect(isInAllowedDateRange('2026-06-31', '2026-05-20')).toBe(false);
    expect(isInAllowedDateRange('21/05/2026', '2026-05-20')).toBe(false);
  });
  it('accepts a Date as today (its local calendar day)', () => {
    expect(allowedDateRange(new Date(2026, 0, 15, 23, 59)).from).toBe('2026-01-16');
    expect(isoDay(new Date(2026, 1, 3))).toBe('2026-02-03');
  });
  it('zod reports msgDateOutOfRange', () => {
    const schema = zAllowedDate(() => '2026-05-20');
    expect(schema.safeParse('2026-06-01').success).toBe(true);
    expect(schema.safeParse('2026-05-20').error?.issues[0].message).toBe('msgDateOutOfRange');
    expect(schema.safeParse('not a date').error?.issues[0].message).toBe('msgFieldInvalid');
  });
});
