import type { TUserListQuery } from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { recordHistory } from '../../platform/audit/history';
import { hashPassword } from '../../platform/auth/password';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors/app-error';
import { checkPasswordPolicy, policyError } from '../auth';
import { userAdminRepository as repo } from './user-admin.repository';
import { fullUser, withProfiles } from './user-admin-full';

export const USER_ENTITY = 'user';
const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });

export type { UserWithProfiles } from './user-admin-full';

/** Changes a user under the version the administrator saw, with one history entry. */
async function change(
  db: Db,
  opts: {
    uid: string;
    version: number;
    actor: Actor;
    action: string;
    values: Parameters<typeof repo.updateIfVersion>[3];
    revoke?: boolean;
  },
) {
  return db.transaction(async (tx) => {
    const before = await repo.byId(tx, opts.uid, true);
    if (!before) throw notFound();
    if (before.version !== opts.version) throw conflict();
    const row = await repo.updateIfVersion(tx, opts.uid, opts.version, {
      ...opts.values,
      updated_by: opts.actor.login_id,
    });
    if (!row) throw conflict();
    if (opts.revoke) await repo.revokeSessions(tx, opts.uid);
    await recordHistory(tx, {
      entityType: USER_ENTITY,
      entityId: opts.uid,
      action: opts.action,
      fromStatus: before.status,
      toStatus: row.status,
      actor: who(opts.actor),
    });
    return fullUser(tx, row);
  });
}

/** User maintenance actions (001 §2 user_maintenance): list, disable/enable, reset password, unlock. */
export const userAdminService = {
  async list(db: Db, query: TUserListQuery) {
    const page = await repo.page(db, query);
    return { ...page, rows: await withProfiles(db, page.rows) };
  },

  /** The users of the export (one past the limit so the route can refuse). */
  exportRows: (db: Db, query: TUserListQuery) => repo.exportRows(db, query),

  async get(db: Db, uid: string) {
    const row = await repo.byId(db, uid);
    if (!row) throw notFound();
    return fullUser(db, row);
  },

  /** D disables and ends every session at once (the access hook also refuses D users); A re-enables. */
  setStatus: (db: Db, opts: { uid: string; status: 'A' | 'D'; version: number; actor: Actor }) =>
    change(db, {
      ...opts,
      action: opts.status === 'D' ? 'disable' : 'enable',
      values: { status: opts.status },
      revoke: opts.status === 'D',
    }),

  /**
   * Sets a temporary password the user must change at the next sign-in; clears a lockout; ends sessions.
   * The one password policy applies (PASSWORD_STRONG, common passwords) except the user's history: a
   * "reused" answer would tell the administrator the user's current or an earlier password.
   */
  async resetPassword(
    db: Db,
    opts: { uid: string; password: string; version: number; actor: Actor; strongPasswords: boolean },
  ) {
    const problem = await checkPasswordPolicy(db, opts.password, { strong: opts.strongPasswords });
    if (problem) throw policyError(problem, 'password');
    const password_hash = await hashPassword(opts.password);
    return change(db, {
      ...opts,
      action: 'reset_password',
      values: { password_hash, force_change_password: true, locked_at: null, failed_login_count: 0 },
      revoke: true,
    });
  },

  /** Clears the lockout and the failure count. */
  unlock: (db: Db, opts: { uid: string; version: number; actor: Actor }) =>
    change(db, { ...opts, action: 'unlock', values: { locked_at: null, failed_login_count: 0 } }),
};
