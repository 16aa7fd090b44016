import { BOOKING_PARTY_FIELDS, type TAnalyticsFilters } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import type { SweepAfter, SweepMark } from '../../platform/jobs/sweep-watermark';
import { monthSplit } from '../analytics';
import { ownPartyIdsSql } from '../party';

/** Mean Earth radius (km, IUGG) for the haversine great-circle distance. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Advisory-lock namespace of an order's CO2e refresh (a hook and the sweep on one order wait for each other). */
const LOCK_NS = 8170;

/** Container TEU by size/type, as the GP report counts it (20' = 1, 40' = 2, 45' = 2.25). */
const teu = (col: SQL) =>
  sql`(case when ${col} like '20%' then 1 when ${col} like '40%' then 2 when ${col} like '45%' then 2.25 else 0 end)`;

/** Coordinates of a place for this mode: airports first for AIR, sea ports first otherwise. */
const coords = (place: SQL, mode: SQL) => sql`(
  select array[l.lat, l.lon]::float8[] from co2e_locations l
   where l.locode = ${place}
   order by (l.kind = case when ${mode} = 'AIR' then 'AIR' else 'SEA' end) desc limit 1)`;

/** Haversine distance in km between two [lat, lon] arrays (null when either is unknown). */
const haversine = (a: SQL, b: SQL) => sql`(2 * ${sql.raw(String(EARTH_RADIUS_KM))}::float8 * asin(sqrt(
    power(sin(radians(${b}[1] - ${a}[1]) / 2), 2)
  + cos(radians(${a}[1])) * cos(radians(${b}[1])) * power(sin(radians(${b}[2] - ${a}[2]) / 2), 2))))`;

/**
 * The one definition of a shipping order's CO2e (docs/co2e.md), for the orders in `scope` (a boolean over
 * `so`), cancelled orders left out:
 * - cargo: TEU from the container lines (the requested equipment when none); tonnes = gross weight / 1,000
 *   (the order's, else its container lines');
 * - factor: the co2e_factors row of the order's mode and service, else the mode's '*' row; a per-TEU row only
 *   when the order has TEU (an FCL order without containers or equipment falls back to tonnes);
 * - distance = great-circle POL→POD × distance_factor + distance_add_km, rounded to 0.1 km;
 * - kg CO2e = distance × (TEU or tonnes) × factor, rounded to the gram.
 */
export function factsSql(scope: SQL) {
  return sql`
    with o as (
      select so.so_id, so.so_no, so.etd, date_trunc('month', so.etd)::date as month, so.handling_office as office,
             so.transport_mode as mode, so.service_type as service, so.carrier_code, so.customer_id, so.pol, so.pod,
             coalesce(
               (select sum(${teu(sql`c.size_type`)}) from so_containers c where c.so_id = so.so_id),
               (select sum(${teu(sql`e.size_type`)} * e.qty) from so_equipment e where e.so_id = so.so_id),
               0)::numeric as teu,
             round(coalesce(so.gross_weight,
               (select sum(c.gross_weight) from so_containers c where c.so_id = so.so_id), 0) / 1000, 3) as tonnes,
             ${haversine(coords(sql`so.pol`, sql`so.transport_mode`), coords(sql`so.pod`, sql`so.transport_mode`))} as gcd
        from shipping_orders so
       where ${scope} and so.status <> 'CANCELLED'),
    x as (
      select o.*, f.unit, f.factor,
             round((o.gcd * f.distance_factor + f.distance_add_km)::numeric, 1) as distance_km
        from o
        left join lateral (
          select f.unit, f.factor, f.distance_factor, f.distance_add_km from co2e_factors f
           where f.mode = o.mode and (f.service = o.service or f.service = '*') and (f.unit = 'T_KM' or o.teu > 0)
           order by (f.service = o.service) desc limit 1) f on true)
    select so_id, so_no, etd, month, office, mode, service, carrier_code, customer_id, pol, pod, teu, tonnes,
           distance_km, unit as factor_unit, factor,
           case when factor is null or distance_km is null then null
                when unit = 'TEU_KM' then round(distance_km * teu * factor, 3)
                when tonnes > 0 then round(distance_km * tonnes * factor, 3) end as kg_co2e,
           case when factor is null then 'NO_FACTOR' when distance_km is null then 'NO_DISTANCE'
                when unit = 'TEU_KM' then 'TEU_KM' when tonnes > 0 then 'T_KM' else 'NO_CARGO' end as method
      from x`;
}

const COLS =
  'so_id, so_no, etd, month, office, mode, service, carrier_code, customer_id, pol, pod, teu, tonnes, distance_km, factor_unit, factor, kg_co2e, method';

/** co2e_cube's key and columns, and the facts (alias f) summed by that key in the same order. */
const CUBE_KEY = 'month, office, mode, service, carrier_code, customer_id, pol, pod';
const CUBE_COLS = `${CUBE_KEY}, shipments, kg_n, kg, teu, tonnes, dist_n, dist_sum`;
const CUBE_KEY_F = sql.raw(
  "f.month, f.office, f.mode, f.service, coalesce(f.carrier_code, ''), f.customer_id, f.pol, f.pod",
);
/** co2e_day_cube's key (ETD day instead of month) and columns, and the facts grouped by it. */
const DAY_KEY = 'etd, office, mode, service, carrier_code, customer_id, pol, pod';
const DAY_COLS = `${DAY_KEY}, shipments, kg_n, kg, teu, tonnes, dist_n, dist_sum`;
const DAY_KEY_F = sql.raw(
  "f.etd, f.office, f.mode, f.service, coalesce(f.carrier_code, ''), f.customer_id, f.pol, f.pod",
);
/** co2e_lane_cube's key (co2e_cube without office, service and carrier) and columns. */
const LANE_KEY = 'month, mode, customer_id, pol, pod';
const LANE_COLS = `${LANE_KEY}, shipments, kg_n, kg, teu, tonnes, dist_n, dist_sum`;
const MEASURES_SUM = 'sum(shipments), sum(kg_n), sum(kg), sum(teu), sum(tonnes), sum(dist_n), sum(dist_sum)';
/** The cube's columns summed from facts (alias f); `asText` for sums that travel as JSON text, never a number. */
const cubeSums = (asText = false, grain: 'month' | 'etd' = 'month') => {
  const n = sql.raw(asText ? '::text' : '');
  return sql`${sql.raw(`f.${grain}`)}, f.office, f.mode, f.service, coalesce(f.carrier_code, '') as carrier_code,
  f.customer_id, f.pol, f.pod, count(*)::int as shipments, count(f.kg_co2e)::int as kg_n,
  coalesce(sum(f.kg_co2e), 0)${n} as kg, coalesce(sum(f.teu), 0)${n} as teu, coalesce(sum(f.tonnes), 0)${n} as tonnes,
  count(f.distance_km)::int as dist_n, coalesce(sum(f.distance_km), 0)${n} as dist_sum`;
};
const CUBE_SUMS = cubeSums();
/** `on conflict` of a cube upsert: each measure adds the delta. */
const addDelta = (table: string) =>
  sql.raw(
    ['shipments', 'kg_n', 'kg', 'teu', 'tonnes', 'dist_n', 'dist_sum']
      .map((m) => `${m} = ${table}.${m} + excluded.${m}`)
      .join(', '),
  );

/** Visible orders (alias-free: a subquery of so_ids) for an external viewer; null = sees everything. */
export function visibleSoIdsSql(actor: Actor): SQL | null {
  const own = ownPartyIdsSql(actor);
  if (!own) return null;
  const parts = BOOKING_PARTY_FIELDS.map((c) => sql`${sql.raw(`so.${c}`)} in ${own}`);
  return sql`(select so.so_id from shipping_orders so where ${sql.join(parts, sql` or `)})`;
}

export interface Co2eFactRow {
  so_id: number;
  so_no: string;
  etd: string;
  pol: string;
  pod: string;
  mode: string;
  service: string;
  teu: string;
  tonnes: string;
  distance_km: string | null;
  factor_unit: string | null;
  factor: string | null;
  kg_co2e: string | null;
  method: string;
  source: string | null;
  scope: string | null;
}

export const co2eRepository = {
  /** Recomputes these orders' facts (a deleted or cancelled order loses its row), in key order under locks. */
  async refreshOrders(tx: DbOrTx, soIds: readonly number[]) {
    if (!soIds.length) return;
    const ids = [...new Set(soIds)].sort((a, b) => a - b);
    const arr = sql`${`{${ids.join(',')}}`}::int[]`;
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NS}, id) from unnest(${arr}) id order by id`);
    // The old rows' sums per day-cube key, kept to subtract once the new rows are in (one upsert per cube, in
    // key order: two saves touching the same keys lock them in the same order). The month cube's delta is the
    // day cube's summed by month.
    const { rows: oldRows } = await tx.execute<{ j: { etd: string }[] }>(sql`
      select coalesce(jsonb_agg(x), '[]'::jsonb) as j from (
        select ${cubeSums(true, 'etd')} from co2e_shipment_facts f where f.so_id = any(${arr}) group by ${DAY_KEY_F}) x`);
    const old = oldRows[0]?.j ?? [];
    await tx.execute(sql`delete from co2e_shipment_facts where so_id = any(${arr})`);
    await tx.execute(
      sql`insert into co2e_shipment_facts (${sql.raw(COLS)}) ${factsSql(sql`so.so_id = any(${arr})`)}`,
    );
    const delta = sql`d as (
        select ${cubeSums(false, 'etd')} from co2e_shipment_facts f where f.so_id = any(${arr}) group by ${DAY_KEY_F}
        union all
        select o.etd, o.office, o.mode, o.service, o.carrier_code, o.customer_id, o.pol, o.pod,
               -o.shipments, -o.kg_n, -o.kg, -o.teu, -o.tonnes, -o.dist_n, -o.dist_sum
          from jsonb_to_recordset(${JSON.stringify(old)}::jsonb) as o(etd date, office text, mode text,
               service text, carrier_code text, customer_id int, pol text, pod text, shipments int, kg_n int,
               kg numeric, teu numeric, tonnes numeric, dist_n int, dist_sum numeric))`;
    await tx.execute(sql`
      with ${delta}
      insert into co2e_cube (${sql.raw(CUBE_COLS)})
      select date_trunc('month', etd)::date as month, office, mode, service, carrier_code, customer_id, pol, pod,
             ${sql.raw(MEASURES_SUM)}
        from d group by ${sql.raw(CUBE_KEY)} order by ${sql.raw(CUBE_KEY)}
      on conflict (${sql.raw(CUBE_KEY)}) do update set ${addDelta('co2e_cube')}`);
    await tx.execute(sql`
      with ${delta}
      insert into co2e_lane_cube (${sql.raw(LANE_COLS)})
      select date_trunc('month', etd)::date as month, mode, customer_id, pol, pod, ${sql.raw(MEASURES_SUM)}
        from d group by ${sql.raw(LANE_KEY)} order by ${sql.raw(LANE_KEY)}
      on conflict (${sql.raw(LANE_KEY)}) do update set ${addDelta('co2e_lane_cube')}`);
    await tx.execute(sql`
      with ${delta}
      insert into co2e_day_cube (${sql.raw(DAY_COLS)})
      select ${sql.raw(DAY_KEY)}, ${sql.raw(MEASURES_SUM)}
        from d group by ${sql.raw(DAY_KEY)} order by ${sql.raw(DAY_KEY)}
      on conflict (${sql.raw(DAY_KEY)}) do update set ${addDelta('co2e_day_cube')}`);
    // Keys left without a shipment go (only the old rows' days and months can hold one).
    const days = [...new Set(old.map((o) => String(o.etd)))];
    if (days.length) {
      const months = [...new Set(days.map((d) => `${d.slice(0, 7)}-01`))];
      await tx.execute(
        sql`delete from co2e_cube where month = any(${`{${months.join(',')}}`}::date[]) and shipments = 0`,
      );
      await tx.execute(
        sql`delete from co2e_lane_cube where month = any(${`{${months.join(',')}}`}::date[]) and shipments = 0`,
      );
      await tx.execute(
        sql`delete from co2e_day_cube where etd = any(${`{${days.join(',')}}`}::date[]) and shipments = 0`,
      );
    }
  },

  async rebuildAll(tx: DbOrTx) {
    await tx.execute(sql`truncate co2e_shipment_facts, co2e_cube, co2e_day_cube, co2e_lane_cube`);
    await tx.execute(sql`insert into co2e_shipment_facts (${sql.raw(COLS)}) ${factsSql(sql`true`)}`);
    await tx.execute(sql`insert into co2e_day_cube (${sql.raw(DAY_COLS)})
      select ${cubeSums(false, 'etd')} from co2e_shipment_facts f group by ${DAY_KEY_F}`);
    // The month cube from the day cube: the same sums, from far fewer rows.
    await tx.execute(sql`insert into co2e_cube (${sql.raw(CUBE_COLS)})
      select date_trunc('month', etd)::date, office, mode, service, carrier_code, customer_id, pol, pod,
             ${sql.raw(MEASURES_SUM)}
        from co2e_day_cube group by 1, 2, 3, 4, 5, 6, 7, 8`);
    await tx.execute(sql`insert into co2e_lane_cube (${sql.raw(LANE_COLS)})
      select month, mode, customer_id, pol, pod, ${sql.raw(MEASURES_SUM)} from co2e_cube group by 1, 2, 3, 4, 5`);
  },

  /** The order's figure computed now from the reference tables (the booking detail's panel). */
  async live(db: DbOrTx, soId: number): Promise<Co2eFactRow | null> {
    const { rows } = await db.execute<Co2eFactRow & Record<string, unknown>>(sql`
      select x.so_id, x.so_no, x.etd::text as etd, x.pol, x.pod, x.mode, x.service, x.teu::text as teu,
             x.tonnes::text as tonnes, x.distance_km::text as distance_km, x.factor_unit, x.factor::text as factor,
             x.kg_co2e::text as kg_co2e, x.method, f.source, f.scope
        from (${factsSql(sql`so.so_id = ${soId}`)}) x
        left join lateral (
          select f.source, f.scope from co2e_factors f
           where f.mode = x.mode and (f.service = x.service or f.service = '*') and f.unit = x.factor_unit
           order by (f.service = x.service) desc limit 1) f on true`);
    return rows[0] ?? null;
  },

  /** Orders changed after the mark (platform/jobs/sweep-watermark.ts), in (time, id) order. */
  async changedOrdersSince(db: DbOrTx, after: SweepAfter, limit: number) {
    const { rows } = await db.execute<{ id: number; at: string }>(sql`
      select so_id as id, updated_at::text as at from shipping_orders
       where updated_at >= ${after.at}::timestamptz and (updated_at, so_id) > (${after.at}::timestamptz, ${after.id}::int)
       order by updated_at, so_id limit ${limit}`);
    return rows;
  },

  /** Facts exist but a cube was never built (a database from before session 26, or 27 for the day cube). */
  async cubeMissing(db: DbOrTx) {
    const { rows } = await db.execute<{ missing: boolean }>(sql`
      select exists (select 1 from co2e_shipment_facts)
         and (not exists (select 1 from co2e_cube) or not exists (select 1 from co2e_day_cube)
              or not exists (select 1 from co2e_lane_cube)) as missing`);
    return rows[0]?.missing === true;
  },

  async refreshState(db: DbOrTx) {
    const { rows } = await db.execute<{ orders_seen_at: string; orders_after_id: number | null }>(
      sql`select orders_seen_at::text as orders_seen_at, orders_after_id from co2e_refresh_state where id = 1`,
    );
    return rows[0] ?? null;
  },

  async setRefreshState(db: DbOrTx, mark: SweepMark) {
    await db.execute(sql`insert into co2e_refresh_state (id, orders_seen_at, orders_after_id)
      values (1, ${mark.at}, ${mark.afterId})
      on conflict (id) do update set orders_seen_at = excluded.orders_seen_at, orders_after_id = excluded.orders_after_id`);
  },

  async partyIdByCode(db: DbOrTx, code: string) {
    const { rows } = await db.execute<{ party_id: number }>(
      sql`select party_id from parties where upper(party_code) = upper(${code}) limit 1`,
    );
    return rows[0]?.party_id ?? null;
  },
};

/**
 * The page's groups in co2e_cube's shape, as a subquery to read with alias f (docs/co2e.md "Speed"): the whole
 * months of the period from co2e_cube and the days outside them (or the whole period when it holds no whole
 * month) from co2e_day_cube, so no read grows with the bookings. An external viewer (party scope) reads the facts.
 */
export function pageSource(actor: Actor, f: TAnalyticsFilters, customerId: number | null): SQL {
  const split = monthSplit(f.from, f.to);
  const visible = visibleSoIdsSql(actor);
  if (visible)
    return sql`(select ${CUBE_SUMS} from co2e_shipment_facts f where ${factsWhere(actor, f, customerId)}
      group by ${CUBE_KEY_F})`;
  const dims = filterBarSql(f, customerId);
  const and = dims.length ? sql` and ${sql.join(dims, sql` and `)}` : sql``;
  const branches: SQL[] = [];
  // No office, service or carrier filter: the whole months from the lane cube (a fraction of co2e_cube's rows;
  // the page groups by none of those columns). Its rows carry them as '' so the branches keep one shape.
  const coarse = !f.office && !f.service && !f.carrier;
  if (split && coarse)
    branches.push(sql`select f.month, ''::text as office, f.mode, ''::text as service, ''::text as carrier_code,
         f.customer_id, f.pol, f.pod, f.shipments, f.kg_n, f.kg, f.teu, f.tonnes, f.dist_n, f.dist_sum
         from co2e_lane_cube f
         where f.month between ${`${split.m1}-01`}::date and ${`${split.m2}-01`}::date${and}`);
  else if (split)
    branches.push(sql`select ${sql.raw(CUBE_COLS)} from co2e_cube f
         where f.month between ${`${split.m1}-01`}::date and ${`${split.m2}-01`}::date${and}`);
  const days = split ? split.edges : [[f.from, f.to] as const];
  if (days.length)
    branches.push(sql`select date_trunc('month', f.etd)::date as month, f.office, f.mode, f.service, f.carrier_code,
         f.customer_id, f.pol, f.pod, f.shipments, f.kg_n, f.kg, f.teu, f.tonnes, f.dist_n, f.dist_sum
         from co2e_day_cube f
        where (${sql.join(
          days.map(([a, b]) => sql`f.etd between ${a} and ${b}`),
          sql` or `,
        )})${and}`);
  return sql`(${sql.join(branches, sql` union all `)})`;
}

/** The filter bar's dimensions (not the period) on alias f: the same columns in co2e_cube and the facts. */
function filterBarSql(f: TAnalyticsFilters, customerId: number | null): SQL[] {
  const parts: SQL[] = [];
  if (f.office) parts.push(sql`f.office = ${f.office}`);
  if (f.mode) parts.push(sql`f.mode = ${f.mode}`);
  if (f.service) parts.push(sql`f.service = ${f.service}`);
  if (f.carrier) parts.push(sql`f.carrier_code = ${f.carrier}`);
  if (customerId !== null) parts.push(sql`f.customer_id = ${customerId}`);
  if (f.lane) {
    const [pol, pod] = f.lane.split('-');
    parts.push(sql`f.pol = ${pol ?? ''} and f.pod = ${pod ?? ''}`);
  }
  return parts;
}

/** The filter bar as a WHERE over co2e_shipment_facts (alias f); the customer given as its party id. */
export function factsWhere(
  actor: Actor,
  f: TAnalyticsFilters,
  customerId: number | null,
  drill: Record<string, string> = {},
): SQL {
  const parts: SQL[] = [sql`f.etd between ${f.from} and ${f.to}`, ...filterBarSql(f, customerId)];
  if (drill.month) parts.push(sql`f.month = ${`${drill.month}-01`}::date`);
  if (drill.mode) parts.push(sql`f.mode = ${drill.mode}`);
  if (drill.lane) {
    const [pol, pod] = drill.lane.split('-');
    parts.push(sql`f.pol = ${pol ?? ''} and f.pod = ${pod ?? ''}`);
  }
  if (drill.customer) parts.push(sql`f.customer_id = ${Number(drill.customer) || -1}`);
  if (drill.so) parts.push(sql`f.so_no = ${drill.so}`);
  const visible = visibleSoIdsSql(actor);
  if (visible) parts.push(sql`f.so_id in ${visible}`);
  return sql.join(parts, sql` and `);
}
