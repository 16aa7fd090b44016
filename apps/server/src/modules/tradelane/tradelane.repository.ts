import {
  type Language,
  TRADELANE_FILTER_FIELDS,
  type TRADELANE_SORTABLE,
  type TTradelaneListQuery,
} from '@portal/contracts';
import { and, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type ListSpec, listOrder, listPage, listWhere } from '../../platform/list/list-query';
import { countries, offices } from '../lookup';
import { tradelanes } from './tradelane.tables';

type Sort = (typeof TRADELANE_SORTABLE)[number];

const spec: ListSpec<Sort> = {
  table: tradelanes,
  sortable: {
    tradelane_id: tradelanes.tradelane_id,
    tradelane_name: tradelanes.tradelane_name,
    tradelane_type: tradelanes.tradelane_type,
    pol_country: tradelanes.pol_country,
    pod_country: tradelanes.pod_country,
    office_code: tradelanes.office_code,
    effective_date: tradelanes.effective_date,
    updated_at: tradelanes.updated_at,
  },
  defaultSort: 'tradelane_name',
  tiebreak: tradelanes.tradelane_id,
  // Same expression as the trigram index tradelanes_search_trgm_idx.
  searchText: sql`lower(${tradelanes.tradelane_name} || ' ' || ${tradelanes.pol_country} || ' ' || ${tradelanes.pod_country} || ' ' || ${tradelanes.office_code} || ' ' || coalesce(${tradelanes.account_code}, '') || ' ' || coalesce(${tradelanes.customer_code}, ''))`,
};

/** The custom filter whitelist: TRADELANE_FILTER_FIELDS with the column behind each name. */
const filterFields = filterFieldsOf(TRADELANE_FILTER_FIELDS, {
  tradelane_name: tradelanes.tradelane_name,
  tradelane_type: tradelanes.tradelane_type,
  pol_country: tradelanes.pol_country,
  pod_country: tradelanes.pod_country,
  office_code: tradelanes.office_code,
  account_code: tradelanes.account_code,
  customer_type: tradelanes.customer_type,
  customer_code: tradelanes.customer_code,
  effective_date: tradelanes.effective_date,
});

const filters = (q: TTradelaneListQuery): (SQL | undefined)[] => [
  q.tradelane_type ? eq(tradelanes.tradelane_type, q.tradelane_type) : undefined,
  ...customFilterSql(q.filters, filterFields),
];

const pol = alias(countries, 'pol');
const pod = alias(countries, 'pod');
const countryName = <C extends typeof pol | typeof pod>(c: C, lang: Language) =>
  lang === 'zh-HK' ? c.name_zh_hk : lang === 'zh-CN' ? c.name_zh_cn : c.name_en;

/** A trade lane with its countries' names in the caller's language. */
const withNames = (db: DbOrTx, lang: Language) =>
  db
    .select({
      ...getTableColumns(tradelanes),
      pol_country_name: countryName(pol, lang),
      pod_country_name: countryName(pod, lang),
    })
    .from(tradelanes)
    .leftJoin(pol, eq(pol.country_code, tradelanes.pol_country))
    .leftJoin(pod, eq(pod.country_code, tradelanes.pod_country));

export type TradelaneRow = typeof tradelanes.$inferSelect & {
  pol_country_name: string | null;
  pod_country_name: string | null;
};

/** Trade lane queries. */
export const tradelaneRepository = {
  page(db: DbOrTx, q: TTradelaneListQuery, lang: Language) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      withNames(db, lang)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Every matching row in list order, at most `limit`. */
  all(db: DbOrTx, q: TTradelaneListQuery, lang: Language, limit: number) {
    return withNames(db, lang)
      .where(listWhere(spec, q.q, filters(q)))
      .orderBy(...listOrder(spec, q))
      .limit(limit);
  },

  async byId(db: DbOrTx, id: number, lang: Language = 'en-US'): Promise<TradelaneRow | undefined> {
    const [row] = await withNames(db, lang).where(eq(tradelanes.tradelane_id, id));
    return row;
  },

  /** The stored row, locked for an update. */
  async lock(db: DbOrTx, id: number) {
    const [row] = await db.select().from(tradelanes).where(eq(tradelanes.tradelane_id, id)).for('update');
    return row;
  },

  /** Another trade lane (not `exceptId`) with this name, case-insensitively. */
  async byName(db: DbOrTx, name: string, exceptId?: number) {
    const same = sql`lower(${tradelanes.tradelane_name}) = lower(${name})`;
    const [row] = await db
      .select({ tradelane_id: tradelanes.tradelane_id })
      .from(tradelanes)
      .where(exceptId ? and(same, ne(tradelanes.tradelane_id, exceptId)) : same)
      .limit(1);
    return row;
  },

  /** Which of these country codes exist. */
  async knownCountries(db: DbOrTx, codes: string[]) {
    const rows = await db
      .select({ code: countries.country_code })
      .from(countries)
      .where(sql`${countries.country_code} in ${codes}`);
    return new Set(rows.map((r) => r.code));
  },

  async officeExists(db: DbOrTx, code: string) {
    const [row] = await db
      .select({ code: offices.code })
      .from(offices)
      .where(eq(offices.code, code))
      .limit(1);
    return !!row;
  },

  /** Inserts a trade lane and answers the stored row. */
  async insert(db: DbOrTx, values: typeof tradelanes.$inferInsert) {
    const [row] = await db.insert(tradelanes).values(values).returning();
    return row;
  },

  /** Updates only when the stored version is still `version`; answers the row, or undefined when it did not. */
  updateIfVersion: versionedUpdate(tradelanes, tradelanes.tradelane_id),
};
