import { isStrongPassword, MSG, type TChangePasswordRequest } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Actor, actorName } from '../../platform/access/access';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import type { Db } from '../../platform/db/client';
import { unauthorized, unprocessable } from '../../platform/errors/app-error';
import * as repo from './auth.repository';

/**
 * POST /Password/changepassword: the signed-in user replaces their password. The old one must match, the
 * new one must be strong and different; other sessions end, the current one stays.
 */
export async function changePassword(opts: {
  db: Db;
  actor: Actor;
  input: TChangePasswordRequest;
  log: FastifyBaseLogger;
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
  if (!isStrongPassword(input.new_password)) {
    throw unprocessable(MSG.strongPasswordRequired, [
      { field: 'new_password', msgKey: MSG.strongPasswordRequired },
    ]);
  }
  if (input.new_password === input.old_password) {
    throw unprocessable(MSG.passwordSameAsOld, [{ field: 'new_password', msgKey: MSG.passwordSameAsOld }]);
  }
  const hashed = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await repo.updatePassword(tx, user.user_uid, hashed, actorName(actor));
    await repo.revokeOtherSessions(tx, user.user_uid, actor.sid);
  });
  log.info({ security: 'password_changed', user_uid: user.user_uid, sid: actor.sid }, 'password changed');
  return { success: true };
}
