import { isExternalProfile } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../../platform/access/access';

/** The parties of a profile's party groups (user_profile_party_groups → party_group_members). */
export function profilePartyIdsSql(profileId: number): SQL {
  return sql`(select m.party_id from user_profile_party_groups g
               join party_group_members m on m.party_group_id = g.party_group_id
              where g.user_profile_id = ${profileId})`;
}

/**
 * The party ids an external profile books and trades for: the parties of the party groups on the profile.
 * Internal profiles are not limited (null).
 */
export function ownPartyIdsSql(actor: Actor): SQL | null {
  if (!isExternalProfile(actor.profile_type)) return null;
  return profilePartyIdsSql(actor.profile ?? -1);
}

/**
 * A document module's answer to "which parties stand on the documents where one of these own parties
 * stands": a subquery of party ids. Registered by the module that owns the documents (booking today;
 * consolidation and invoices as they land), so party never depends on them.
 */
export type DocumentPartySource = (ownPartyIds: SQL) => SQL;
const documentPartySources: DocumentPartySource[] = [];

/** Adds the parties on a kind of document to what external profiles may look up. */
export function registerDocumentPartySource(source: DocumentPartySource) {
  documentPartySources.push(source);
}

/**
 * Row filter on a party id for an external profile (docs/decisions.md "Party lookup for external users"):
 * its own parties and every party on a document it can see.
 */
export function externalVisiblePartiesSql(partyId: AnyPgColumn, profileId: number): SQL {
  const own = profilePartyIdsSql(profileId);
  const parts = [sql`${partyId} in ${own}`, ...documentPartySources.map((s) => sql`${partyId} in ${s(own)}`)];
  return sql`(${sql.join(parts, sql` or `)})`;
}
