import { createHash, randomBytes } from 'node:crypto';
import {
  MSG,
  PASSWORD_MAX,
  RESET_TOKEN_TTL_MINUTES,
  type TChangePasswordRequest,
  type TForgotPasswordRequest,
  type TPasswordConfigResponse,
  type TResetPasswordQuery,
  type TResetPasswordRequest,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Actor, actorName } from '../../platform/access/access';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import type { Db } from '../../platform/db/client';
import { AppError, unauthorized, unprocessable } from '../../platform/errors/app-error';
import type { AppDeps } from '../../platform/http/types';
import { queueMail } from '../../platform/mail/mail';
import * as repo from './auth.repository';
import { checkPasswordPolicy, policyError, rememberOldPassword } from './password-policy';
import * as resetRepo from './password-reset.repository';

/** At most this many reset e-mails per account in FORGOT_WINDOW_MINUTES; more requests are ignored. */
export const FORGOT_LIMIT = 3;
export const FORGOT_WINDOW_MINUTES = 15;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const invalidToken = () => new AppError(400, MSG.invalidResetToken);

/** GET /Password/getPasswordConfig. */
export function passwordConfig(deps: AppDeps): TPasswordConfigResponse {
  return { success: true, useStrongPassword: deps.config.password.strong, maxLength: PASSWORD_MAX };
}

/**
 * POST /Password/changepassword: the signed-in user replaces their password. The old one must match, the
 * new one must pass the policy (strong, not common, not recent); other sessions end, the current one stays.
 */
export async function changePassword(opts: {
  db: Db;
  actor: Actor;
  input: TChangePasswordRequest;
  log: FastifyBaseLogger;
  strong?: boolean;
}) {
  const { db, actor, input, log } = opts;
  const user = await repo.findUserByUid(db, actor.user_uid);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.password_hash, input.old_password))) {
    log.warn({ security: 'password_change_failure', user_uid: user.user_uid }, 'wrong current password');
    throw unprocessable(MSG.oldPasswordIncorrect, [
      { field: 'old_password', msgKey: MSG.oldPasswordIncorrect },
    ]);
  }
  if (input.new_password === input.old_password) {
    throw unprocessable(MSG.passwordSameAsOld, [{ field: 'new_password', msgKey: MSG.passwordSameAsOld }]);
  }
  const problem = await checkPasswordPolicy(db, input.new_password, {
    strong: opts.strong ?? true,
    userUid: user.user_uid,
  });
  if (problem) throw policyError(problem, 'new_password');
  const hashed = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await rememberOldPassword(tx, user.user_uid, user.password_hash);
    await repo.updatePassword(tx, user.user_uid, hashed, actorName(actor));
    await repo.revokeOtherSessions(tx, user.user_uid, actor.sid);
  });
  log.info({ security: 'password_changed', user_uid: user.user_uid, sid: actor.sid }, 'password changed');
  return { success: true };
}

const RESET_MAIL: Record<string, { subject: string; body: (name: string, link: string) => string }> = {
  'en-US': {
    subject: 'Reset your password',
    body: (name, link) =>
      `Dear ${name},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:\n\n${link}\n\nThe link works once. If you did not ask for this, ignore this e-mail; your password stays as it is.\n`,
  },
  'zh-HK': {
    subject: '重設密碼',
    body: (name, link) =>
      `${name} 您好：\n\n有人要求重設您帳戶的密碼。請於 ${RESET_TOKEN_TTL_MINUTES} 分鐘內開啟以下連結設定新密碼：\n\n${link}\n\n連結只可使用一次。如非您本人提出，請忽略此電郵，您的密碼不會改變。\n`,
  },
  'zh-CN': {
    subject: '重置密码',
    body: (name, link) =>
      `${name} 您好：\n\n有人请求重置您账户的密码。请在 ${RESET_TOKEN_TTL_MINUTES} 分钟内打开以下链接设置新密码：\n\n${link}\n\n链接只能使用一次。如非您本人操作，请忽略此邮件，您的密码不会改变。\n`,
  },
};

/**
 * POST /Password/forgotpassword: e-mails an active user a single-use reset link (a random 32-byte token,
 * kept only as its SHA-256, valid RESET_TOKEN_TTL_MINUTES). Always answers success, whether the account
 * exists or not, so the call reveals nothing; at most FORGOT_LIMIT links per account per
 * FORGOT_WINDOW_MINUTES (further requests are logged and ignored).
 */
export async function forgotPassword(opts: {
  deps: AppDeps;
  input: TForgotPasswordRequest;
  log: FastifyBaseLogger;
}): Promise<{ success: true }> {
  const { deps, input, log } = opts;
  const user = await repo.findUserByLogin(deps.db, input.userName);
  if (!user || user.status !== 'A') {
    log.warn({
      security: 'forgot_password_ignored',
      login: input.userName,
      reason: user ? 'inactive' : 'unknown',
    });
    return { success: true };
  }
  await deps.db.transaction(async (tx) => {
    // Serialises concurrent requests for one account so the limit holds.
    await repo.lockUser(tx, user.user_uid);
    if ((await resetRepo.countRecentResetTokens(tx, user.user_uid, FORGOT_WINDOW_MINUTES)) >= FORGOT_LIMIT) {
      log.warn({ security: 'forgot_password_rate_limited', user_uid: user.user_uid }, 'reset link not sent');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await resetRepo.insertResetToken(tx, user.user_uid, sha256(token), RESET_TOKEN_TTL_MINUTES);
    const link = `${deps.config.mail.publicBaseUrl}/resetpassword?loginID=${encodeURIComponent(user.login_id)}&token=${token}`;
    const mail = RESET_MAIL[user.default_lang] ?? RESET_MAIL['en-US'];
    await queueMail(tx, {
      to: user.login_id,
      subject: mail.subject,
      text: mail.body(`${user.first_name} ${user.last_name}`.trim(), link),
      tag: 'password_reset',
    });
    log.info({ security: 'password_reset_requested', user_uid: user.user_uid }, 'reset link queued');
  });
  return { success: true };
}

/** GET /password/resetpassword?loginid&token: whether the link can still be used (nothing is consumed). */
export async function validateResetLink(
  deps: AppDeps,
  q: TResetPasswordQuery,
): Promise<{ success: boolean }> {
  const login = q.loginid ?? q.loginID;
  if (!login || !q.token) return { success: false };
  const user = await repo.findUserByLogin(deps.db, login);
  if (!user || user.status !== 'A') return { success: false };
  return { success: Boolean(await resetRepo.findLiveResetToken(deps.db, user.user_uid, sha256(q.token))) };
}

/**
 * POST /Password/resetpassword: sets a new password through a live link. The password must pass the
 * policy (a refused password leaves the link usable); success uses up the user's links, clears the
 * lockout and failure count, ends every session, and records the old hash in the history. A missing,
 * wrong, used or expired token answers 400 msgInvalidResetToken ("Invalid Token. Reset Password Fail.").
 */
export async function resetPassword(opts: {
  deps: AppDeps;
  input: TResetPasswordRequest;
  log: FastifyBaseLogger;
}): Promise<{ success: true }> {
  const { deps, input, log } = opts;
  const user = await repo.findUserByLogin(deps.db, input.loginID);
  if (!user || user.status !== 'A') throw invalidToken();
  await deps.db.transaction(async (tx) => {
    const token = await resetRepo.findLiveResetToken(tx, user.user_uid, sha256(input.token), true);
    if (!token) throw invalidToken();
    const problem = await checkPasswordPolicy(tx, input.password, {
      strong: deps.config.password.strong,
      userUid: user.user_uid,
      currentHash: user.password_hash,
    });
    if (problem) throw policyError(problem, 'password');
    const hash = await hashPassword(input.password);
    await resetRepo.consumeResetTokens(tx, user.user_uid);
    await rememberOldPassword(tx, user.user_uid, user.password_hash);
    await repo.updatePassword(tx, user.user_uid, hash, user.login_id);
    await repo.clearLockout(tx, user.user_uid);
    await repo.revokeAllSessions(tx, user.user_uid);
  });
  log.info({ security: 'password_reset', user_uid: user.user_uid }, 'password reset');
  return { success: true };
}
