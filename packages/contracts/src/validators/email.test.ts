import { describe, expect, it } from 'vitest';
import { isEmail, zEmail, zOptEmail } from './email';

describe('e-mail', () => {
  it('accepts standard and internationalised addresses', () => {
    for (const v of [
      'ops@demo.test',
      'first.last+tag@sub.example.co.uk',
      "o'brien@example.ie",
      '用户@例子.中国',
      'josé.silva@exemplo.com.br',
      'info@xn--fsqu00a.xn--fiqs8s',
    ])
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
      'a@c-.com',
      'a@c..com',
      '.a@c.com',
      'a.@c.com',
      'a..b@c.com',
      'a@[127.0.0.1]',
      'a@c.123',
      `${'a'.repeat(250)}@c.com`,
      `${'用'.repeat(22)}@c.com`,
    ])
      expect(isEmail(v), v).toBe(false);
  });
  it('zod trims and reports msgEmailInvalid; the optional one turns blank into null', () => {
    expect(zEmail.parse(' ops@demo.test ')).toBe('ops@demo.test');
    expect(zEmail.safeParse('x@y').error?.issues[0].message).toBe('msgEmailInvalid');
    expect(zOptEmail().parse('  ')).toBeNull();
    expect(zOptEmail().parse(undefined)).toBeNull();
    expect(zOptEmail('msgOther').safeParse('x@y').error?.issues[0].message).toBe('msgOther');
  });
});
