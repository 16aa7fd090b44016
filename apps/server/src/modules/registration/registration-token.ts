import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACTIVATION_DAYS } from '@portal/contracts';

/** A new activation token (sent in the e-mail) and its SHA-256 (stored). */
export function newActivationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** True when `token` hashes to `storedHash` (constant-time compare). */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash || !token) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True while an activation link issued at `issuedAt` is still valid at `now` (7 days, 000 §9). */
export function activationWindowOpen(issuedAt: string | null, now: Date): boolean {
  if (!issuedAt) return false;
  return now.getTime() - new Date(issuedAt).getTime() <= ACTIVATION_DAYS * 24 * 3600 * 1000;
}
