import { describe, expect, it } from 'vitest';
import { isBic, zBic } from './bic';

describe('BIC', () => {
  it('accepts 8 and 11 characters', () => {
    for (const v of ['HSBCHKHH', 'HSBCHKHHHKH', 'DEUTDEFF500', 'BKCHCNBJ', 'NEDSZAJJ', 'DEUTDE2H'])
      expect(isBic(v), v).toBe(true);
  });
  it('refuses other lengths and shapes', () => {
    for (const v of [
      'HSBCHKH',
      'HSBCHKHH1',
      'HSBCHKHHHK',
      'HSBCHKHHHKHX',
      'HSB1HKHH',
      'HSBC12HH',
      'hsbchkhh',
      'HSBC HKHH',
    ])
      expect(isBic(v), v).toBe(false);
  });
  it('zod upper-cases and reports msgBicInvalid', () => {
    expect(zBic.parse(' hsbchkhh ')).toBe('HSBCHKHH');
    expect(zBic.safeParse('HSBCHK').error?.issues[0].message).toBe('msgBicInvalid');
  });
});
