import {
  money,
  RATE_FILTER_FIELDS,
  type RATE_SORTABLE,
  type TRateListQuery,
  type TRateQuoteRequest,
} from '@portal/contracts';
import { and, asc, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type ListSpec, listOrder, listPage, listWhere } from '../../platform/list/list-query';
import { carriers } from '../carrier';
import { ports } from '../lookup';
import { rateContainers, rates } from './rate.tables';

export type RateRow = typeof rates.$inferSelect & { carrier_name: string | null };
export type RateContainerRow = typeof rateContainers.$inferSelect;
type Sort = (typeof RATE_SORTABLE)[number];
const r = rates;

const spec: ListSpec<Sort> = {
  table: r,
  sortable: {
    source_key: r.source_key,
    carrier_code: r.carrier_code,
    pol: r.pol,
    pod: r.pod,
    service: r.service,
    valid_from: r.valid_from,
    valid_to: r.valid_to,
    status: r.status,
    updated_at: r.updated_at,
  },
  defaultSort: 'source_key',
  tiebreak: r.rate_id,
  // Same expression as the trigram index rates_search_trgm_idx.
  searchText: sql`lower(${r.source_key} || ' ' || ${r.carrier_code} || ' ' || coalesce(${r.remarks}, ''))`,
};

/** The custom filter whitelist: RATE_FILTER_FIELDS with the column behind each name. */
const filterFields = filterFieldsOf(RATE_FILTER_FIELDS, {
  source_key: r.source_key,
  carrier_code: r.carrier_code,
  pol: r.pol,
  pod: r.pod,
  service: r.service,
  currency: r.currency,
  valid_from: r.valid_from,
  valid_to: r.valid_to,
  remarks: r.remarks,
  status: r.status,
});

const filters = (q: TRateListQuery): (SQL | undefined)[] => [
  q.carrier_code ? eq(r.carrier_code, q.carrier_code) : undefined,
  q.pol ? eq(r.pol, q.pol) : undefined,
  q.pod ? eq(r.pod, q.pod) : undefined,
  q.service ? eq(r.service, q.service) : undefined,
  q.valid_on ? and(lte(r.valid_from, q.valid_on), gte(r.valid_to, q.valid_on)) : undefined,
  q.status ? eq(r.status, q.status) : undefined,
  ...customFilterSql(q.filters, filterFields),
];

const selectRates = (db: DbOrTx) =>
  db
    .select({ ...getTableColumns(r), carrier_name: carriers.display_name })
    .from(r)
    .leftJoin(carriers, eq(carriers.carrier_code, r.carrier_code));

/** Rate queries. */
export const rateRepository = {
  page(db: DbOrTx, q: TRateListQuery) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      selectRates(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Every matching row in list order, at most `limit`. */
  all(db: DbOrTx, q: TRateListQuery, limit: number) {
    return selectRates(db)
      .where(listWhere(spec, q.q, filters(q)))
      .orderBy(...listOrder(spec, q))
      .limit(limit);
  },

  async byKey(db: DbOrTx, sourceKey: string): Promise<RateRow | undefined> {
    const [row] = await selectRates(db).where(eq(r.source_key, sourceKey));
    return row;
  },

  /** One rate by its id (locked for an update when `forUpdate`). */
  async byId(db: DbOrTx, id: number, forUpdate = false): Promise<RateRow | undefined> {
    if (forUpdate) await db.select({ id: r.rate_id }).from(r).where(eq(r.rate_id, id)).for('update');
    const [row] = await selectRates(db).where(eq(r.rate_id, id));
    return row;
  },

  /** Container rates of these rates in order, grouped by rate id. */
  async containersOf(db: DbOrTx, ids: number[]) {
    const byId = new Map<number, RateContainerRow[]>();
    if (!ids.length) return byId;
    const rows = await db
      .select()
      .from(rateContainers)
      .where(inArray(rateContainers.rate_id, ids))
      .orderBy(asc(rateContainers.rate_id), asc(rateContainers.seq));
    for (const c of rows) byId.set(c.rate_id, [...(byId.get(c.rate_id) ?? []), c]);
    return byId;
  },

  async insert(db: DbOrTx, values: typeof r.$inferInsert) {
    const [row] = await db.insert(r).values(values).returning({ id: r.rate_id });
    return row.id;
  },

  /** Updates only when the stored version is still `version`; answers false otherwise. */
  updateIfVersion: versionedUpdate(r, r.rate_id),

  /** Replaces a rate's container prices (amounts stay decimal strings into numeric(18,4)). */
  async replaceContainers(db: DbOrTx, id: number, list: { container_type: string; amount: string }[]) {
    await db.delete(rateContainers).where(eq(rateContainers.rate_id, id));
    if (list.length)
      await db.insert(rateContainers).values(
        list.map((c, i) => ({
          rate_id: id,
          seq: i + 1,
          container_type: c.container_type,
          amount: c.amount,
        })),
      );
  },

  /**
   * Active rates for POL → POD valid on `on_date` that price every requested container type, with
   * line totals and total_rate = Σ amount × qty computed by PostgreSQL in numeric (exact, no float), then
   * written with the rate currency's decimals (amounts never have more, so nothing is rounded away).
   */
  async quote(db: DbOrTx, q: TRateQuoteRequest) {
    const mix = JSON.stringify(q.containers.map((c) => ({ t: c.container_type, q: c.qty })));
    const { rows } = await db.execute<{
      rate_id: number;
      currency: string;
      lines: { container_type: string; amount: string; qty: number; line_total: string }[];
      total_rate: string;
    }>(sql`
      with mix as (
        select x.t as container_type, x.q as qty
          from jsonb_to_recordset(${mix}::jsonb) as x(t text, q int)
      )
      select c.rate_id, r.currency,
             jsonb_agg(jsonb_build_object(
               'container_type', c.container_type, 'amount', c.amount::text, 'qty', m.qty,
               'line_total', (c.amount * m.qty)::text) order by c.seq) as lines,
             sum(c.amount * m.qty)::text as total_rate
        from rates r
        join rate_containers c on c.rate_id = r.rate_id
        join mix m on m.container_type = c.container_type
       where r.pol = ${q.pol} and r.pod = ${q.pod} and r.status = 'A'
         and r.valid_from <= ${q.on_date}::date and r.valid_to >= ${q.on_date}::date
         ${q.service ? sql`and r.service = ${q.service}` : sql``}
       group by c.rate_id, r.currency
      having count(*) = (select count(*) from mix)
       order by sum(c.amount * m.qty), c.rate_id
       limit 200`);
    return rows.map(({ currency, ...p }) => ({
      ...p,
      lines: p.lines.map((l) => ({
        ...l,
        amount: money.round(l.amount, currency),
        line_total: money.round(l.line_total, currency),
      })),
      total_rate: money.round(p.total_rate, currency),
    }));
  },

  /** Rates by id (for quotes). */
  byIds(db: DbOrTx, ids: number[]) {
    return ids.length ? selectRates(db).where(inArray(r.rate_id, ids)) : Promise.resolve([]);
  },

  /** Which of these UN/LOCODEs are known ports. */
  async existingPorts(db: DbOrTx, codes: string[]) {
    const rows = await db.select({ code: ports.un_code }).from(ports).where(inArray(ports.un_code, codes));
    return new Set(rows.map((p) => p.code));
  },

  /** Whether a carrier code exists. */
  async carrierExists(db: DbOrTx, code: string) {
    const rows = await db
      .select({ c: carriers.carrier_code })
      .from(carriers)
      .where(eq(carriers.carrier_code, code));
    return rows.length > 0;
  },
};
