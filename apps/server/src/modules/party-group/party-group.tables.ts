import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../platform/db/columns';
import { partyRef } from '../party/party.tables';

/** Party groups (001 §3 Party group). The name is unique case-insensitively (001 §5 Party). */
export const partyGroups = pgTable(
  'party_groups',
  {
    party_group_id: serial('party_group_id').primaryKey(),
    group_name: text('group_name').notNull(),
    group_type: text('group_type').notNull(),
    sub_group: text('sub_group'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('party_groups_name_uq').on(sql`lower(${t.group_name})`),
    index('party_groups_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.group_name} || ' ' || coalesce(${t.sub_group}, ''))) gin_trgm_ops`,
    ),
  ],
);

/** The parties of a party group. */
export const partyGroupMembers = pgTable(
  'party_group_members',
  {
    party_group_id: integer('party_group_id')
      .notNull()
      .references(() => partyGroups.party_group_id, { onDelete: 'cascade' }),
    party_id: partyRef('party_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.party_group_id, t.party_id] }),
    index('party_group_members_party_idx').on(t.party_id),
  ],
);
