import { describe, expect, it } from 'vitest';
import { isPhone, zOptPhone, zPhone } from './phone';

describe('phone with country code', () => {
  it('accepts + and digits of a real numbering plan', () => {
    for (const v of ['+85228271234', '+8613812345678', '+14155552671', '+494036091234', '+31205551234'])
      expect(isPhone(v), v).toBe(true);
  });
  it('refuses spaces, missing +, a 0 country code, too many digits and numbers no plan has', () => {
    for (const v of [
      '85228271234',
      '+852 2827 1234',
      '+852-2827-1234',
      '+0852123456',
      '+1234567890123456',
      '+12345',
      '+',
      '+15550100',
      '+85212345678',
      '+99912345678',
    ])
      expect(isPhone(v), v).toBe(false);
  });
  it('zod: required and optional forms with their message keys', () => {
    expect(zPhone().safeParse('852 1234').error?.issues[0].message).toBe('msgPhoneInvalid');
    expect(zPhone().safeParse('').error?.issues[0].message).toBe('msgFieldRequired');
    expect(zOptPhone().parse(' ')).toBeNull();
    expect(zOptPhone('msgEns').safeParse('+85212345678').error?.issues[0].message).toBe('msgEns');
    expect(zOptPhone().parse(' +85228271234 ')).toBe('+85228271234');
  });
});
