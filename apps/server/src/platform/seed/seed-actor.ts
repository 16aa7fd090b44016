import { sql } from 'drizzle-orm';
import type { Actor } from '../access/access';
import type { Db } from '../db/client';

/**
 * A demo user as a seed's actor: no profile, the given profile type and every function of the catalogue (the
 * seed acts for them); null while the user does not exist yet.
 */
export async function seedActor(
  db: Db,
  person: { login_id: string; first_name: string; last_name: string },
  profile_type: string,
): Promise<Actor | null> {
  const { rows } = await db.execute<{ user_uid: string; login_id: string }>(
    sql`select user_uid::text as user_uid, login_id from users where login_id = ${person.login_id}`,
  );
  if (!rows[0]) return null;
  const funcs = await db.execute<{ func_id: string }>(sql`select func_id from funcs`);
  return {
    user_uid: rows[0].user_uid,
    login_id: rows[0].login_id,
    first_name: person.first_name,
    last_name: person.last_name,
    sid: 'seed',
    profile: null,
    profile_type,
    super_user_uid: null,
    funcs: new Set(funcs.rows.map((f) => f.func_id)),
  };
}
