import { describe, expect, it } from 'vitest';
import { rowAgeClass } from './ageing';

describe('rowAgeClass', () => {
  it("names the list's own class and the shared look for yellow and red, nothing otherwise", () => {
    expect(rowAgeClass('booking', 'red')).toBe('booking-row-red row-age-red');
    expect(rowAgeClass('mbl', 'yellow')).toBe('mbl-row-yellow row-age-yellow');
    expect(rowAgeClass('consol', 'none')).toBeUndefined();
    expect(rowAgeClass('consol', null)).toBeUndefined();
    expect(rowAgeClass('consol', undefined)).toBeUndefined();
  });
});
