import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { quantity as qty, tsz } from '../../platform/db/columns';

/**
 * The measures every shipment table carries (docs/analytics.md "Aggregates"), all additive so a cube row is
 * the plain sum of its facts: bookings (every order), shipments (orders not cancelled), e-bookings, confirmed
 * orders and their hours from creation to confirmation, cancelled orders; TEU, CBM and gross kg of the orders
 * not cancelled (a cancelled order's volume is 0, so sums never count it).
 */
const measures = () => ({
  bookings: integer('bookings').notNull().default(0),
  shipments: integer('shipments').notNull().default(0),
  ebookings: integer('ebookings').notNull().default(0),
  confirmed: integer('confirmed').notNull().default(0),
  cancelled: integer('cancelled').notNull().default(0),
  confirm_hours: qty('confirm_hours').notNull().default('0'),
  teu: qty('teu').notNull().default('0'),
  cbm: qty('cbm').notNull().default('0'),
  kg: qty('kg').notNull().default('0'),
});

/** The key columns the cubes share: ETD month, handling office, mode, service. */
const baseKeys = () => ({
  month: text('month').notNull(),
  office: text('office').notNull(),
  mode: text('mode').notNull(),
  service: text('service').notNull(),
});

/**
 * One row per shipping order with its analytics attributes (docs/analytics.md): kept by the booking amendment
 * hook in the same transaction and by the `analytics-refresh` sweep (every minute) for everything else.
 * External viewers and filters the cubes cannot answer (a customer, a period not on month boundaries) read it.
 */
export const analyticsShipmentFacts = pgTable(
  'analytics_shipment_facts',
  {
    so_id: integer('so_id').primaryKey(),
    so_no: text('so_no').notNull(),
    etd: date('etd', { mode: 'string' }).notNull(),
    ...baseKeys(),
    /** '' while no carrier is assigned (cube keys cannot hold nulls). */
    carrier: text('carrier').notNull(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    customer_id: integer('customer_id').notNull(),
    /** The agent of the shipment: the release (destination) agent, else the nomination agent; 0 when none. */
    agent_id: integer('agent_id').notNull(),
    status: text('status').notNull(),
    /** EBOOKING or MANUAL. */
    channel: text('channel').notNull(),
    /** Every party on the order (shipper, customer, consignee, notify, agents): the external viewer's scope. */
    party_ids: integer('party_ids').array().notNull(),
    created_at: tsz('created_at').notNull(),
    confirmed_at: tsz('confirmed_at'),
    ...measures(),
  },
  (t) => [
    index('analytics_facts_etd_idx').on(t.etd, t.so_id),
    index('analytics_facts_customer_idx').on(t.customer_id, t.etd),
    index('analytics_facts_agent_idx').on(t.agent_id, t.etd),
    index('analytics_facts_parties_idx').using('gin', t.party_ids),
  ],
);

/**
 * Facts summed by month × office × mode × service only: the smallest cube (at most months × offices × modes ×
 * services rows), read by every figure grouped and filtered by nothing finer (KPIs, by month, by service).
 */
export const analyticsBaseCube = pgTable('analytics_base_cube', { ...baseKeys(), ...measures() }, (t) => [
  primaryKey({ name: 'analytics_base_cube_pk', columns: [t.month, t.office, t.mode, t.service] }),
]);

/**
 * Facts summed by month × office × mode × service × carrier: the carrier groupings and filters (CarrierReportPBI,
 * the bookings of CarrierPerformance) without the lanes' combinations.
 */
export const analyticsCarrierCube = pgTable(
  'analytics_carrier_cube',
  { ...baseKeys(), carrier: text('carrier').notNull(), ...measures() },
  (t) => [
    primaryKey({
      name: 'analytics_carrier_cube_pk',
      columns: [t.month, t.office, t.mode, t.service, t.carrier],
    }),
  ],
);

/**
 * Facts summed by month × office × mode × service × POL × POD: the top lanes every volume page charts, and the
 * lane filter, without the carriers' combinations (a tenth of the ship cube's rows or less).
 */
export const analyticsLaneCube = pgTable(
  'analytics_lane_cube',
  { ...baseKeys(), pol: text('pol').notNull(), pod: text('pod').notNull(), ...measures() },
  (t) => [
    primaryKey({
      name: 'analytics_lane_cube_pk',
      columns: [t.month, t.office, t.mode, t.service, t.pol, t.pod],
    }),
  ],
);

/** Facts summed by month × office × mode × service × carrier × POL × POD: carrier and lane together. */
export const analyticsShipCube = pgTable(
  'analytics_ship_cube',
  {
    ...baseKeys(),
    carrier: text('carrier').notNull(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    ...measures(),
  },
  (t) => [
    primaryKey({
      name: 'analytics_ship_cube_pk',
      columns: [t.month, t.office, t.mode, t.service, t.carrier, t.pol, t.pod],
    }),
  ],
);

/** Facts summed by month × office × mode × service × agent: the agent pages. */
export const analyticsAgentCube = pgTable(
  'analytics_agent_cube',
  { ...baseKeys(), agent_id: integer('agent_id').notNull(), ...measures() },
  (t) => [
    primaryKey({
      name: 'analytics_agent_cube_pk',
      columns: [t.month, t.office, t.mode, t.service, t.agent_id],
    }),
  ],
);

/** Facts summed by month × office × mode × service × customer: the customer groupings and filters. */
export const analyticsCustomerCube = pgTable(
  'analytics_customer_cube',
  { ...baseKeys(), customer_id: integer('customer_id').notNull(), ...measures() },
  (t) => [
    primaryKey({
      name: 'analytics_customer_cube_pk',
      columns: [t.month, t.office, t.mode, t.service, t.customer_id],
    }),
  ],
);

/** Facts summed by month × office × mode × service × status × channel: BookingPBI. */
export const analyticsBookingCube = pgTable(
  'analytics_booking_cube',
  { ...baseKeys(), status: text('status').notNull(), channel: text('channel').notNull(), ...measures() },
  (t) => [
    primaryKey({
      name: 'analytics_booking_cube_pk',
      columns: [t.month, t.office, t.mode, t.service, t.status, t.channel],
    }),
  ],
);

/**
 * Day-grain twins of the cubes (ETD instead of ETD month, the same other keys): a period's days before and after
 * its whole months (e.g. this month up to today) are summed from these instead of the facts, so a page never
 * reads a number of rows that grows with the bookings. The ship cube has no twin (per day it is nearly as fine
 * as the facts): its edges come from the facts.
 */
const dayKeys = () => ({
  etd: date('etd', { mode: 'string' }).notNull(),
  office: text('office').notNull(),
  mode: text('mode').notNull(),
  service: text('service').notNull(),
});

export const analyticsBaseDayCube = pgTable(
  'analytics_base_day_cube',
  { ...dayKeys(), ...measures() },
  (t) => [primaryKey({ name: 'analytics_base_day_cube_pk', columns: [t.etd, t.office, t.mode, t.service] })],
);

export const analyticsCarrierDayCube = pgTable(
  'analytics_carrier_day_cube',
  { ...dayKeys(), carrier: text('carrier').notNull(), ...measures() },
  (t) => [
    primaryKey({
      name: 'analytics_carrier_day_cube_pk',
      columns: [t.etd, t.office, t.mode, t.service, t.carrier],
    }),
  ],
);

export const analyticsLaneDayCube = pgTable(
  'analytics_lane_day_cube',
  { ...dayKeys(), pol: text('pol').notNull(), pod: text('pod').notNull(), ...measures() },
  (t) => [
    primaryKey({
      name: 'analytics_lane_day_cube_pk',
      columns: [t.etd, t.office, t.mode, t.service, t.pol, t.pod],
    }),
  ],
);

export const analyticsCustomerDayCube = pgTable(
  'analytics_customer_day_cube',
  { ...dayKeys(), customer_id: integer('customer_id').notNull(), ...measures() },
  (t) => [
    primaryKey({
      name: 'analytics_customer_day_cube_pk',
      columns: [t.etd, t.office, t.mode, t.service, t.customer_id],
    }),
  ],
);

export const analyticsAgentDayCube = pgTable(
  'analytics_agent_day_cube',
  { ...dayKeys(), agent_id: integer('agent_id').notNull(), ...measures() },
  (t) => [
    primaryKey({
      name: 'analytics_agent_day_cube_pk',
      columns: [t.etd, t.office, t.mode, t.service, t.agent_id],
    }),
  ],
);

export const analyticsBookingDayCube = pgTable(
  'analytics_booking_day_cube',
  { ...dayKeys(), status: text('status').notNull(), channel: text('channel').notNull(), ...measures() },
  (t) => [
    primaryKey({
      name: 'analytics_booking_day_cube_pk',
      columns: [t.etd, t.office, t.mode, t.service, t.status, t.channel],
    }),
  ],
);

/** Watermark of the `analytics-refresh` sweep (orders whose updated_at passed it are refreshed). */
export const analyticsRefreshState = pgTable('analytics_refresh_state', {
  id: integer('id').primaryKey(),
  orders_seen_at: tsz('orders_seen_at').notNull(),
  /** After a full batch: the last order read at orders_seen_at (platform/jobs/sweep-watermark.ts). */
  orders_after_id: integer('orders_after_id'),
  /** When the facts and cubes were last rebuilt from scratch. */
  rebuilt_at: tsz('rebuilt_at').notNull().defaultNow(),
});
