import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, day, tsz as ts } from '../../platform/db/columns';

/**
 * Planned against actual departure and arrival of each sailing (issue 17; docs/analytics.md "Carrier pages").
 * The sailing schedule keeps only its current ETD/ETA, so this table is fed from it: planned = the dates first
 * published (the oldest "from" of an ETD/ETA change in the sailing's history, else the current dates), actual =
 * the schedule's dates once they are past (operations move a late sailing's ETD/ETA; the dates it ends on are
 * what happened). source SCHEDULE rows are refreshed by the `carrier-actuals` job; RECORDED (a feed) and DEMO
 * rows are never overwritten.
 */
export const sailingActuals = pgTable(
  'sailing_actuals',
  {
    sailing_schedule_id: integer('sailing_schedule_id').primaryKey(),
    carrier_code: text('carrier_code').notNull(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    planned_etd: day('planned_etd').notNull(),
    planned_eta: day('planned_eta').notNull(),
    actual_departure: day('actual_departure'),
    actual_arrival: day('actual_arrival'),
    source: text('source').notNull(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('sailing_actuals_etd_idx').on(t.planned_etd, t.carrier_code),
    index('sailing_actuals_carrier_idx').on(t.carrier_code, t.planned_etd),
  ],
);

/**
 * Roll-overs: a booking moved to a later sailing (its sailing, vessel or voyage changed and its ETD moved later),
 * recorded by the booking amendment hook in the save's transaction. Nothing else in the portal keeps this.
 */
export const bookingRollovers = pgTable(
  'booking_rollovers',
  {
    id: serial('id').primaryKey(),
    so_id: integer('so_id').notNull(),
    so_no: text('so_no').notNull(),
    /** The carrier of the sailing the booking was rolled from (it failed to load the cargo). */
    carrier_code: text('carrier_code').notNull(),
    from_sailing_id: integer('from_sailing_id'),
    to_sailing_id: integer('to_sailing_id'),
    from_etd: day('from_etd').notNull(),
    to_etd: day('to_etd').notNull(),
    rolled_at: ts('rolled_at').notNull().defaultNow(),
  },
  (t) => [
    index('booking_rollovers_carrier_idx').on(t.carrier_code, t.from_etd),
    index('booking_rollovers_etd_idx').on(t.from_etd),
    index('booking_rollovers_so_idx').on(t.so_id),
  ],
);

/**
 * Carrier service contracts with their minimum quantity commitment (MQC, in TEU) over the contract period,
 * optionally for some trade lanes only ("POL-POD"; none = every lane). Maintained on
 * /BMS/carrier_contract_maintenance; the CarrierMQC page sets the TEU shipped against them.
 */
export const carrierContracts = pgTable(
  'carrier_contracts',
  {
    contract_id: serial('contract_id').primaryKey(),
    carrier_code: text('carrier_code').notNull(),
    contract_no: text('contract_no').notNull(),
    valid_from: day('valid_from').notNull(),
    valid_to: day('valid_to').notNull(),
    mqc_teu: numeric('mqc_teu', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    lanes: text('lanes').array().notNull().default(sql`'{}'::text[]`),
    remarks: text('remarks'),
    status: text('status').notNull().default('A'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('carrier_contracts_no_uq').on(t.carrier_code, sql`upper(${t.contract_no})`),
    index('carrier_contracts_period_idx').on(t.valid_to, t.valid_from),
  ],
);

/** The actuals job's watermark over sailing_schedules.updated_at (one row). */
export const carrierActualsState = pgTable('carrier_actuals_state', {
  id: integer('id').primaryKey(),
  sailings_seen_at: ts('sailings_seen_at').notNull(),
  /** When carrier_reliability_cube was last rebuilt whole; null: never (the next refresh rebuilds it). */
  cube_built_at: ts('cube_built_at'),
});

const n = (name: string) => integer(name).notNull().default(0);
/**
 * sailing_actuals summed by planned-ETD month × carrier × POL × POD (docs/analytics.md "Carrier pages"): the
 * additive parts of schedule reliability, so an average of the late ones is late_days ÷ late_n. On time = within
 * ±SCHEDULE_ON_TIME_DAYS (fixed when the rows are written). Kept by refreshSailingActuals (the touched keys
 * recomputed in the same transaction) and rebuilt by the demo seed and repairs; the days of a period outside
 * whole months are read from sailing_actuals itself.
 */
export const carrierReliabilityCube = pgTable(
  'carrier_reliability_cube',
  {
    month: text('month').notNull(),
    carrier_code: text('carrier_code').notNull(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    sailings: n('sailings'),
    dep_n: n('dep_n'),
    dep_on: n('dep_on'),
    dep_late_n: n('dep_late_n'),
    dep_late_days: n('dep_late_days'),
    arr_n: n('arr_n'),
    arr_on: n('arr_on'),
    arr_late_n: n('arr_late_n'),
    arr_late_days: n('arr_late_days'),
  },
  (t) => [
    primaryKey({ name: 'carrier_reliability_cube_pk', columns: [t.month, t.carrier_code, t.pol, t.pod] }),
    index('carrier_reliability_cube_carrier_idx').on(t.carrier_code, t.month),
  ],
);
