// The strong password rule without zod (issue 20: password forms check it statically); auth.ts re-exports it.

/** Strong password rule (000 §5): 8 to 128 characters with a digit, a lowercase and an uppercase letter. */
export const STRONG_PASSWORD_MIN = 8;
export const STRONG_PASSWORD_MAX = 128;
/** True when the password meets the strong password rule (message key msgStrongPWRequired otherwise). */
export function isStrongPassword(pw: string): boolean {
  return (
    pw.length >= STRONG_PASSWORD_MIN &&
    pw.length <= STRONG_PASSWORD_MAX &&
    /\d/.test(pw) &&
    /\p{Ll}/u.test(pw) &&
    /\p{Lu}/u.test(pw)
  );
}
