import { describe, expect, it } from 'vitest';
import { checkCredentials, signInLanguage } from './credentials-model';

describe('sign-in form', () => {
  it('sends the user name trimmed and the password as typed, in the chosen language', () => {
    expect(checkCredentials('  ops@demo.test ', ' pass word ', 'zh-HK')).toEqual({
      request: { username: 'ops@demo.test', password: ' pass word ', language: 'zh-HK' },
    });
  });

  it('names each missing field: a user name of spaces is missing, a password of spaces is not', () => {
    expect(checkCredentials('   ', '', 'en-US')).toEqual({
      errors: { username: 'msg:msgUsernameRequired', password: 'msg:msgPasswordRequired' },
    });
    expect(checkCredentials('ops', '', 'en-US')).toEqual({ errors: { password: 'msg:msgPasswordRequired' } });
    expect(checkCredentials('', '   ', 'en-US')).toEqual({ errors: { username: 'msg:msgUsernameRequired' } });
  });

  it('signs in in the screen’s language when the app has it, else in English', () => {
    expect(signInLanguage('zh-CN')).toBe('zh-CN');
    expect(signInLanguage('fr-FR')).toBe('en-US');
    expect(signInLanguage('en')).toBe('en-US');
  });
});
