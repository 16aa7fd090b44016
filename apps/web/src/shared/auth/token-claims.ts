import type { TokenClaims } from '@portal/contracts';

/** Decodes the claims of a JWT without verifying it (the server verifies); null when it is not readable. */
export function decodeClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<TokenClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
    return {
      sub: claims.sub,
      first_name: claims.first_name ?? '',
      last_name: claims.last_name ?? '',
      profile: typeof claims.profile === 'number' ? claims.profile : null,
      super_user_uid: claims.super_user_uid ?? null,
      sid: claims.sid ?? '',
      exp: claims.exp,
    };
  } catch {
    return null;
  }
}

/** Whole seconds until the token expires (negative once it has). */
export const secondsLeft = (claims: Pick<TokenClaims, 'exp'>, nowMs: number = Date.now()) =>
  Math.floor(claims.exp - nowMs / 1000);

/** mm:ss for the header countdown; minutes are not capped at 59 and never below 00:00. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
