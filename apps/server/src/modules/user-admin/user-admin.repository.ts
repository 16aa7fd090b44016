import type { TUserListQuery, USER_SORTABLE } from '@portal/contracts';
import { MAX_EXPORT_ROWS } from '@portal/contracts';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { announceActorChange } from '../../platform/access/actor-cache';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { type ListSpec, listOrder, listPage, listWhere } from '../../platform/list/list-query';
import { profileTypes, roles, sessions, userProfiles, users } from '../auth';

export type UserRow = typeof users.$inferSelect;
type Sort = (typeof USER_SORTABLE)[number];

const spec: ListSpec<Sort> = {
  table: users,
  sortable: {
    login_id: users.login_id,
    last_name: users.last_name,
    first_name: users.first_name,
    status: users.status,
    last_login_at: users.last_login_at,
    updated_at: users.updated_at,
  },
  defaultSort: 'login_id',
  tiebreak: users.user_uid,
  searchText: sql`lower(${users.login_id} || ' ' || ${users.first_name} || ' ' || ${users.last_name})`,
};

const filters = (q: TUserListQuery): (SQL | undefined)[] => [
  q.status ? eq(users.status, q.status) : undefined,
];

const updateUser = versionedUpdate<typeof users, string>(users, users.user_uid);

/** User maintenance queries. */
export const userAdminRepository = {
  page(db: DbOrTx, q: TUserListQuery) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Every matching user for the export, at most one past the limit so the caller can refuse. */
  exportRows(db: DbOrTx, q: TUserListQuery) {
    return db
      .select()
      .from(users)
      .where(listWhere(spec, q.q, filters(q)))
      .orderBy(...listOrder(spec, q))
      .limit(MAX_EXPORT_ROWS + 1);
  },

  async byId(db: DbOrTx, uid: string, forUpdate = false) {
    const query = db.select().from(users).where(eq(users.user_uid, uid));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  /** Profiles of these users with their profile type and role codes. */
  profilesOf(db: DbOrTx, uids: string[]) {
    if (!uids.length) return Promise.resolve([]);
    return db
      .select({
        user_uid: userProfiles.user_uid,
        user_profile_id: userProfiles.user_profile_id,
        profile_type: profileTypes.code,
        role: roles.code,
      })
      .from(userProfiles)
      .innerJoin(profileTypes, eq(profileTypes.profile_type_id, userProfiles.profile_type_id))
      .innerJoin(roles, eq(roles.role_id, userProfiles.role_id))
      .where(inArray(userProfiles.user_uid, uids))
      .orderBy(userProfiles.sort_order, userProfiles.user_profile_id);
  },

  /** Updates only when the stored version is still `version`; answers undefined otherwise. */
  async updateIfVersion(
    db: DbOrTx,
    uid: string,
    version: number,
    values: Partial<typeof users.$inferInsert>,
  ) {
    const row = await updateUser(db, uid, version, values);
    // Status and names are part of every signed-in call's actor (platform/access/actor-cache).
    await announceActorChange(db);
    return row;
  },

  /**
   * Ends every open session of the user (disable, password reset), including the Change User sessions in
   * which they act as someone else (sessions.super_user_uid).
   */
  async revokeSessions(db: DbOrTx, uid: string) {
    await db
      .update(sessions)
      .set({ revoked_at: sql`now()` })
      .where(
        and(or(eq(sessions.user_uid, uid), eq(sessions.super_user_uid, uid)), isNull(sessions.revoked_at)),
      );
    await announceActorChange(db);
  },
};
