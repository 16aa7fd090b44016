import { isExternalProfile } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';

/**
 * The party ids an external profile books for: the parties of the party groups on the profile
 * (user_profile_party_groups → party_group_members). Internal profiles are not limited (null).
 */
export function ownPartyIdsSql(actor: Actor): SQL | null {
  if (!isExternalProfile(actor.profile_type)) return null;
  return sql`(select m.party_id from user_profile_party_groups g
               join party_group_members m on m.party_group_id = g.party_group_id
              where g.user_profile_id = ${actor.profile ?? -1})`;
}

/** Party columns of a shipping order that make it "theirs" for an external user. */
export const BOOKING_PARTY_COLUMNS = [
  'shipper_id',
  'customer_id',
  'consignee_id',
  'notify_id',
  'nomination_agent_id',
  'release_agent_id',
] as const;

/**
 * Row filter for shipping orders (alias `so`) the actor may see (ARCHITECTURE "Party access ... enforced in
 * queries"): everything for internal profiles, otherwise orders where one of its own parties appears in a
 * party column. Each column is tested on its own so PostgreSQL can OR the per-column indexes.
 */
export function bookingVisibleSql(actor: Actor, alias = 'so'): SQL {
  const own = ownPartyIdsSql(actor);
  if (!own) return sql`true`;
  const parts = BOOKING_PARTY_COLUMNS.map((c) => sql`${sql.raw(`${alias}.${c}`)} in ${own}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}
