import type { TProfile, TUac } from '@portal/contracts';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { announceActorChange } from '../../platform/access/actor-cache';
import type { DbOrTx } from '../../platform/db/client';
import { offices } from '../lookup';
import {
  funcs,
  menus,
  partyAccesses,
  profileTypes,
  roleFuncs,
  sessions,
  userProfiles,
  users,
} from './auth.tables';
import { userPreferences } from './user-preference.tables';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type MenuRow = typeof menus.$inferSelect;
export type PreferenceRow = typeof userPreferences.$inferSelect;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Locks the user's row until the transaction ends (serialises concurrent requests for one account). */
export async function lockUser(tx: DbOrTx, userUid: string): Promise<void> {
  await tx.execute(sql`select 1 from users where user_uid = ${userUid} for update`);
}

/** The user whose login id matches case-insensitively (uses users_login_id_uq). */
export async function findUserByLogin(db: DbOrTx, loginId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.login_id}) = lower(${loginId})`);
  return row;
}

/** The user with this uid. */
export async function findUserByUid(db: DbOrTx, userUid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.user_uid, userUid));
  return row;
}

/** The user named by a login id, or by a user uid when `id` looks like one. */
export async function findUserByLoginOrUid(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const byLogin = sql`lower(${users.login_id}) = lower(${id})`;
  const [row] = await db
    .select()
    .from(users)
    .where(UUID_RE.test(id) ? or(byLogin, eq(users.user_uid, id)) : byLogin)
    .limit(1);
  return row;
}

/** Counts one more failed sign-in in a row, atomically, and locks the account when it reaches `max`. */
export async function recordFailedLogin(db: DbOrTx, userUid: string, max: number) {
  const [row] = await db
    .update(users)
    .set({
      failed_login_count: sql`${users.failed_login_count} + 1`,
      locked_at: sql`case when ${users.failed_login_count} + 1 >= ${max} then coalesce(${users.locked_at}, now()) else ${users.locked_at} end`,
    })
    .where(eq(users.user_uid, userUid))
    .returning({ failed_login_count: users.failed_login_count, locked_at: users.locked_at });
  // A locked super user no longer acts as anyone else (the access hook refuses those sessions too).
  if (row?.locked_at) await revokeChangedSessions(db, userUid);
  return { failedLoginCount: row?.failed_login_count ?? 0, locked: Boolean(row?.locked_at) };
}

/**
 * Ends every live Change User session in which `realUid` acts as someone else (disabled, locked or no
 * longer allowed to change user), on every instance at commit.
 */
export async function revokeChangedSessions(db: DbOrTx, realUid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      and(eq(sessions.super_user_uid, realUid), ne(sessions.user_uid, realUid), isNull(sessions.revoked_at)),
    );
  await announceActorChange(db);
}

/** A successful sign-in: clears the failure count and remembers the time and the chosen language. */
export async function recordSuccessfulLogin(db: DbOrTx, userUid: string, language: string) {
  await db
    .update(users)
    .set({ failed_login_count: 0, last_login_at: sql`now()`, default_lang: language })
    .where(eq(users.user_uid, userUid));
}

const profileColumns = {
  user_profile_id: userProfiles.user_profile_id,
  profile_type_id: userProfiles.profile_type_id,
  profile_type: profileTypes.code,
  profile_name: profileTypes.name,
  office_code: offices.code,
};

/** The user's active profiles, ordered as the user sees them. */
export async function listActiveProfiles(db: DbOrTx, userUid: string): Promise<TProfile[]> {
  return db
    .select(profileColumns)
    .from(userProfiles)
    .innerJoin(profileTypes, eq(profileTypes.profile_type_id, userProfiles.profile_type_id))
    .leftJoin(offices, eq(offices.office_id, userProfiles.office_id))
    .where(and(eq(userProfiles.user_uid, userUid), eq(userProfiles.status, 'A')))
    .orderBy(asc(userProfiles.sort_order), asc(userProfiles.user_profile_id));
}

/** What the chosen profile may do: level, party access and function ids with their menu ids. */
export async function loadUac(db: DbOrTx, userProfileId: number): Promise<TUac> {
  const [profile] = await db
    .select({ user_level_id: userProfiles.user_level_id, role_id: userProfiles.role_id })
    .from(userProfiles)
    .where(eq(userProfiles.user_profile_id, userProfileId));
  if (!profile) return { user_level_id: null, party_accesses: [], menu_func_accesses: [] };
  const party_accesses = await db
    .select({ party_type_id: partyAccesses.party_type_id, all_party: partyAccesses.all_party })
    .from(partyAccesses)
    .where(eq(partyAccesses.user_profile_id, userProfileId))
    .orderBy(asc(partyAccesses.party_type_id));
  const menu_func_accesses = await db
    .select({ menu_id: funcs.menu_id, func_id: funcs.func_id })
    .from(roleFuncs)
    .innerJoin(funcs, eq(funcs.func_id, roleFuncs.func_id))
    .where(eq(roleFuncs.role_id, profile.role_id))
    .orderBy(asc(funcs.menu_id), asc(funcs.func_id));
  return { user_level_id: profile.user_level_id, party_accesses, menu_func_accesses };
}

/** True when a user who is an active super user holds `funcId` through one of their active profiles. */
export async function superUserHoldsFunc(db: DbOrTx, userUid: string, funcId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.user_uid, users.user_uid))
    .innerJoin(roleFuncs, eq(roleFuncs.role_id, userProfiles.role_id))
    .where(
      and(
        eq(users.user_uid, userUid),
        eq(users.status, 'A'),
        eq(users.is_super_user, true),
        isNull(users.locked_at),
        eq(userProfiles.status, 'A'),
        eq(roleFuncs.func_id, funcId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Every function id the user holds through any of their active profiles (Change User compares the
 * target's with the real super user's: a super user never becomes someone who may do more).
 */
export async function listUserFuncIds(db: DbOrTx, userUid: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ func_id: roleFuncs.func_id })
    .from(userProfiles)
    .innerJoin(roleFuncs, eq(roleFuncs.role_id, userProfiles.role_id))
    .where(and(eq(userProfiles.user_uid, userUid), eq(userProfiles.status, 'A')));
  return new Set(rows.map((r) => r.func_id));
}

/** All of the user's saved preferences. */
export async function listPreferences(db: DbOrTx, userUid: string): Promise<PreferenceRow[]> {
  return db
    .select()
    .from(userPreferences)
    .where(eq(userPreferences.user_uid, userUid))
    .orderBy(asc(userPreferences.preference_id));
}

/** Opens a session; returns its id. */
export async function insertSession(
  db: DbOrTx,
  values: {
    user_uid: string;
    user_profile_id: number | null;
    super_user_uid: string | null;
    expires_at: string;
    ip: string | null;
    user_agent: string | null;
  },
): Promise<string> {
  const [row] = await db.insert(sessions).values(values).returning({ sid: sessions.sid });
  return row.sid;
}

/** The session row, whatever its state. */
export async function findSession(db: DbOrTx, sid: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.sid, sid));
  return row;
}

/** Moves a live session's expiry (and optionally its chosen profile). */
export async function updateSession(
  db: DbOrTx,
  sid: string,
  set: { expires_at: string; user_profile_id?: number },
): Promise<void> {
  await db
    .update(sessions)
    .set(set)
    .where(and(eq(sessions.sid, sid), isNull(sessions.revoked_at)));
  await announceActorChange(db);
}

/** Revokes one session. */
export async function revokeSession(db: DbOrTx, sid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.sid, sid), isNull(sessions.revoked_at)));
  await announceActorChange(db);
}

/** Revokes every live session of a user except `keepSid`. */
export async function revokeOtherSessions(db: DbOrTx, userUid: string, keepSid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.user_uid, userUid), ne(sessions.sid, keepSid), isNull(sessions.revoked_at)));
  await announceActorChange(db);
}

/** Stores a new password hash and clears the forced-change flag. */
export async function updatePassword(db: DbOrTx, userUid: string, passwordHash: string, by: string) {
  await db
    .update(users)
    .set({
      password_hash: passwordHash,
      password_changed_at: sql`now()`,
      force_change_password: false,
      updated_at: sql`now()`,
      updated_by: by,
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.user_uid, userUid));
}

/** Saves the user's language and page size. */
export async function updateUserSettings(
  db: DbOrTx,
  userUid: string,
  set: { default_lang: string; default_page_size: number },
  by: string,
) {
  await db
    .update(users)
    .set({ ...set, updated_at: sql`now()`, updated_by: by, version: sql`${users.version} + 1` })
    .where(eq(users.user_uid, userUid));
}

/** The whole menu, in display order. */
export async function listMenus(db: DbOrTx): Promise<MenuRow[]> {
  return db.select().from(menus).orderBy(asc(menus.sort_order), asc(menus.menu_key));
}

/** A password reset: clears the lockout and the failure count (000 §4: a locked account needs a reset). */
export async function clearLockout(db: DbOrTx, userUid: string) {
  await db.update(users).set({ locked_at: null, failed_login_count: 0 }).where(eq(users.user_uid, userUid));
}

/** Revokes every live session of a user. */
export async function revokeAllSessions(db: DbOrTx, userUid: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.user_uid, userUid), isNull(sessions.revoked_at)));
  await announceActorChange(db);
}
