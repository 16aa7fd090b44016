import { LANGUAGES, type Language, type TLoginRequest } from '@portal/contracts';

/** The sign-in form's checks without React (000 §2.1, §5). */

export type CredentialField = 'username' | 'password';

/** The screen's language when the app offers it, else English. */
export const signInLanguage = (lang: string): Language =>
  (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'en-US';

/**
 * What a submit sends (the user name trimmed, the password as typed), or the message key of each missing
 * field: a user name of spaces is missing, a password of spaces is not.
 */
export function checkCredentials(
  username: string,
  password: string,
  language: Language,
): { request: TLoginRequest } | { errors: Partial<Record<CredentialField, string>> } {
  const errors: Partial<Record<CredentialField, string>> = {};
  if (!username.trim()) errors.username = 'msg:msgUsernameRequired';
  if (!password) errors.password = 'msg:msgPasswordRequired';
  if (errors.username || errors.password) return { errors };
  return { request: { username: username.trim(), password, language } };
}
