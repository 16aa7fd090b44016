import {
  APPROVAL_STATUSES,
  BOOKING_STATUSES,
  CARRIER_BOOKING_STATUSES,
  SI_STATUSES,
  SPACE_STATUSES,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  cargoMeasureColumns,
  day,
  measure as dec,
  equipmentColumns,
  localTime as local,
  remarkColumns,
  statusCheck,
  statusText,
  tsz,
} from '../../platform/db/columns';
import { partyRef } from '../party/party.tables';

/**
 * Shipping orders (001 §3 Shipping order). One row per SO; lines in the child tables below. Party columns
 * point at parties; places are UN/LOCODEs. Lists filter on (status, ageing clock) and sort on so_no, etd or
 * updated_at, so those are indexed with so_id as the keyset tiebreak.
 */
export const shippingOrders = pgTable(
  'shipping_orders',
  {
    so_id: serial('so_id').primaryKey(),
    so_no: text('so_no').notNull(),
    job_no: text('job_no'),
    hbl_no: text('hbl_no'),
    po_no: text('po_no'),
    master_so_no: text('master_so_no'),
    /** The user who created it (an e-booking's submitter). */
    user_uid: uuid('user_uid'),
    status: statusText('status', BOOKING_STATUSES).notNull(),
    /** Status held before a cancel request, restored by reject_cancel. */
    status_before_cancel: statusText('status_before_cancel', BOOKING_STATUSES),
    /** When the status last changed: the ageing clock of the pending lists. */
    status_changed_at: tsz('status_changed_at').notNull().defaultNow(),
    is_e_booking: boolean('is_e_booking').notNull().default(false),
    // Transport
    transport_mode: text('transport_mode').notNull(),
    service_type: text('service_type').notNull(),
    delivery_type: text('delivery_type').notNull(),
    business_type: text('business_type').notNull(),
    // Parties and places
    shipper_id: partyRef('shipper_id').notNull(),
    customer_id: partyRef('customer_id').notNull(),
    consignee_id: partyRef('consignee_id').notNull(),
    notify_id: partyRef('notify_id'),
    nomination_agent_id: partyRef('nomination_agent_id'),
    release_agent_id: partyRef('release_agent_id'),
    salesman: text('salesman'),
    handling_office: text('handling_office').notNull(),
    por: text('por'),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    pld: text('pld').notNull(),
    fd: text('fd').notNull(),
    // Dates
    etd: day('etd').notNull(),
    eta: day('eta').notNull(),
    pld_eta: day('pld_eta'),
    fd_eta: day('fd_eta'),
    cargo_ready_date: day('cargo_ready_date').notNull(),
    projected_etd: day('projected_etd'),
    // Sailing and rate. Carrier, vessel, voyage and closings stay empty until operations know them (an
    // e-booking); confirming requires them (sailingRequired in contracts booking-rules.ts).
    sailing_id: integer('sailing_id'),
    carrier_code: text('carrier_code'),
    vessel_name: text('vessel_name'),
    voyage: text('voyage'),
    rate_id: integer('rate_id'),
    cfs_closing: local('cfs_closing'),
    cy_closing: local('cy_closing'),
    vgm_closing: local('vgm_closing'),
    si_closing: local('si_closing'),
    // Terms and cargo
    incoterms: text('incoterms').notNull(),
    incoterms_location: text('incoterms_location'),
    freight_term: text('freight_term').notNull(),
    is_dangerous: boolean('is_dangerous').notNull().default(false),
    un_no: text('un_no'),
    commodity: text('commodity'),
    marks: text('marks'),
    goods_description: text('goods_description'),
    package_qty: integer('package_qty'),
    package_unit: text('package_unit'),
    gross_weight: dec('gross_weight'),
    cbm: dec('cbm'),
    space_status: statusText('space_status', SPACE_STATUSES).notNull().default('PENDING'),
    booking_condition: text('booking_condition').notNull().default('NORMAL'),
    // Contract (internal only) and references
    contract_type: text('contract_type'),
    contract_no: text('contract_no'),
    shipper_ref: text('shipper_ref'),
    agent_ref: text('agent_ref'),
    consignee_ref: text('consignee_ref'),
    forwarder_ref: text('forwarder_ref'),
    // Flags and documents
    is_consolidatable: boolean('is_consolidatable').notNull().default(false),
    /**
     * The SO stands in a consol plan (consol_sos holds it). Written only by the consolidation module, in the
     * transaction that adds or removes the plan's SOs; it exists so the partial indexes below hold exactly the
     * pending_consolidation_creation rows (an anti-join with consol_sos cannot be an index predicate).
     */
    in_consol_plan: boolean('in_consol_plan').notNull().default(false),
    /**
     * Where the shipment comes from: STANDARD (booked in the portal) or OMS (created from a buyer's order
     * management system, PO-driven). Consolidation keeps OMS shipments apart and fully allocated (001 §5).
     */
    shipment_type: text('shipment_type').notNull().default('STANDARD'),
    originals_count: smallint('originals_count').notNull().default(3),
    transport_document: text('transport_document').notNull().default('OBL'),
    is_to_order: boolean('is_to_order').notNull().default(false),
    hide_party_address: boolean('hide_party_address').notNull().default(false),
    // Sub-states
    si_status: statusText('si_status', SI_STATUSES).notNull().default('PENDING'),
    si_submitted_at: tsz('si_submitted_at'),
    carrier_booking_status: statusText('carrier_booking_status', CARRIER_BOOKING_STATUSES)
      .notNull()
      .default('NOT_SENT'),
    carrier_submitted_at: tsz('carrier_submitted_at'),
    confirmed_at: tsz('confirmed_at'),
    cancel_reason: text('cancel_reason'),
    /** A closed job blocks recovering the booking (001 §8 validation by job). */
    job_closed: boolean('job_closed').notNull().default(false),
    // Booking approval (issue 6)
    approval_status: statusText('approval_status', APPROVAL_STATUSES),
    approval_status_at: tsz('approval_status_at'),
    /** The customer's rejection reason (or the last approval action's reason). */
    approval_reason: text('approval_reason'),
    /** Operations changed the proposal after the customer's decision (list booking_approval_updated_by_mr). */
    approval_updated_by_mr: boolean('approval_updated_by_mr').notNull().default(false),
    /** The customer changed its decision (list booking_approval_updated_by_customer). */
    approval_updated_by_customer: boolean('approval_updated_by_customer').notNull().default(false),
    /** The proposal (booking_proposals) approved by the customer or given as booking advice. */
    approved_proposal_id: integer('approved_proposal_id'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('shipping_orders_so_no_uq').on(t.so_no),
    index('shipping_orders_job_no_idx').on(t.job_no),
    index('shipping_orders_hbl_no_idx').on(t.hbl_no),
    index('shipping_orders_status_aged_idx').on(t.status, t.status_changed_at, t.so_id),
    // Ageing clock of the confirmed lists (booking_confirmed, booking_pending_si): dashboard colour counts.
    index('shipping_orders_status_confirmed_idx').on(
      t.status,
      sql`coalesce(${t.confirmed_at}, ${t.status_changed_at})`,
      t.so_id,
    ),
    // Dashboard colour counts of booking_confirmed (not yet approved) and booking_pending_si: each partial index
    // holds exactly that list's rows by its ageing clock, so "older than N hours" is one short range scan
    // (without them PostgreSQL filtered every confirmed order: 0.6-1.1 s at 1,000,000 bookings). The raw clock
    // columns are in the key too, so the counts are index-only scans (an expression alone is not enough).
    index('shipping_orders_confirmed_unapproved_aged_idx')
      .on(
        sql`coalesce(${t.confirmed_at}, ${t.status_changed_at})`,
        t.so_id,
        t.confirmed_at,
        t.status_changed_at,
      )
      .where(sql`${t.status} = 'CONFIRMED' and ${t.approval_status} is distinct from 'APPROVED'`),
    index('shipping_orders_pending_si_aged_idx')
      .on(
        sql`coalesce(${t.confirmed_at}, ${t.status_changed_at})`,
        t.so_id,
        t.confirmed_at,
        t.status_changed_at,
      )
      .where(sql`${t.status} = 'CONFIRMED' and ${t.si_status} = 'PENDING'`),
    index('shipping_orders_created_idx').on(t.created_at, t.so_id),
    index('shipping_orders_eta_idx').on(t.eta, t.so_id),
    index('shipping_orders_status_changed_idx').on(t.status_changed_at, t.so_id),
    index('shipping_orders_status_so_idx').on(t.status, t.so_no),
    // booking_pending_si: CONFIRMED with SI pending, by SO# (the count and first page would otherwise filter
    // si_status over every confirmed order).
    index('shipping_orders_status_si_so_idx').on(t.status, t.si_status, t.so_no, t.so_id),
    index('shipping_orders_status_etd_idx').on(t.status, t.etd, t.so_id),
    index('shipping_orders_etd_idx').on(t.etd, t.so_id),
    // Report writer and analytics by office and period (docs/report-writer.md "Figures"): office × ETD month with
    // count and CBM is an index-only scan of this (1M bookings: 3.0 → 0.9 s for all rows, 1.7 s → 0.1 s for one
    // office over 6 months; the table itself is ~500 MB, this index ~30 MB).
    index('shipping_orders_office_etd_idx').on(t.handling_office, t.etd, t.cbm),
    index('shipping_orders_updated_idx').on(t.updated_at, t.so_id),
    index('shipping_orders_lane_idx').on(t.pol, t.pod, t.etd),
    index('shipping_orders_master_so_idx').on(t.master_so_no),
    index('shipping_orders_shipper_idx').on(t.shipper_id),
    index('shipping_orders_customer_idx').on(t.customer_id),
    index('shipping_orders_consignee_idx').on(t.consignee_id),
    index('shipping_orders_notify_idx').on(t.notify_id),
    index('shipping_orders_nom_agent_idx').on(t.nomination_agent_id),
    index('shipping_orders_rel_agent_idx').on(t.release_agent_id),
    index('shipping_orders_approval_idx').on(t.approval_status, t.approval_status_at, t.so_id),
    // The approval-status lists by SO# (request_approval, pending_customer_approval, booking_approved, _rejected,
    // _advice; pending_for_approval as approval_status IS NULL): page 1 and keyset pages read 20 entries in
    // order instead of sorting every row of that status (docs/booking.md "Approval lists at scale").
    index('shipping_orders_approval_so_idx').on(t.approval_status, t.so_no, t.so_id),
    // Approval lists (booking-approval.lists.ts): each partial index holds exactly one list's rows.
    index('shipping_orders_approval_search_idx')
      .on(t.so_no, t.so_id)
      .where(sql`${t.status} in ('CONFIRMED', 'RECOVERED') or ${t.approval_status} is not null`),
    // The raw clock columns in the key make its dashboard colour counts index-only (363 → ~20 ms at 1M).
    index('shipping_orders_approval_pending_idx')
      .on(
        sql`coalesce(${t.confirmed_at}, ${t.status_changed_at})`,
        t.so_id,
        t.confirmed_at,
        t.status_changed_at,
      )
      .where(sql`${t.status} = 'CONFIRMED' and ${t.approval_status} is null`),
    // pending_consolidation_creation (modules/consolidation): LCL consolidatable confirmed SOs in no plan. Each
    // partial index holds only that backlog (not every consolidatable SO ever planned), so the first page by
    // SO#, the capped count and the dashboard's colour counts by the confirmation clock are short scans.
    index('shipping_orders_consol_pending_idx')
      .on(t.so_no, t.so_id)
      .where(
        sql`${t.service_type} = 'LCL' and ${t.is_consolidatable} and ${t.status} in ('CONFIRMED', 'RECOVERED') and not ${t.in_consol_plan}`,
      ),
    index('shipping_orders_consol_pending_aged_idx')
      .on(
        sql`coalesce(${t.confirmed_at}, ${t.status_changed_at})`,
        t.so_id,
        t.confirmed_at,
        t.status_changed_at,
      )
      .where(
        sql`${t.service_type} = 'LCL' and ${t.is_consolidatable} and ${t.status} in ('CONFIRMED', 'RECOVERED') and not ${t.in_consol_plan}`,
      ),
    index('shipping_orders_approval_by_mr_idx')
      .on(t.approval_status_at, t.so_id)
      .where(sql`${t.approval_updated_by_mr}`),
    index('shipping_orders_approval_by_customer_idx')
      .on(t.approval_status_at, t.so_id)
      .where(sql`${t.approval_updated_by_customer}`),
    index('shipping_orders_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.so_no} || ' ' || coalesce(${t.job_no}, '') || ' ' || coalesce(${t.hbl_no}, '') || ' ' || coalesce(${t.po_no}, ''))) gin_trgm_ops`,
    ),
    statusCheck('shipping_orders', 'status', BOOKING_STATUSES),
    statusCheck('shipping_orders', 'status_before_cancel', BOOKING_STATUSES),
    statusCheck('shipping_orders', 'space_status', SPACE_STATUSES),
    statusCheck('shipping_orders', 'si_status', SI_STATUSES),
    statusCheck('shipping_orders', 'carrier_booking_status', CARRIER_BOOKING_STATUSES),
    statusCheck('shipping_orders', 'approval_status', APPROVAL_STATUSES),
  ],
);

/** A column naming a shipping order (a plan's or a master bill's SOs): chain `.notNull()` where it is required. */
export const shippingOrderRef = (name: string) => integer(name).references(() => shippingOrders.so_id);

/** Key and owner of a shipping order's child row (lines, parties, remarks, messages): deleted with the order. */
export const orderLine = () => ({
  id: serial('id').primaryKey(),
  so_id: integer('so_id')
    .notNull()
    .references(() => shippingOrders.so_id, { onDelete: 'cascade' }),
});

/** Requested equipment: container size/type and quantity. */
export const soEquipment = pgTable(
  'so_equipment',
  {
    ...orderLine(),
    ...equipmentColumns(),
  },
  (t) => [index('so_equipment_so_idx').on(t.so_id)],
);

/** Container lines (001 §3 Container line). */
export const soContainers = pgTable(
  'so_containers',
  {
    ...orderLine(),
    line_no: smallint('line_no').notNull(),
    container_no: text('container_no'),
    size_type: text('size_type').notNull(),
    seal_no: text('seal_no'),
    carrier_booking_no: text('carrier_booking_no'),
    package_qty: integer('package_qty'),
    gross_weight: dec('gross_weight'),
    cbm: dec('cbm'),
    ex_factory_date: day('ex_factory_date'),
    cfs_received_at: local('cfs_received_at'),
    cy_gate_in_at: local('cy_gate_in_at'),
    vgm_weight: dec('vgm_weight'),
    vgm_method: text('vgm_method'),
  },
  (t) => [
    index('so_containers_so_idx').on(t.so_id),
    // Prefix search by container number (text_pattern_ops serves LIKE 'ABC%').
    index('so_containers_no_idx').using('btree', sql`${t.container_no} text_pattern_ops`),
  ],
);

/** Cargo by HS code. */
export const soHsLines = pgTable(
  'so_hs_lines',
  {
    ...orderLine(),
    line_no: smallint('line_no').notNull(),
    hs_code: text('hs_code').notNull(),
    description: text('description'),
    ...cargoMeasureColumns(),
  },
  (t) => [index('so_hs_lines_so_idx').on(t.so_id)],
);

/** A filing party's name and address (ISF and ENS parties, ISF profiles); the country column follows it. */
const partyAddress = () => ({
  name: text('name').notNull(),
  address1: text('address1').notNull(),
  address2: text('address2'),
  city: text('city').notNull(),
  state: text('state'),
  zip: text('zip'),
});

/** ISF parties of a shipping order (001 §3 ISF parties). */
export const soIsfParties = pgTable(
  'so_isf_parties',
  {
    ...orderLine(),
    role: text('role').notNull(),
    ...partyAddress(),
    country_code: text('country_code').notNull(),
    country_of_origin: text('country_of_origin').notNull(),
    hts_code: text('hts_code').notNull(),
  },
  (t) => [uniqueIndex('so_isf_parties_role_uq').on(t.so_id, t.role)],
);

/** Reusable ISF profiles, kept per user (001 §3 ISF profile). */
export const isfProfiles = pgTable(
  'isf_profiles',
  {
    isf_profile_id: serial('isf_profile_id').primaryKey(),
    owner_uid: uuid('owner_uid').notNull(),
    ...partyAddress(),
    country: text('country').notNull(),
    country_of_origin: text('country_of_origin').notNull(),
    ...auditColumns,
  },
  (t) => [index('isf_profiles_owner_idx').on(t.owner_uid, t.name)],
);

/** EU entry filing (ENS) parties of a shipping order (001 §3). */
export const soEnsParties = pgTable(
  'so_ens_parties',
  {
    ...orderLine(),
    role: text('role').notNull(),
    ...partyAddress(),
    country_code: text('country_code').notNull(),
    phone: text('phone'),
    email: text('email'),
    eori_no: text('eori_no'),
  },
  (t) => [uniqueIndex('so_ens_parties_role_uq').on(t.so_id, t.role)],
);

/** Remarks with images (sanitised HTML) and who may see them (001 §5, §6). */
export const soRemarks = pgTable(
  'so_remarks',
  {
    ...orderLine(),
    ...remarkColumns(),
  },
  (t) => [index('so_remarks_so_idx').on(t.so_id, t.id)],
);

/** VGM messages sent for a shipping order's containers (VGM EDI History tab). */
export const vgmMessages = pgTable(
  'vgm_messages',
  {
    ...orderLine(),
    message_ref: text('message_ref').notNull(),
    container_no: text('container_no').notNull(),
    vgm_weight: dec('vgm_weight').notNull(),
    vgm_method: text('vgm_method').notNull(),
    status: text('status').notNull(),
    payload: text('payload').notNull(),
    sent_at: tsz('sent_at').notNull().defaultNow(),
    sent_by: text('sent_by'),
  },
  (t) => [index('vgm_messages_so_idx').on(t.so_id, t.id)],
);
