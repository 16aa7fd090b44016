import { describe, expect, it } from 'vitest';
import { co2eFigure, co2eMissing } from './co2e-model';

describe('CO2e panel', () => {
  it('shows a figure with its decimals in the screen’s language, a dash for none', () => {
    expect(co2eFigure('en-US', '12345.678', 1)).toBe('12,345.7');
    expect(co2eFigure('en-US', '2', 2)).toBe('2.00');
    expect(co2eFigure('en-US', null, 1)).toBe('—');
  });

  it('says why there is no figure: a cancelled booking first, then what the computation lacked', () => {
    expect(co2eMissing({ cancelled: true, method: 'TEU_KM' })).toBe('cancelled');
    expect(co2eMissing({ cancelled: false, method: 'NO_DISTANCE' })).toBe('noDistance');
    expect(co2eMissing({ cancelled: false, method: 'NO_CARGO' })).toBe('noCargo');
    expect(co2eMissing({ cancelled: false, method: 'NO_FACTOR' })).toBe('noFactor');
    expect(co2eMissing({ cancelled: false, method: 'T_KM' })).toBeNull();
  });
});
