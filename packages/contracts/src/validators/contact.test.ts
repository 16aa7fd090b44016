import { describe, expect, it } from 'vitest';
import { isEmail, isPhone, zEmail, zPhone } from './contact';

describe('phone with country code', () => {
  it('accepts + and digits, 7 to 15 of them', () => {
    for (const v of ['+85212345678', '+8613812345678', '+14155552671', '+6831234', '+123456789012345'])
      expect(isPhone(v), v).toBe(true);
  });
  it('refuses spaces, missing +, a 0 country code and too many digits', () => {
    for (const v of [
      '85212345678',
      '+852 12345678',
      '+852-1234-5678',
      '+0852123456',
      '+1234567890123456',
      '+12345',
      '+',
    ])
      expect(isPhone(v), v).toBe(false);
    expect(zPhone.safeParse('852 1234').error?.issues[0].message).toBe('msgPhoneInvalid');
  });
});

describe('e-mail', () => {
  it('accepts standard addresses', () => {
    for (const v of ['ops@demo.test', 'first.last+tag@sub.example.co.uk', "o'brien@example.ie"])
      expect(isEmail(v), v).toBe(true);
  });
  it('refuses malformed ones', () => {
    for (const v of [
      'plain',
      'a@b',
      'a@@b.com',
      'a b@c.com',
      '@c.com',
      'a@-c.com',
      'a@c..com',
      `${'a'.repeat(250)}@c.com`,
    ])
      expect(isEmail(v), v).toBe(false);
    expect(zEmail.safeParse('x@y').error?.issues[0].message).toBe('msgEmailInvalid');
  });
});
