import { describe, expect, it } from 'vitest';
import { containerCheckDigit, containerNoError, isContainerNo, zContainerNo } from './container-number';

describe('ISO 6346 container number', () => {
  it('accepts real container numbers with a correct check digit', () => {
    for (const no of ['CSQU3054383', 'MSKU9070323', 'TGHU8471874', 'MAEU1234567', 'BICU1234565']) {
      expect(isContainerNo(no), no).toBe(true);
    }
  });
  it('computes the check digit, including the 10 → 0 rule', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    // CSQU000007: the weighted sum modulo 11 is 10, so the check digit is 0
    expect(containerCheckDigit('CSQU000007')).toBe(0);
    expect(isContainerNo('CSQU0000070')).toBe(true);
    expect(isContainerNo('CSQU0000071')).toBe(false);
    expect(containerCheckDigit('CSQ1305438')).toBeNull();
  });
  it('tolerates spaces, hyphens and lower case', () => {
    expect(isContainerNo('csqu 305438-3')).toBe(true);
    expect(zContainerNo.parse(' csqu 305438 3 ')).toBe('CSQU3054383');
  });
  it('refuses a wrong check digit with its own message', () => {
    expect(containerNoError('CSQU3054384')).toBe('msgContainerNoCheckDigit');
  });
  it('refuses bad shapes', () => {
    for (const no of ['CSQA3054383', 'CS1U3054383', 'CSQU305438', 'CSQU30543831', '', 'CSQUABCDEFG']) {
      expect(containerNoError(no), no).toBe('msgContainerNoInvalid');
    }
    expect(zContainerNo.safeParse('CSQU3054384').success).toBe(false);
  });
});
