import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, numeric, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The column kinds the tables share (issue 41: one definition each instead of one per tables file).
/** A moment: timestamp with time zone, read and written as an ISO string. */
export const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
/** PostgreSQL's text of a UTC moment: "2026-11-28 12:00:19.123456+00" (DateStyle ISO, TimeZone UTC). */
const UTC_MOMENT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;
/**
 * A moment column's text (tsz) as ISO 8601 in UTC to the millisecond, what `new Date(text).toISOString()`
 * answers: by the text when PostgreSQL wrote it in UTC (toISOString is ~1.3 µs a call on Node 24, and a list
 * page presents two moments a row: issue 40, session 56), through Date otherwise (another zone's offset).
 */
export function isoMoment(text: string): string {
  const m = UTC_MOMENT.exec(text);
  if (!m) return new Date(text).toISOString();
  return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/** Port-local wall-clock time (cut-offs, gate-in) as the carrier or terminal publishes it: no zone. */
export const localTime = (name: string) => timestamp(name, { mode: 'string' });
/** A calendar day, 'YYYY-MM-DD'. */
export const day = (name: string) => date(name, { mode: 'string' });
/** A cargo measure (kg, cbm, packages' weight) to the gram / litre: numeric(15,3). */
export const measure = (name: string) => numeric(name, { precision: 15, scale: 3, mode: 'string' });
/** A quantity of an analysis or a report (up to 18 digits, 3 decimals): numeric(18,3). */
export const quantity = (name: string) => numeric(name, { precision: 18, scale: 3, mode: 'string' });
/**
 * Money in any currency, base amounts too: numeric(18,4) holds the widest minor units (MONEY_MAX_SCALE); shown in
 * its currency's minor units, contracts money.ts does the arithmetic.
 */
export const amount = (name: string) => numeric(name, { precision: 18, scale: 4, mode: 'string' });
/** An exchange rate: numeric(18,6). */
export const exchangeRate = (name: string) => numeric(name, { precision: 18, scale: 6, mode: 'string' });

/** Audit and optimistic-concurrency columns every business table carries (ARCHITECTURE "Data"). */
export const auditColumns = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  created_by: text('created_by'),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_by: text('updated_by'),
  version: integer('version').notNull().default(1),
};

/*
 * Column groups several modules' tables share (issue 41 finding 5): each a function, so every table spreads fresh
 * builders (`...sailingColumns()`); the columns, their order and their constraints are those the tables had.
 */

/** A sailing as a shipment names it: carrier, vessel, voyage and the lane (POL → POD), all required. */
export const sailingColumns = () => ({
  carrier_code: text('carrier_code').notNull(),
  vessel_name: text('vessel_name').notNull(),
  voyage: text('voyage').notNull(),
  pol: text('pol').notNull(),
  pod: text('pod').notNull(),
});

/**
 * A sailing (with its rate) proposed to a customer, copied at proposal time (booking and consol proposals): its
 * order among the proposals, the links to the schedule and the rate, and the sailing itself.
 */
export const proposedSailingColumns = () => ({
  seq: smallint('seq').notNull(),
  sailing_id: integer('sailing_id').notNull(),
  rate_id: integer('rate_id'),
  ...sailingColumns(),
  etd: day('etd').notNull(),
  eta: day('eta').notNull(),
});

/** A proposal's price, remarks, whether the customer chose it, and who proposed it when. */
export const proposalOfferColumns = () => ({
  // numeric(18,4): any currency's minor units (money.ts); presented with the proposal currency's decimals.
  total_rate: amount('total_rate'),
  remarks: text('remarks'),
  is_selected: boolean('is_selected').notNull().default(false),
  created_at: tsz('created_at').notNull().defaultNow(),
  created_by: text('created_by'),
});

/** A sailing's cut-offs as the carrier publishes them: port-local wall-clock times. */
export const cutoffColumns = () => ({
  cfs_cutoff: localTime('cfs_cutoff'),
  cy_cutoff: localTime('cy_cutoff'),
  vgm_cutoff: localTime('vgm_cutoff'),
  si_cutoff: localTime('si_cutoff'),
});

/** A line of requested equipment: container size/type and how many. */
export const equipmentColumns = () => ({
  line_no: smallint('line_no').notNull(),
  size_type: text('size_type').notNull(),
  qty: integer('qty').notNull(),
});

/** What identifies a container on a load plan or a bill: size/type, then number and seal once known. */
export const containerColumns = () => ({
  size_type: text('size_type').notNull(),
  container_no: text('container_no'),
  seal_no: text('seal_no'),
});

/** A cargo line's measures, all required: packages, gross weight (kg) and volume (cbm). */
export const cargoMeasureColumns = () => ({
  package_qty: integer('package_qty').notNull(),
  gross_weight: measure('gross_weight').notNull(),
  cbm: measure('cbm').notNull(),
});

/** A remark with images (sanitised HTML), who may see it (ALL or INTERNAL) and who wrote it when. */
export const remarkColumns = () => ({
  html: text('html').notNull(),
  visible_to: text('visible_to').notNull().default('ALL'),
  created_at: tsz('created_at').notNull().defaultNow(),
  created_by: text('created_by'),
  created_uid: uuid('created_uid'),
});

/**
 * A status column typed from its contract list (issue 41): selects come back as the list's union, writes accept
 * only its values. Pair it with `statusCheck` over the same list, so the database refuses what the type refuses.
 */
export const statusText = <T extends string>(name: string, _values: readonly T[]) => text(name).$type<T>();

/** `"<column>" in ('A', 'B', …)` of a contract list: the SQL of a status CHECK (and of a partial-index predicate). */
export const statusIn = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`);

/**
 * The CHECK that a status column holds a value of its contract list, named `<table>_<column>_check` (issue 41).
 * Generated from the list, so a value added to the contract comes with its migration (drizzle-kit generate);
 * `status-checks.test.ts` compares the constraints in the database with the lists. A null passes (nullable columns).
 */
export const statusCheck = (table: string, column: string, values: readonly string[]) =>
  check(`${table}_${column}_check`, statusIn(column, values));
