import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** Profiles of these type codes owning one of these parties (through their party groups). */
export interface PartyGrant {
  profiles: string[];
  partyIds: number[];
}

/**
 * E-mail addresses of the active users with an active profile that fits one of `grants` (its type code is in
 * the grant's profiles and one of its party groups holds one of the grant's parties), lower case, sorted.
 * Login ids are e-mail addresses; logins without '@' are left out. Grants with no profile or party are
 * ignored; none left: no query, no address.
 */
export async function partyUserAddresses(db: DbOrTx, grants: PartyGrant[]): Promise<string[]> {
  const wanted = grants.filter((g) => g.profiles.length && g.partyIds.length);
  if (!wanted.length) return [];
  const fits = wanted.map(
    (g) =>
      sql`(t.code in (${sql.join(g.profiles, sql`, `)}) and m.party_id in (${sql.join(g.partyIds, sql`, `)}))`,
  );
  const { rows } = await db.execute<{ email: string }>(sql`
      select distinct lower(u.login_id) as email
        from users u
        join user_profiles p on p.user_uid = u.user_uid and p.status = 'A'
        join profile_types t on t.profile_type_id = p.profile_type_id
        join user_profile_party_groups g on g.user_profile_id = p.user_profile_id
        join party_group_members m on m.party_group_id = g.party_group_id
       where u.status = 'A' and u.login_id like '%@%' and (${sql.join(fits, sql` or `)})
       order by 1`);
  return rows.map((r) => r.email);
}

/** E-mail addresses of operations at an office: active users with an active internal profile there, sorted. */
export async function officeOperationsAddresses(db: DbOrTx, office: string): Promise<string[]> {
  const { rows } = await db.execute<{ email: string }>(sql`
      select distinct lower(u.login_id) as email
        from users u
        join user_profiles p on p.user_uid = u.user_uid and p.status = 'A'
        join profile_types t on t.profile_type_id = p.profile_type_id and t.is_internal
        join offices f on f.office_id = p.office_id
       where u.status = 'A' and u.login_id like '%@%' and f.code = ${office}
       order by 1`);
  return rows.map((r) => r.email);
}
