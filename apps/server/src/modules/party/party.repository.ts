import {
  COUNT_CAP,
  type Language,
  PARTY_FILTER_FIELDS,
  PARTY_LISTS,
  type PARTY_SORTABLE,
  PARTY_STATUSES,
  PARTY_USABLE_STATUSES,
  type TPartyListQuery,
  type TPartyStatus,
} from '@portal/contracts';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client';
import {
  constantIn,
  inPageAmong,
  type PagePlan,
  readPage,
  renderedSelect,
} from '../../platform/db/rendered-select';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import {
  amongSetOf,
  cappedCount,
  type ListSpec,
  likeEscape,
  listOrder,
  listPage,
  listWhere,
} from '../../platform/list/list-query';
import {
  idsAmongByNumberPrefix,
  idsByNumberPrefix,
  idsIn,
  numberLikePrefix,
} from '../../platform/search/document-numbers';
import { carriers } from '../carrier';
import { countries } from '../lookup';
import { accountGroups, parties } from './party.tables';
import { externalVisiblePartiesSql, profilePartyIdsSql } from './party-access.repository';
import { indexParties, PARTY_SEARCH_KIND } from './party-search.repository';

export type PartyRow = typeof parties.$inferSelect;
export type PartyInsert = typeof parties.$inferInsert;
type Sort = (typeof PARTY_SORTABLE)[number];

/** Same expression as the trigram index parties_search_trgm_idx (list search). */
export const PARTY_SEARCH_TEXT = sql`lower(${parties.party_code} || ' ' || ${parties.full_name} || ' ' || ${parties.short_name} || ' ' || coalesce(${parties.city}, '') || ' ' || ${parties.country_code})`;
/** Same expression as parties_name_trgm_idx (duplicate check, picker ranking). */
const NAME_TEXT = sql`lower(${parties.full_name})`;
/** Name similarity a duplicate candidate needs (pg_trgm `%` threshold; the default 0.3 floods). */
const NAME_THRESHOLD = 0.45;
/** At most this many name candidates are scored by the duplicate check. */
const CANDIDATES = 300;
/** Same expression as parties_address_trgm_idx (duplicate-check scoring). */
const ADDRESS_TEXT = sql`lower(${parties.address1} || ' ' || coalesce(${parties.address2}, '') || ' ' || coalesce(${parties.city}, ''))`;

const spec: ListSpec<Sort> = {
  table: parties,
  sortable: {
    party_code: parties.party_code,
    full_name: parties.full_name,
    short_name: parties.short_name,
    party_type: parties.party_type,
    country_code: parties.country_code,
    approval_status: parties.approval_status,
    updated_at: parties.updated_at,
  },
  defaultSort: 'party_code',
  tiebreak: parties.party_id,
  searchText: PARTY_SEARCH_TEXT,
};

/** The custom filter whitelist: PARTY_FILTER_FIELDS with the column behind each name. */
const filterFields = filterFieldsOf(PARTY_FILTER_FIELDS, {
  party_code: parties.party_code,
  full_name: parties.full_name,
  short_name: parties.short_name,
  party_type: parties.party_type,
  country_code: parties.country_code,
  city: parties.city,
  status: parties.status,
  approval_status: parties.approval_status,
  office_code: parties.office_code,
  tax_id: parties.tax_id,
  credit_limit: parties.credit_limit,
});

/**
 * The approval statuses of a list (001 §2 Party lists), or undefined for all: constants in the text
 * (platform/db `constantIn`), so a list's page is one prepared statement planned once (readPage `stable`).
 */
export const listStatusFilter = (list: keyof typeof PARTY_LISTS): SQL | undefined => {
  const statuses: readonly TPartyStatus[] | null = PARTY_LISTS[list];
  return statuses ? constantIn(parties.approval_status, statuses) : undefined;
};

const filters = (q: TPartyListQuery): (SQL | undefined)[] => [
  listStatusFilter(q.list),
  q.party_type ? eq(parties.party_type, q.party_type) : undefined,
  q.status ? eq(parties.status, q.status) : undefined,
  q.country_code ? eq(parties.country_code, q.country_code) : undefined,
  ...customFilterSql(q.filters, filterFields),
];

const listColumns = {
  party_id: parties.party_id,
  party_code: parties.party_code,
  party_type: parties.party_type,
  short_name: parties.short_name,
  full_name: parties.full_name,
  city: parties.city,
  country_code: parties.country_code,
  tel: parties.tel,
  email: parties.email,
  status: parties.status,
  approval_status: parties.approval_status,
  credit_limit: parties.credit_limit,
  office_code: parties.office_code,
  updated_at: parties.updated_at,
  updated_by: parties.updated_by,
  created_by: parties.created_by,
};
export type PartyListRow = Pick<PartyRow, keyof typeof listColumns>;
/** A list page's `select <listColumns> from parties`, rendered once (platform/db renderedSelect). */
const listHead = renderedSelect(listColumns, sql`${parties}`);

/** A party with the names of its account group and carrier. */
export type PartyDetailRow = PartyRow & {
  customer_code: string | null;
  customer_name: string | null;
  carrier_code: string | null;
  carrier_scac: string | null;
};

const countryName = (lang: Language) =>
  lang === 'zh-HK' ? countries.name_zh_hk : lang === 'zh-CN' ? countries.name_zh_cn : countries.name_en;

/**
 * Smart search and filters: a number-like input (a party code, a name with digits) that starts some party's
 * code or name is that prefix in the document-number index (docs/search.md); other text stays with the
 * trigram search.
 */
async function searchWhere(
  db: DbOrTx,
  q: TPartyListQuery,
): Promise<{ where: SQL | undefined; among: boolean; plan: PagePlan }> {
  const number = numberLikePrefix(q.q);
  const ids = number ? await idsByNumberPrefix(db, PARTY_SEARCH_KIND, number) : null;
  if (!number || !ids) {
    // Without a search or a user's filter the page is the list's own statuses (constants) and a keyset bound.
    const stable =
      !q.q?.trim() &&
      !q.party_type &&
      !q.status &&
      !q.country_code &&
      !customFilterSql(q.filters, filterFields).length;
    return { where: listWhere(spec, q.q, filters(q)), among: false, plan: stable ? 'stable' : 'custom' };
  }
  // Thousands of parties starting with the prefix: the page is read among them (platform/db inPageAmong).
  const many = ids === 'many';
  const where = listWhere(spec, undefined, [
    ...filters(q),
    many ? idsAmongByNumberPrefix(parties.party_id, PARTY_SEARCH_KIND, number) : idsIn(parties.party_id, ids),
  ]);
  return { where, among: many, plan: many ? 'custom' : 'ids' };
}

/** A list statement's WHERE: its condition, or the page's keys read among a broad search's matches. */
const pageWhere = (
  q: TPartyListQuery,
  among: boolean,
  o: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number },
) => (among ? inPageAmong(amongSetOf(spec, q), o) : o.where);

const updateParty = versionedUpdate(parties, parties.party_id);

/** Party queries: the only SQL of the module. */
export const partyRepository = {
  /**
   * One page. Without a search text the capped count (cached) runs beside the rows rather than after them, as
   * the booking lists do (one round trip on page 1 when no count is cached).
   */
  async page(db: DbOrTx, q: TPartyListQuery) {
    const { where, among, plan } = await searchWhere(db, q);
    const countOf = q.q?.trim() ? undefined : () => cappedCount(db, parties, where);
    return listPage(
      db,
      spec,
      q,
      where,
      // A page by a number search's few ids, or a list's own statuses: one plan, planned once per connection
      // (docs/performance.md "A number search's page planned once", "A stage list's page planned once").
      (o) =>
        readPage<PartyListRow & Record<string, unknown>>(
          db,
          listHead,
          o,
          among ? amongSetOf(spec, q) : undefined,
          plan,
        ),
      countOf,
      { prepared: plan === 'ids' },
    );
  },

  /** Every matching row in list order (full rows, for the export), at most `limit`. */
  async all(db: DbOrTx, q: TPartyListQuery, limit: number) {
    const { where, among } = await searchWhere(db, q);
    const orderBy = listOrder(spec, q);
    return db
      .select()
      .from(parties)
      .where(pageWhere(q, among, { where, orderBy, limit }))
      .orderBy(...orderBy)
      .limit(limit);
  },

  /**
   * Rows per approval status, each counted only up to COUNT_CAP + 1 through parties_status_code_idx, so
   * the dashboard stays fast at any size.
   */
  async statusCounts(db: DbOrTx) {
    const { rows } = await db.execute<{ approval_status: string; n: number }>(sql`
      select s as approval_status,
             (select count(*) from (select 1 from ${parties} p where p.approval_status = s limit ${COUNT_CAP + 1}) t)::int as n
        from unnest(${sql.raw(`array[${PARTY_STATUSES.map((x) => `'${x}'`).join(',')}]`)}::text[]) s`);
    return rows;
  },

  async byId(db: DbOrTx, id: number, forUpdate = false) {
    const query = db.select().from(parties).where(eq(parties.party_id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  async detail(db: DbOrTx, id: number): Promise<PartyDetailRow | undefined> {
    const [row] = await db
      .select({
        party: parties,
        customer_code: accountGroups.code,
        customer_name: accountGroups.name,
        carrier_code: carriers.carrier_code,
        carrier_scac: carriers.scac,
      })
      .from(parties)
      .leftJoin(accountGroups, eq(accountGroups.customer_id, parties.customer_id))
      .leftJoin(carriers, eq(carriers.id, parties.carrier_id))
      .where(eq(parties.party_id, id));
    if (!row) return undefined;
    const { party, ...names } = row;
    return { ...party, ...names };
  },

  async codeTaken(db: DbOrTx, code: string, exceptId?: number) {
    const [row] = await db
      .select({ id: parties.party_id })
      .from(parties)
      .where(and(eq(parties.party_code, code), exceptId ? ne(parties.party_id, exceptId) : undefined))
      .limit(1);
    return !!row;
  },

  async accountGroupExists(db: DbOrTx, customerId: number) {
    const [row] = await db
      .select({ id: accountGroups.customer_id })
      .from(accountGroups)
      .where(eq(accountGroups.customer_id, customerId));
    return !!row;
  },

  async carrierIdByCode(db: DbOrTx, code: string) {
    const [row] = await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.carrier_code, code));
    return row?.id;
  },

  async insert(db: DbOrTx, values: PartyInsert) {
    const [row] = await db.insert(parties).values(values).returning();
    // The global search finds the new code and names in the same transaction.
    await indexParties(db, [row.party_id]);
    return row;
  },

  /** Updates only when the stored version is still `version`; answers undefined otherwise. */
  async updateIfVersion(db: DbOrTx, id: number, version: number, values: Partial<PartyInsert>) {
    const row = await updateParty(db, id, version, values);
    if (row) await indexParties(db, [row.party_id]);
    return row;
  },

  /**
   * Parties whose name is trigram-similar to `name` (pg_trgm `%` at threshold NAME_THRESHOLD, served by
   * parties_name_trgm_idx), scored with the address too, best first. Candidates come from the name only:
   * an address-only `%` floods on common street words at 200,000 parties. At most CANDIDATES are scored.
   */
  async similar(
    db: Db,
    v: { name: string; address: string | null; excludeId: number | null; limit: number },
  ) {
    const name = v.name.toLowerCase();
    const address = v.address?.toLowerCase() ?? '';
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('pg_trgm.similarity_threshold', ${String(NAME_THRESHOLD)}, true)`,
      );
      const { rows } = await tx.execute<{
        party_id: number;
        party_code: string;
        full_name: string;
        address1: string;
        city: string | null;
        country_code: string;
        approval_status: string;
        name_similarity: number;
        address_similarity: number;
      }>(sql`
        select c.*, similarity(lower(c.full_name), ${name})::float8 as name_similarity,
               ${address ? sql`similarity(c.addr, ${address})::float8` : sql`0::float8`} as address_similarity
          from (select party_id, party_code, full_name, address1, city, country_code, approval_status,
                       ${ADDRESS_TEXT} as addr
                  from ${parties}
                 where ${NAME_TEXT} % ${name} ${v.excludeId ? sql`and ${parties.party_id} <> ${v.excludeId}` : sql``}
                 limit ${CANDIDATES}) c
         order by 0.6 * similarity(lower(c.full_name), ${name}) + 0.4 * ${address ? sql`similarity(c.addr, ${address})` : sql`0`} desc, c.party_id
         limit ${v.limit}`);
      return rows.map(({ addr: _addr, ...r }: (typeof rows)[number] & { addr?: string }) => r);
    });
  },

  /**
   * Party options (001 §3 Party option) for pickers: by ids, or by text on code, name and city (the
   * search trigram index), ranked by name similarity. Only active parties handled in SUNAC unless asked.
   * `externalProfileId` limits the answer to what that external profile may see (externalVisiblePartiesSql)
   * and marks each row `own` (its own party, not only a counterparty on its bookings).
   */
  async options(
    db: DbOrTx,
    o: {
      text: string | null;
      ids: number[] | null;
      partyType?: string;
      /** Any of these types (the invoice account lookup). */
      partyTypes?: readonly string[];
      /** Parties by code (a saved value's label), like `ids`. */
      codes?: readonly string[] | null;
      includeUnapproved: boolean;
      limit: number;
      lang: Language;
      externalProfileId?: number | null;
      /** With `externalProfileId`: only the profile's own parties (not those on its bookings). */
      ownOnly?: boolean;
    },
  ) {
    const text = o.text?.trim().toLowerCase() ?? '';
    const ext = o.externalProfileId ?? null;
    const where = and(
      o.ids?.length
        ? inArray(parties.party_id, o.ids)
        : o.codes?.length
          ? inArray(parties.party_code, [...o.codes])
          : and(
              eq(parties.status, 'A'),
              o.includeUnapproved ? undefined : inArray(parties.approval_status, [...PARTY_USABLE_STATUSES]),
              o.partyType ? eq(parties.party_type, o.partyType) : undefined,
              o.partyTypes?.length ? inArray(parties.party_type, [...o.partyTypes]) : undefined,
              text ? sql`${PARTY_SEARCH_TEXT} like ${`%${likeEscape(text)}%`}` : undefined,
            ),
      ext === null
        ? undefined
        : o.ownOnly
          ? sql`${parties.party_id} in ${profilePartyIdsSql(ext)}`
          : externalVisiblePartiesSql(parties.party_id, ext),
    );
    const score = text ? sql<number>`similarity(${NAME_TEXT}, ${text})::float8` : sql<number>`0::float8`;
    return db
      .select({
        party: parties,
        country_name: countryName(o.lang),
        customer_code: accountGroups.code,
        customer_full_name: accountGroups.name,
        score,
        own:
          ext === null ? sql<boolean>`true` : sql<boolean>`${parties.party_id} in ${profilePartyIdsSql(ext)}`,
      })
      .from(parties)
      .leftJoin(countries, eq(countries.country_code, parties.country_code))
      .leftJoin(accountGroups, eq(accountGroups.customer_id, parties.customer_id))
      .where(where)
      .orderBy(sql`${score} desc`, parties.party_code)
      .limit(o.limit);
  },
};
