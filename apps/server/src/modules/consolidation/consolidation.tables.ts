import { CONSOL_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  containerColumns,
  day,
  measure as dec,
  equipmentColumns,
  localTime as local,
  proposalOfferColumns,
  proposedSailingColumns,
  remarkColumns,
  statusCheck,
  statusText,
  tsz,
} from '../../platform/db/columns';
import { shippingOrderRef } from '../booking/booking.tables';
import { partyRef } from '../party/party.tables';

/**
 * Consol plans (001 §3 Consolidation): LCL shipping orders grouped into containers. The lists filter on
 * status with the status clock, on the amended flag and on "not fully allocated" with the ETD, so each has
 * its index with consol_id as the keyset tiebreak.
 */
export const consolPlans = pgTable(
  'consol_plans',
  {
    consol_id: serial('consol_id').primaryKey(),
    consol_no: text('consol_no').notNull(),
    consol_type: text('consol_type').notNull(),
    /** The agent, buyer or shipper (as the type says) who approves the plan; parties of the plan's SOs too. */
    customer_party_id: partyRef('customer_party_id'),
    contact_office: text('contact_office').notNull(),
    handling_office: text('handling_office').notNull(),
    hbl_office: text('hbl_office'),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    etd: day('etd'),
    reference: text('reference'),
    agent_ref: text('agent_ref'),
    remarks: text('remarks'),
    status: statusText('status', CONSOL_STATUSES).notNull(),
    status_changed_at: tsz('status_changed_at').notNull().defaultNow(),
    approval_reason: text('approval_reason'),
    /** Set when an SO of the plan was amended after planning (amended_booking_pending) until accepted. */
    amended_at: tsz('amended_at'),
    /** Every SO's package qty, CBM and KG allocated to containers (load_plan_pending_allocation otherwise). */
    fully_allocated: boolean('fully_allocated').notNull().default(false),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('consol_plans_no_uq').on(t.consol_no),
    index('consol_plans_status_aged_idx').on(t.status, t.status_changed_at, t.consol_id),
    index('consol_plans_status_no_idx').on(t.status, t.consol_no, t.consol_id),
    index('consol_plans_updated_idx').on(t.updated_at, t.consol_id),
    index('consol_plans_etd_idx').on(t.etd, t.consol_id),
    index('consol_plans_customer_idx').on(t.customer_party_id),
    index('consol_plans_amended_idx').on(t.amended_at, t.consol_id).where(sql`${t.amended_at} is not null`),
    index('consol_plans_unallocated_idx')
      .on(t.etd, t.consol_id)
      .where(sql`not ${t.fully_allocated} and ${t.status} <> 'CANCELLED'`),
    index('consol_plans_search_trgm_idx').using('gin', sql`(lower(${t.consol_no})) gin_trgm_ops`),
    statusCheck('consol_plans', 'status', CONSOL_STATUSES),
  ],
);

/** Key and owner of a plan's child row (equipment, SOs, containers, allocations, remarks): deleted with the plan. */
const planLine = () => ({
  id: serial('id').primaryKey(),
  consol_id: integer('consol_id')
    .notNull()
    .references(() => consolPlans.consol_id, { onDelete: 'cascade' }),
});

/** Container sizes and quantities of a plan. */
export const consolEquipment = pgTable(
  'consol_equipment',
  {
    ...planLine(),
    ...equipmentColumns(),
  },
  (t) => [uniqueIndex('consol_equipment_line_uq').on(t.consol_id, t.line_no)],
);

/**
 * The SOs of a plan. so_id is unique: an SO belongs to at most one plan (001 §5 "An SO linked to another plan
 * is refused"; a cancelled plan releases its SOs). amended_changes holds what changed on the SO since it was
 * planned, until the planner accepts it.
 */
export const consolSos = pgTable(
  'consol_sos',
  {
    ...planLine(),
    so_id: shippingOrderRef('so_id').notNull(),
    line_no: smallint('line_no').notNull(),
    amended_changes: jsonb('amended_changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    amended_at: tsz('amended_at'),
  },
  (t) => [uniqueIndex('consol_sos_so_uq').on(t.so_id), index('consol_sos_consol_idx').on(t.consol_id)],
);

/** The load plan's containers (001 §3 Container). */
export const consolContainers = pgTable(
  'consol_containers',
  {
    ...planLine(),
    seq: smallint('seq').notNull(),
    ...containerColumns(),
    ownership: text('ownership').notNull().default('COC'),
    carrier_booking_no: text('carrier_booking_no'),
    vgm_kg: dec('vgm_kg'),
    actual_kg: dec('actual_kg'),
    cy_gate_in_at: local('cy_gate_in_at'),
    cfs_received_at: local('cfs_received_at'),
  },
  (t) => [
    uniqueIndex('consol_containers_seq_uq').on(t.consol_id, t.seq),
    // text_pattern_ops: the smart search's container-number prefix (LIKE 'ABCU12%') can use it in any
    // collation (a plain btree served only equality; the bench showed a sequential scan of the containers).
    index('consol_containers_no_idx').on(t.container_no.op('text_pattern_ops')),
  ],
);

/** SO/PO allocations to containers (001 §3 SO allocations). */
export const consolAllocations = pgTable(
  'consol_allocations',
  {
    ...planLine(),
    so_id: shippingOrderRef('so_id').notNull(),
    container_seq: smallint('container_seq').notNull(),
    package_qty: integer('package_qty').notNull(),
    cbm: dec('cbm').notNull(),
    kg: dec('kg').notNull(),
    loading_seq: integer('loading_seq'),
  },
  (t) => [index('consol_allocations_consol_idx').on(t.consol_id)],
);

/** Sailings (with rate) proposed to the customer; copied at proposal time like booking proposals. */
export const consolProposals = pgTable(
  'consol_proposals',
  {
    proposal_id: serial('proposal_id').primaryKey(),
    consol_id: integer('consol_id')
      .notNull()
      .references(() => consolPlans.consol_id, { onDelete: 'cascade' }),
    ...proposedSailingColumns(),
    currency: text('currency'),
    ...proposalOfferColumns(),
  },
  (t) => [uniqueIndex('consol_proposals_seq_uq').on(t.consol_id, t.seq)],
);

/**
 * Remarks of a plan (001 §3 "remarks with images"): sanitised HTML as on bookings (booking remark editor and
 * sanitiser), each visible to ALL or to INTERNAL users only.
 */
export const consolRemarks = pgTable(
  'consol_remarks',
  {
    ...planLine(),
    ...remarkColumns(),
  },
  (t) => [index('consol_remarks_consol_idx').on(t.consol_id, t.id)],
);

/**
 * Reference table: the capacity of each container size/type (ISO 6346 size/type code), with where the figures
 * come from. Seeded by consolidation.seed.ts; the load plan reads it, never code.
 */
export const containerCapacities = pgTable('container_capacities', {
  size_type: text('size_type').primaryKey(),
  iso_code: text('iso_code').notNull(),
  description: text('description').notNull(),
  length_mm: integer('length_mm').notNull(),
  height_mm: integer('height_mm').notNull(),
  capacity_cbm: dec('capacity_cbm').notNull(),
  max_payload_kg: dec('max_payload_kg').notNull(),
  source: text('source').notNull(),
});
