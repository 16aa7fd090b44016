import { describe, expect, it } from 'vitest';
import { isCbpNo, isEin, isPassportNo, isSsn, zCbpNo, zEin, zPassportNo, zSsn } from './id-numbers';

describe('EIN NN-NNNNNNNXX', () => {
  it('accepts the IRS number with its 2-character suffix', () => {
    expect(isEin('12-345678900')).toBe(true);
    expect(isEin('12-3456789AB')).toBe(true);
    expect(zEin.parse('12-3456789ab')).toBe('12-3456789AB');
  });
  it('refuses other shapes', () => {
    for (const v of [
      '12-3456789',
      '123456789AB',
      '1-23456789AB',
      '12-3456789A',
      '12-3456789ABC',
      '12 3456789AB',
    ])
      expect(isEin(v), v).toBe(false);
    expect(zEin.safeParse('12-3456789').error?.issues[0].message).toBe('msgEinInvalid');
  });
});

describe('CBP NNNNNN-NNNNN', () => {
  it('accepts and refuses', () => {
    expect(isCbpNo('901234-56789')).toBe(true);
    for (const v of ['90123456789', '90123-456789', '901234-5678', 'A01234-56789'])
      expect(isCbpNo(v), v).toBe(false);
    expect(zCbpNo.safeParse('1-1').error?.issues[0].message).toBe('msgCbpInvalid');
  });
});

describe('SSN NNN-NN-NNNN', () => {
  it('accepts and refuses', () => {
    expect(isSsn('123-45-6789')).toBe(true);
    for (const v of ['123456789', '12-345-6789', '123-45-678', '123-45-67890', 'abc-de-fghi'])
      expect(isSsn(v), v).toBe(false);
    expect(zSsn.safeParse('123').error?.issues[0].message).toBe('msgSsnInvalid');
  });
});

describe('passport', () => {
  it('accepts 1 to 12 alphanumerics', () => {
    for (const v of ['K', 'K12345678', 'e1234567', 'ABCDEF123456']) expect(isPassportNo(v), v).toBe(true);
  });
  it('refuses empty, too long and punctuation', () => {
    for (const v of ['', 'ABCDEF1234567', 'K1234-567', 'K 1234567', '護照123'])
      expect(isPassportNo(v), v).toBe(false);
    expect(zPassportNo.safeParse('').error?.issues[0].message).toBe('msgPassportInvalid');
  });
});
