import { BOOKING_PARTY_FIELDS } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { cubeDeltaSql } from '../../platform/db/cube-delta';
import type { SweepAfter, SweepMark } from '../../platform/jobs/sweep-watermark';

/**
 * All SQL of the shipment analytics (docs/analytics.md "Aggregates"). The one definition of a shipment's
 * analytics attributes is `factsSql`: the refresh writes it into analytics_shipment_facts and moves the cubes by
 * the difference; the tests' direct computation is the same query over every order.
 */

/** Advisory-lock namespace of an order's analytics refresh (two refreshes of one order wait for each other). */
const LOCK_NS = 8170;

/** Container TEU by size/type (as the GP facts: 20' = 1, 40' = 2, 45' = 2.25). */
const teu = (col: string) =>
  `(case when ${col} like '20%' then 1 when ${col} like '40%' then 2 when ${col} like '45%' then 2.25 else 0 end)`;

/**
 * The facts of the orders in `scope` (a boolean over alias `so`): attributes, the parties that may see it, and
 * the additive measures (a cancelled order keeps its booking count, its volume counts 0).
 */
export function factsSql(scope: SQL) {
  const parties = BOOKING_PARTY_FIELDS.map((c) => `so.${c}`).join(', ');
  return sql`
    select so.so_id, so.so_no, so.etd, to_char(so.etd, 'YYYY-MM') as month, so.handling_office as office,
           so.transport_mode as mode, so.service_type as service, coalesce(so.carrier_code, '') as carrier,
           so.pol, so.pod, so.customer_id, coalesce(so.release_agent_id, so.nomination_agent_id, 0) as agent_id,
           so.status, case when so.is_e_booking then 'EBOOKING' else 'MANUAL' end as channel,
           array_remove(array[${sql.raw(parties)}], null) as party_ids, so.created_at, so.confirmed_at,
           1 as bookings, (so.status <> 'CANCELLED')::int as shipments, so.is_e_booking::int as ebookings,
           (so.confirmed_at is not null)::int as confirmed, (so.status = 'CANCELLED')::int as cancelled,
           case when so.confirmed_at is null then 0
                else round(greatest(extract(epoch from so.confirmed_at - so.created_at), 0) / 3600, 3) end as confirm_hours,
           case when so.status = 'CANCELLED' then 0 else coalesce(
             (select sum(${sql.raw(teu('c.size_type'))}) from so_containers c where c.so_id = so.so_id),
             (select sum(${sql.raw(teu('e.size_type'))} * e.qty) from so_equipment e where e.so_id = so.so_id),
             0) end as teu,
           case when so.status = 'CANCELLED' then 0 else coalesce(so.cbm, 0) end as cbm,
           case when so.status = 'CANCELLED' then 0 else coalesce(so.gross_weight, 0) end as kg
      from shipping_orders so
     where ${scope}`;
}

export const FACT_COLS =
  'so_id, so_no, etd, month, office, mode, service, carrier, pol, pod, customer_id, agent_id, status, channel, party_ids, created_at, confirmed_at, bookings, shipments, ebookings, confirmed, cancelled, confirm_hours, teu, cbm, kg';
export const MEASURES = [
  'bookings',
  'shipments',
  'ebookings',
  'confirmed',
  'cancelled',
  'confirm_hours',
  'teu',
  'cbm',
  'kg',
] as const;
export type Measure = (typeof MEASURES)[number];

/**
 * The cubes: each the facts summed by its keys (ETD month first), with its day-grain twin (ETD instead of the
 * month) for the days of a period outside whole months. A query reads the first cube holding every column it
 * needs, so the coarser cubes come first.
 */
export interface CubeDef {
  table: string;
  keys: readonly string[];
  /** The day-grain twin; null: the days outside whole months come from the facts. */
  day: string | null;
}
const BASE = ['month', 'office', 'mode', 'service'] as const;
export const CUBES: readonly CubeDef[] = [
  { table: 'analytics_base_cube', keys: BASE, day: 'analytics_base_day_cube' },
  { table: 'analytics_carrier_cube', keys: [...BASE, 'carrier'], day: 'analytics_carrier_day_cube' },
  { table: 'analytics_lane_cube', keys: [...BASE, 'pol', 'pod'], day: 'analytics_lane_day_cube' },
  { table: 'analytics_ship_cube', keys: [...BASE, 'carrier', 'pol', 'pod'], day: null },
  { table: 'analytics_customer_cube', keys: [...BASE, 'customer_id'], day: 'analytics_customer_day_cube' },
  { table: 'analytics_agent_cube', keys: [...BASE, 'agent_id'], day: 'analytics_agent_day_cube' },
  {
    table: 'analytics_booking_cube',
    keys: [...BASE, 'status', 'channel'],
    day: 'analytics_booking_day_cube',
  },
];
/** Every cube table with its keys: the month cubes and their day twins (refresh, rebuild, the tests' proof). */
export const CUBE_TABLES: readonly { table: string; keys: readonly string[] }[] = CUBES.flatMap((c) => [
  { table: c.table, keys: c.keys },
  ...(c.day ? [{ table: c.day, keys: ['etd', ...c.keys.slice(1)] }] : []),
]);

/** A WHERE condition on named columns (whitelisted by the caller) with bound values. */
export interface Cond {
  col: string;
  value: string | number;
}

/** The conditions ANDed; `alias` qualifies the columns where the query joins other tables. */
const condSql = (conds: readonly Cond[], alias = '') =>
  conds.length
    ? sql.join(
        conds.map((c) => sql`${sql.raw(alias ? `${alias}.${c.col}` : c.col)} = ${c.value}`),
        sql` and `,
      )
    : sql`true`;

export const analyticsRepository = {
  /** Recomputes these orders' facts and moves every cube by the difference, in the caller's transaction. */
  async refreshOrders(tx: DbOrTx, soIds: readonly number[]) {
    const ids = [...new Set(soIds)].sort((a, b) => a - b);
    if (!ids.length) return;
    const arr = sql`${sql.param(ids)}::int[]`;
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NS}, i) from unnest(${arr}) i order by i`);
    // Staging tables live as long as the pooled connection (as in gp-report's refresh): creating and dropping
    // them per refresh cost more PostgreSQL time than the refresh itself on every booking write.
    await tx.execute(
      sql`create temp table if not exists ana_old (like analytics_shipment_facts including defaults) on commit delete rows`,
    );
    await tx.execute(
      sql`create temp table if not exists ana_new (like analytics_shipment_facts including defaults) on commit delete rows`,
    );
    await tx.execute(sql`delete from ana_old; delete from ana_new`);
    await tx.execute(
      sql`with d as (delete from analytics_shipment_facts where so_id = any(${arr}) returning *) insert into ana_old select * from d`,
    );
    await tx.execute(
      sql`insert into ana_new (${sql.raw(FACT_COLS)}) ${factsSql(sql`so.so_id = any(${arr})`)}`,
    );
    await tx.execute(
      sql`insert into analytics_shipment_facts (${sql.raw(FACT_COLS)}) select ${sql.raw(FACT_COLS)} from ana_new`,
    );
    for (const cube of CUBE_TABLES)
      await tx.execute(sql.raw(cubeDeltaSql(cube, MEASURES, 'ana_old', 'ana_new')));
  },

  /** Rebuilds the facts and every cube from the orders (seed, bench, repair). */
  async rebuildAll(tx: DbOrTx) {
    const tables = ['analytics_shipment_facts', ...CUBE_TABLES.map((c) => c.table)].join(', ');
    await tx.execute(sql.raw(`lock table ${tables} in access exclusive mode`));
    await tx.execute(sql.raw(`truncate ${tables}`));
    await tx.execute(
      sql`insert into analytics_shipment_facts (${sql.raw(FACT_COLS)}) ${factsSql(sql`true`)}`,
    );
    for (const cube of CUBE_TABLES) {
      const keys = cube.keys.join(', ');
      const sums = MEASURES.map((x) => `sum(${x})`).join(', ');
      await tx.execute(
        sql.raw(
          `insert into ${cube.table} (${keys}, ${MEASURES.join(', ')}) select ${keys}, ${sums} from analytics_shipment_facts group by ${keys}`,
        ),
      );
    }
  },

  /** Orders changed since the watermark (the sweep), oldest first, at most `limit`. */
  /** Orders changed after the mark (platform/jobs/sweep-watermark.ts), in (time, id) order. */
  async changedSince(db: DbOrTx, after: SweepAfter, limit: number) {
    const { rows } = await db.execute<{ id: number; at: string }>(sql`
      select so_id as id, updated_at::text as at from shipping_orders
       where updated_at >= ${after.at}::timestamptz and (updated_at, so_id) > (${after.at}::timestamptz, ${after.id}::int)
       order by updated_at, so_id limit ${limit}`);
    return rows;
  },

  async refreshState(db: DbOrTx) {
    const { rows } = await db.execute<{ orders_seen_at: string; orders_after_id: number | null }>(
      sql`select orders_seen_at::text as orders_seen_at, orders_after_id from analytics_refresh_state where id = 1`,
    );
    return rows[0] ?? null;
  },

  async setRefreshState(db: DbOrTx, mark: SweepMark, rebuilt = false) {
    await db.execute(sql`insert into analytics_refresh_state (id, orders_seen_at, orders_after_id)
      values (1, ${mark.at}, ${mark.afterId})
      on conflict (id) do update set orders_seen_at = excluded.orders_seen_at, orders_after_id = excluded.orders_after_id
      ${rebuilt ? sql`, rebuilt_at = now()` : sql``}`);
  },

  /**
   * Sums the measures grouped by `cols` over the period: whole months of the period from `cube` (when given),
   * the days outside whole months from its day twin (the facts when it has none; everything from the facts
   * without a cube). `party` limits the facts to an external viewer's orders (no cube is read then).
   */
  async aggregate(
    db: DbOrTx,
    q: {
      cols: readonly string[];
      conds: readonly Cond[];
      from: string;
      to: string;
      cube: CubeDef | null;
      party: SQL | null;
    },
  ) {
    const cols = q.cols.join(', ');
    const sel = cols ? `${cols}, ` : '';
    const m = MEASURES.join(', ');
    const sums = MEASURES.map((x) => `coalesce(sum(${x}), 0)::text as ${x}`).join(', ');
    const where = condSql(q.conds);
    const parts: SQL[] = [];
    if (q.cube && !q.party) {
      const split = monthSplit(q.from, q.to);
      if (split)
        parts.push(sql`select ${sql.raw(sel + m)} from ${sql.raw(q.cube.table)}
          where month between ${split.m1} and ${split.m2} and ${where}`);
      // The days outside whole months (the whole period when it holds none): the cube's day twin, its ETD
      // month computed; the facts when the cube has no twin or a condition names the month (drills).
      const day = q.cube.day && !q.conds.some((c) => c.col === 'month') ? q.cube.day : null;
      const daySel = q.cols.map((c) => (c === 'month' ? `to_char(etd, 'YYYY-MM') as month` : c)).join(', ');
      for (const [a, b] of split ? split.edges : [[q.from, q.to] as const])
        parts.push(
          day
            ? sql`select ${sql.raw((daySel ? `${daySel}, ` : '') + m)} from ${sql.raw(day)}
                where etd between ${a} and ${b} and ${where}`
            : sql`select ${sql.raw(sel + m)} from analytics_shipment_facts
                where etd between ${a} and ${b} and ${where}`,
        );
    } else {
      parts.push(sql`select ${sql.raw(sel + m)} from analytics_shipment_facts
        where etd between ${q.from} and ${q.to} and ${where}
        ${q.party ? sql`and party_ids && array${q.party}` : sql``}`);
    }
    const body = sql.join(parts, sql` union all `);
    const group = cols ? sql.raw(`group by ${cols} order by ${cols}`) : sql``;
    const { rows } = await db.execute<Record<string, string>>(
      sql`select ${sql.raw(sel + sums)} from (${body}) x ${group}`,
    );
    return rows;
  },

  /** The orders behind a figure, newest ETD first, with the count (capped at 10,001). */
  async documents(
    db: DbOrTx,
    q: {
      conds: readonly Cond[];
      from: string;
      to: string;
      party: SQL | null;
      offset: number;
      limit: number;
    },
  ) {
    // Qualified: parties (joined for the customer's name) has columns of the same names (status…).
    const where = sql`f.etd between ${q.from} and ${q.to} and ${condSql(q.conds, 'f')}
      ${q.party ? sql`and f.party_ids && array${q.party}` : sql``}`;
    const { rows } = await db.execute<{
      so_no: string;
      status: string;
      etd: string;
      party: string | null;
      office: string;
      teu: string;
      kg: string;
      confirm_hours: string;
      confirmed: number;
    }>(sql`
      select f.so_no, f.status, f.etd::text as etd, p.party_code || ' ' || p.short_name as party, f.office,
             f.teu::text as teu, f.kg::text as kg, f.confirm_hours::text as confirm_hours, f.confirmed
        from analytics_shipment_facts f left join parties p on p.party_id = f.customer_id
       where ${where} order by f.etd desc, f.so_id desc limit ${q.limit} offset ${q.offset}`);
    const count = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (select 1 from analytics_shipment_facts f where ${where} limit 10001) x`);
    return { rows, total: count.rows[0]?.n ?? 0 };
  },

  /** Codes and names of parties by id (customers and agents of the figures). */
  async partiesById(db: DbOrTx, ids: readonly number[]) {
    if (!ids.length) return new Map<number, { code: string; name: string }>();
    const { rows } = await db.execute<{ party_id: number; party_code: string; short_name: string }>(sql`
      select party_id, party_code, short_name from parties where party_id = any(${sql.param([...ids])}::int[])`);
    return new Map(rows.map((r) => [r.party_id, { code: r.party_code, name: r.short_name }]));
  },

  async partyIdByCode(db: DbOrTx, code: string) {
    const { rows } = await db.execute<{ party_id: number }>(
      sql`select party_id from parties where party_code = ${code} limit 1`,
    );
    return rows[0]?.party_id ?? null;
  },

  async officeExists(db: DbOrTx, code: string) {
    const { rows } = await db.execute(sql`select 1 from offices where code = ${code}`);
    return rows.length > 0;
  },

  async carrierExists(db: DbOrTx, code: string) {
    const { rows } = await db.execute(sql`select 1 from carriers where carrier_code = ${code}`);
    return rows.length > 0;
  },

  /** What the filter bar offers: every office and carrier; modes, services and lanes that occur. */
  async options(db: DbOrTx, party: SQL | null) {
    const src = party
      ? sql`(select mode, service, carrier, pol, pod, office, shipments from analytics_shipment_facts where party_ids && array${party}) s`
      : sql`analytics_ship_cube s`;
    // Internal viewers: the smallest cubes holding the columns (their keys are projections of the same facts).
    const modeSrc = party ? src : sql`analytics_base_cube s`;
    const laneSrc = party ? src : sql`analytics_lane_cube s`;
    const offices = await db.execute<{ code: string; name: string }>(
      party
        ? sql`select o.code, o.short_name as name from offices o where o.code in (select distinct office from ${src}) order by o.code`
        : sql`select code, short_name as name from offices order by code`,
    );
    const carriers = await db.execute<{ code: string; name: string }>(
      party
        ? sql`select c.carrier_code as code, c.display_name as name from carriers c
               where c.carrier_code in (select distinct carrier from ${src}) order by c.carrier_code`
        : sql`select carrier_code as code, display_name as name from carriers order by carrier_code`,
    );
    const modes = await db.execute<{ v: string }>(sql`select distinct mode as v from ${modeSrc} order by 1`);
    const services = await db.execute<{ v: string }>(
      sql`select distinct service as v from ${modeSrc} order by 1`,
    );
    const lanes = await db.execute<{ v: string }>(sql`
      select pol || '-' || pod as v from ${laneSrc} group by pol, pod order by sum(shipments) desc, 1 limit 300`);
    return {
      offices: offices.rows,
      carriers: carriers.rows,
      modes: modes.rows.map((r) => r.v),
      services: services.rows.map((r) => r.v),
      lanes: lanes.rows.map((r) => r.v).sort(),
    };
  },
};

/** Last day of a YYYY-MM-DD's month. */
function monthEnd(d: string) {
  const [y, m] = d.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Splits a period into whole months (read from a cube) and the days before and after them (read from the
 * cube's day twin or the facts). Null when the period holds no whole month.
 */
export function monthSplit(from: string, to: string) {
  const first = from.endsWith('-01') ? from : addDays(monthEnd(from), 1);
  const last = to === monthEnd(to) ? to : addDays(`${to.slice(0, 7)}-01`, -1);
  if (first > last) return null;
  const edges: [string, string][] = [];
  if (from < first) edges.push([from, addDays(first, -1)]);
  if (last < to) edges.push([addDays(last, 1), to]);
  return { m1: first.slice(0, 7), m2: last.slice(0, 7), edges };
}
