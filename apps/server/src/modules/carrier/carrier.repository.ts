import { CARRIER_FILTER_FIELDS, type CARRIER_SORTABLE, type TCarrierListQuery } from '@portal/contracts';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type ListSpec, likeEscape, listOrder, listPage, listWhere } from '../../platform/list/list-query';
import { carriers } from './carrier.tables';

export type CarrierRow = typeof carriers.$inferSelect;
type Sort = (typeof CARRIER_SORTABLE)[number];

const spec: ListSpec<Sort> = {
  table: carriers,
  sortable: {
    carrier_code: carriers.carrier_code,
    scac: carriers.scac,
    display_name: carriers.display_name,
    full_name: carriers.full_name,
    alliance: carriers.alliance,
    carrier_type: carriers.carrier_type,
    effective_from: carriers.effective_from,
    effective_to: carriers.effective_to,
    status: carriers.status,
    updated_at: carriers.updated_at,
  },
  defaultSort: 'carrier_code',
  tiebreak: carriers.id,
  // Same expression as the trigram index carriers_search_trgm_idx (migration 0001).
  searchText: sql`lower(${carriers.carrier_code} || ' ' || coalesce(${carriers.scac}, '') || ' ' || ${carriers.display_name} || ' ' || ${carriers.full_name})`,
};

/** The custom filter whitelist (contracts CARRIER_FILTER_FIELDS names the kinds for clients). */
const filterFields = filterFieldsOf(CARRIER_FILTER_FIELDS, {
  carrier_code: carriers.carrier_code,
  scac: carriers.scac,
  display_name: carriers.display_name,
  full_name: carriers.full_name,
  alliance: carriers.alliance,
  carrier_type: carriers.carrier_type,
  status: carriers.status,
  effective_from: carriers.effective_from,
  effective_to: carriers.effective_to,
});

const filters = (q: TCarrierListQuery): (SQL | undefined)[] => [
  q.alliance ? eq(carriers.alliance, q.alliance) : undefined,
  q.carrier_type ? eq(carriers.carrier_type, q.carrier_type) : undefined,
  q.status ? eq(carriers.status, q.status) : undefined,
  ...customFilterSql(q.filters, filterFields),
];

/** Carrier queries. */
export const carrierRepository = {
  page(db: DbOrTx, q: TCarrierListQuery) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      db
        .select()
        .from(carriers)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Every matching row in list order, at most `limit`. */
  all(db: DbOrTx, q: TCarrierListQuery, limit: number) {
    return db
      .select()
      .from(carriers)
      .where(listWhere(spec, q.q, filters(q)))
      .orderBy(...listOrder(spec, q))
      .limit(limit);
  },

  async byId(db: DbOrTx, id: number, forUpdate = false) {
    const query = db.select().from(carriers).where(eq(carriers.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  /** Carriers other than `exceptId` that already use one of these unique values. */
  conflicts(
    db: DbOrTx,
    v: {
      carrier_code: string;
      scac: string | null;
      cbsa: string | null;
      naccs: string | null;
      display_name: string;
      full_name: string;
    },
    exceptId?: number,
  ) {
    const clash = or(
      eq(carriers.carrier_code, v.carrier_code),
      v.scac ? eq(carriers.scac, v.scac) : undefined,
      v.cbsa ? eq(carriers.cbsa, v.cbsa) : undefined,
      v.naccs ? eq(carriers.naccs, v.naccs) : undefined,
      sql`lower(${carriers.display_name}) = lower(${v.display_name})`,
      sql`lower(${carriers.full_name}) = lower(${v.full_name})`,
    );
    return db
      .select()
      .from(carriers)
      .where(exceptId ? and(clash, ne(carriers.id, exceptId)) : clash)
      .limit(10);
  },

  async insert(db: DbOrTx, values: typeof carriers.$inferInsert) {
    const [row] = await db.insert(carriers).values(values).returning();
    return row;
  },

  /** Updates only when the stored version is still `version`; answers undefined otherwise. */
  updateIfVersion: versionedUpdate(carriers, carriers.id),

  /** Options for pickers: active carriers matching code, SCAC or names. */
  options(db: DbOrTx, text: string | null, values: string[] | null, limit: number) {
    const where = values?.length
      ? sql`${carriers.carrier_code} in ${values}`
      : text
        ? and(
            eq(carriers.status, 'A'),
            or(
              sql`${carriers.carrier_code} ilike ${`${likeEscape(text)}%`}`,
              sql`${carriers.scac} ilike ${`${likeEscape(text)}%`}`,
              sql`${carriers.display_name} ilike ${`%${likeEscape(text)}%`}`,
              sql`${carriers.full_name} ilike ${`%${likeEscape(text)}%`}`,
            ),
          )
        : eq(carriers.status, 'A');
    return db
      .select({ code: carriers.carrier_code, name: carriers.display_name })
      .from(carriers)
      .where(where)
      .orderBy(carriers.carrier_code)
      .limit(limit);
  },
};
