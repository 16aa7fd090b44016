import { isStrongPassword, MSG, PASSWORD_HISTORY_SIZE, PASSWORD_MAX } from '@portal/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { verifyPassword } from '../../platform/auth/password';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { addPasswordHistory, previousPasswordHashes } from './password-history.repository';

/** How many of the most frequent leaked passwords are refused (zxcvbn-ts' ranked "passwords-common"). */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

/** True when the password (compared in lower case) is among the COMMON_PASSWORD_COUNT most common ones. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}

/** What the policy found wrong: a message key and its params. */
export interface PolicyProblem {
  msgKey: string;
  params?: Record<string, string | number>;
}

/** What the policy needs to know about the caller's settings. */
export interface PasswordPolicyOptions {
  /** PASSWORD_STRONG (AppConfig.password.strong): 8+ characters with a digit, a lowercase and an uppercase letter. */
  strong: boolean;
  /** The user whose history is checked (none for a brand-new user). */
  userUid?: string;
  /** The user's current hash, which counts as the most recent password. */
  currentHash?: string | null;
}

/**
 * The password policy, for every place that sets a password (change, reset, first password at
 * registration): at most PASSWORD_MAX characters, the strong rule when configured (else at least one
 * character), not one of the common passwords, not one of the user's last PASSWORD_HISTORY_SIZE
 * passwords. Answers the first problem as a message key (with params), or null when the password is fine.
 */
export async function checkPasswordPolicy(
  db: DbOrTx,
  password: string,
  opts: PasswordPolicyOptions,
): Promise<PolicyProblem | null> {
  if (password.length > PASSWORD_MAX) return { msgKey: MSG.passwordTooLong, params: { max: PASSWORD_MAX } };
  if (opts.strong ? !isStrongPassword(password) : password.length === 0) {
    return { msgKey: MSG.strongPasswordRequired };
  }
  if (isCommonPassword(password)) return { msgKey: MSG.passwordTooCommon };
  if (opts.currentHash && (await verifyPassword(opts.currentHash, password))) {
    return { msgKey: MSG.passwordReused };
  }
  if (opts.userUid) {
    for (const hash of await previousPasswordHashes(db, opts.userUid, PASSWORD_HISTORY_SIZE)) {
      if (await verifyPassword(hash, password)) return { msgKey: MSG.passwordReused };
    }
  }
  return null;
}

/** The policy's problem as a 422 naming `field`. */
export function policyError(problem: PolicyProblem, field: string): AppError {
  const params = problem.params ? { params: problem.params } : {};
  return new AppError(422, problem.msgKey, {
    ...params,
    details: [{ field, msgKey: problem.msgKey, ...params }],
  });
}

/** True when a password set at `changedAt` is older than `maxAgeDays` (0 = passwords never expire). */
export function isPasswordExpired(changedAt: string | null, maxAgeDays: number, now = new Date()): boolean {
  if (!maxAgeDays || !changedAt) return false;
  return now.getTime() - new Date(changedAt).getTime() > maxAgeDays * 86_400_000;
}

/**
 * Records the hash being replaced in the history (so it cannot come back) and trims the history to
 * PASSWORD_HISTORY_SIZE entries. Call in the transaction that stores the new hash.
 */
export async function rememberOldPassword(
  db: DbOrTx,
  userUid: string,
  oldHash: string | null,
): Promise<void> {
  await addPasswordHistory(db, userUid, oldHash, PASSWORD_HISTORY_SIZE);
}
