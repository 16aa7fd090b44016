import { describe, expect, it } from 'vitest';
import { ibanElectronic, ibanExpected, isBic, isIban, zBic, zOptBic } from './bic';

describe('BIC', () => {
  it('accepts 8 and 11 characters with a real country', () => {
    for (const v of ['HSBCHKHH', 'HSBCHKHHHKH', 'DEUTDEFF500', 'BKCHCNBJ', 'NEDSZAJJ', 'DEUTDE2H'])
      expect(isBic(v), v).toBe(true);
  });
  it('refuses other lengths, shapes and unknown countries', () => {
    for (const v of [
      'HSBCHKH',
      'HSBCHKHH1',
      'HSBCHKHHHK',
      'HSBCHKHHHKHX',
      'HSB1HKHH',
      'HSBC12HH',
      'hsbchkhh',
      'HSBC HKHH',
      'DEUTXXFF',
      'MULTIPLE',
    ])
      expect(isBic(v), v).toBe(false);
  });
  it('zod upper-cases and reports msgBicInvalid', () => {
    expect(zBic.parse(' hsbchkhh ')).toBe('HSBCHKHH');
    expect(zBic.safeParse('HSBCHK').error?.issues[0].message).toBe('msgBicInvalid');
    expect(zOptBic.parse('')).toBeNull();
    expect(zOptBic.parse(' deutdeff ')).toBe('DEUTDEFF');
    expect(zOptBic.safeParse('DEUTXXFF').error?.issues[0].message).toBe('msgBicInvalid');
  });
});

describe('IBAN', () => {
  it('checks country, length, format and check digits', () => {
    expect(isIban('DE89370400440532013000')).toBe(true);
    expect(isIban('DE89370400440532013001')).toBe(false);
    expect(isIban('de89370400440532013000')).toBe(false);
    expect(ibanElectronic(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
  });
  it('is expected for IBAN-looking numbers and for banks in IBAN countries only', () => {
    expect(ibanExpected('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanExpected('12345678', 'DEUTDEFF')).toBe(true);
    expect(ibanExpected('004-123456-001', 'HSBCHKHH')).toBe(false);
    expect(ibanExpected('HK12 3456')).toBe(false);
    expect(ibanExpected('6222021234567890', null)).toBe(false);
  });
});
