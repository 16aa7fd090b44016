import {
  PARTY_GROUP_FILTER_FIELDS,
  type PARTY_GROUP_SORTABLE,
  type TPartyGroupListQuery,
} from '@portal/contracts';
import { and, asc, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type ListSpec, listOrder, listPage, listWhere } from '../../platform/list/list-query';
import { parties } from '../party';
import { partyGroupMembers, partyGroups } from './party-group.tables';

type Sort = (typeof PARTY_GROUP_SORTABLE)[number];

const spec: ListSpec<Sort> = {
  table: partyGroups,
  sortable: {
    party_group_id: partyGroups.party_group_id,
    group_name: partyGroups.group_name,
    group_type: partyGroups.group_type,
    sub_group: partyGroups.sub_group,
    updated_at: partyGroups.updated_at,
  },
  defaultSort: 'group_name',
  tiebreak: partyGroups.party_group_id,
  // Same expression as the trigram index party_groups_search_trgm_idx.
  searchText: sql`lower(${partyGroups.group_name} || ' ' || coalesce(${partyGroups.sub_group}, ''))`,
};

/** The custom filter whitelist: PARTY_GROUP_FILTER_FIELDS with the column behind each name. */
const filterFields = filterFieldsOf(PARTY_GROUP_FILTER_FIELDS, {
  group_name: partyGroups.group_name,
  group_type: partyGroups.group_type,
  sub_group: partyGroups.sub_group,
});

const filters = (q: TPartyGroupListQuery): (SQL | undefined)[] => [
  q.group_type ? eq(partyGroups.group_type, q.group_type) : undefined,
  ...customFilterSql(q.filters, filterFields),
];

// Correlated subqueries name the outer table explicitly: Drizzle leaves columns unqualified in one-table selects.
const memberCount = sql<number>`(select count(*)::int from party_group_members m
  where m.party_group_id = "party_groups"."party_group_id")`;
const memberCodes = sql<string | null>`(select string_agg(p.party_code, ', ' order by p.party_code)
  from party_group_members m join parties p on p.party_id = m.party_id
  where m.party_group_id = "party_groups"."party_group_id")`;

export type PartyGroupRow = typeof partyGroups.$inferSelect & { member_count: number };
export type PartyGroupExportRow = PartyGroupRow & { member_codes: string | null };

const withCount = (db: DbOrTx) =>
  db.select({ ...getTableColumns(partyGroups), member_count: memberCount }).from(partyGroups);

/** Party group queries. */
export const partyGroupRepository = {
  page(db: DbOrTx, q: TPartyGroupListQuery) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      withCount(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Every matching row in list order with its members' codes, at most `limit`. */
  all(db: DbOrTx, q: TPartyGroupListQuery, limit: number): Promise<PartyGroupExportRow[]> {
    return db
      .select({ ...getTableColumns(partyGroups), member_count: memberCount, member_codes: memberCodes })
      .from(partyGroups)
      .where(listWhere(spec, q.q, filters(q)))
      .orderBy(...listOrder(spec, q))
      .limit(limit);
  },

  async byId(db: DbOrTx, id: number): Promise<PartyGroupRow | undefined> {
    const [row] = await withCount(db).where(eq(partyGroups.party_group_id, id));
    return row;
  },

  /** The stored row, locked for an update. */
  async lock(db: DbOrTx, id: number) {
    const [row] = await db.select().from(partyGroups).where(eq(partyGroups.party_group_id, id)).for('update');
    return row;
  },

  /** A group's members with their code and name, by code. */
  members(db: DbOrTx, id: number) {
    return db
      .select({ party_id: parties.party_id, party_code: parties.party_code, full_name: parties.full_name })
      .from(partyGroupMembers)
      .innerJoin(parties, eq(parties.party_id, partyGroupMembers.party_id))
      .where(eq(partyGroupMembers.party_group_id, id))
      .orderBy(asc(parties.party_code));
  },

  /** Which of these party ids exist. */
  async existingParties(db: DbOrTx, ids: number[]) {
    if (!ids.length) return new Set<number>();
    const rows = await db
      .select({ id: parties.party_id })
      .from(parties)
      .where(inArray(parties.party_id, ids));
    return new Set(rows.map((r) => r.id));
  },

  /** Another group (not `exceptId`) with this name, case-insensitively. */
  async byName(db: DbOrTx, name: string, exceptId?: number) {
    const same = sql`lower(${partyGroups.group_name}) = lower(${name})`;
    const [row] = await db
      .select({ id: partyGroups.party_group_id })
      .from(partyGroups)
      .where(exceptId ? and(same, ne(partyGroups.party_group_id, exceptId)) : same)
      .limit(1);
    return row;
  },

  /** Inserts a group and answers the stored row. */
  async insert(db: DbOrTx, values: typeof partyGroups.$inferInsert) {
    const [row] = await db.insert(partyGroups).values(values).returning();
    return row;
  },

  /** Updates only when the stored version is still `version`; answers the row, or undefined when it did not. */
  updateIfVersion: versionedUpdate(partyGroups, partyGroups.party_group_id),

  /** Makes the group's members exactly `partyIds`. */
  async replaceMembers(db: DbOrTx, id: number, partyIds: number[]) {
    await db.delete(partyGroupMembers).where(eq(partyGroupMembers.party_group_id, id));
    if (partyIds.length) {
      await db
        .insert(partyGroupMembers)
        .values(partyIds.map((party_id) => ({ party_group_id: id, party_id })));
    }
  },
};
