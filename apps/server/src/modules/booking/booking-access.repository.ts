import { BOOKING_PARTY_FIELDS } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import { ownPartyIdsSql, registerDocumentPartySource } from '../party';

export { ownPartyIdsSql };

/** Party columns of a shipping order that make it "theirs" for an external user. */
export const BOOKING_PARTY_COLUMNS = BOOKING_PARTY_FIELDS;

/**
 * Row filter for shipping orders (alias `so`) the actor may see (ARCHITECTURE "Party access ... enforced in
 * queries"): everything for internal profiles, otherwise orders where one of its own parties appears in a
 * party column. Each column is tested on its own so PostgreSQL can OR the per-column indexes.
 */
export function bookingVisibleSql(actor: Actor, alias = 'so'): SQL {
  const own = ownPartyIdsSql(actor);
  return own ? anyPartyIn(own, alias) : sql`true`;
}

/** One of the order's party columns holds one of these parties (each column on its own, for its index). */
function anyPartyIn(partyIds: SQL, alias: string): SQL {
  const parts = BOOKING_PARTY_COLUMNS.map((c) => sql`${sql.raw(`${alias}.${c}`)} in ${partyIds}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

// The parties on the orders an external profile can see are parties it may look up (party lookup).
registerDocumentPartySource(
  (own) => sql`(select unnest(array[${sql.raw(BOOKING_PARTY_COLUMNS.map((c) => `so.${c}`).join(', '))}])
                  from shipping_orders so where ${anyPartyIn(own, 'so')})`,
);
