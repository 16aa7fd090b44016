import { z } from 'zod';
import { APPROVAL_STATUSES, BOOKING_AGEING, ZBookingListQuery, ZBookingRow } from './booking';
import { APPROVAL_LIST_KEYS } from './booking-approval-lists';
import { actionBody, exportLang, id, sailingOut } from './fields';
import { listDashboard, listResponse } from './list';
import { MSG } from './msg-keys';

// ---------------------------------------------------------------------------------------------------------
// Booking approval with the customer (001 §2 Booking approval, §4 Approval statuses, §5 Rates and sailings)
// ---------------------------------------------------------------------------------------------------------

export type TApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** `null` in the table stands for a booking with no approval started yet (pending for approval). */
export type TApprovalState = TApprovalStatus | 'NONE';

/**
 * Approval actions. `by`: internal (operations, "MR") or customer (the booking's agent or consignee party).
 * propose adds/replaces the proposed sailings; request_approval sends them to the customer; booking_advice
 * tells the customer the one sailing booked (refused when more than one is proposed); approve picks one
 * proposed sailing; reject needs a reason; acknowledge_update clears the other side's "updated" flag.
 */
export const APPROVAL_ACTIONS = {
  propose: { by: 'internal', reason: false },
  request_approval: { by: 'internal', reason: false },
  booking_advice: { by: 'internal', reason: false },
  approve: { by: 'customer', reason: false },
  reject: { by: 'customer', reason: true },
  acknowledge_update: { by: 'any', reason: false },
} as const satisfies Record<string, { by: 'internal' | 'customer' | 'any'; reason: boolean }>;
export type TApprovalAction = keyof typeof APPROVAL_ACTIONS;
export const APPROVAL_ACTION_NAMES = Object.keys(APPROVAL_ACTIONS) as TApprovalAction[];

/**
 * The approval transition table (001 §4; exact moves not shown, see docs/decisions.md "Booking approval").
 * A move out of a decided state (APPROVED, REJECTED, BOOKING_ADVICE) by operations marks the booking
 * "updated by MR"; a customer's change of its decision marks it "updated by customer".
 */
export const APPROVAL_TRANSITIONS: Record<
  TApprovalState,
  Partial<Record<TApprovalAction, TApprovalStatus | null>>
> = {
  NONE: { propose: 'REQUEST_FOR_APPROVAL' },
  REQUEST_FOR_APPROVAL: {
    propose: 'REQUEST_FOR_APPROVAL',
    request_approval: 'PENDING_CUSTOMER',
    booking_advice: 'BOOKING_ADVICE',
  },
  PENDING_CUSTOMER: {
    propose: 'REQUEST_FOR_APPROVAL',
    booking_advice: 'BOOKING_ADVICE',
    approve: 'APPROVED',
    reject: 'REJECTED',
  },
  APPROVED: {
    propose: 'REQUEST_FOR_APPROVAL',
    reject: 'REJECTED',
    acknowledge_update: null,
  },
  REJECTED: {
    propose: 'REQUEST_FOR_APPROVAL',
    approve: 'APPROVED',
    acknowledge_update: null,
  },
  BOOKING_ADVICE: {
    propose: 'REQUEST_FOR_APPROVAL',
    acknowledge_update: null,
  },
};
export const approvalState = (s: TApprovalStatus | null | undefined): TApprovalState => s ?? 'NONE';
export const approvalActionAllowed = (s: TApprovalStatus | null | undefined, a: TApprovalAction) =>
  a in APPROVAL_TRANSITIONS[approvalState(s)];

// The list keys live in a module of their own: the app shell (routes and paths, loaded on every page
// including /login) uses them, and importing them from here would load this module's schemas, booking.ts
// and with it the phone validator's metadata (~50 KB gzipped) on /login.
export { APPROVAL_LIST_KEYS, APPROVAL_LISTS, type TApprovalListKey } from './booking-approval-lists';
export { BOOKING_AGEING as APPROVAL_AGEING };

export const APPROVAL_MSG = {
  actionNotAllowed: 'msgApprovalActionNotAllowed',
  notCustomer: 'msgApprovalNotCustomer',
  adviceOneSailing: 'msgBookingAdviceOneSailing',
  noProposal: 'msgApprovalNoProposal',
  proposalUnknown: 'msgApprovalProposalUnknown',
  bookingNotConfirmed: 'msgApprovalBookingNotConfirmed',
  rateSearchFailure: 'msgRateSearchFailure',
  noRateFound: 'msgNoRateFound',
  routingTemplateLocked: 'msgRoutingTemplateLocked',
} as const;

/** One container type priced by a rate: amount per container × qty = line_total (strings: numeric). */
export const ZPricedContainer = z.object({
  container_type: z.string(),
  amount: z.string(),
  qty: z.number().int(),
  line_total: z.string(),
});

/** A proposed sailing with its rate, as operations offer it to the customer. */
export const ZProposalInput = z.object({
  sailing_id: id,
  rate_id: id.nullish(),
  remarks: z.string().trim().max(500, MSG.fieldTooLong).nullish(),
});
/** A sailing priced with a booking's containers: what a proposal keeps and what the comparison shows. */
const ZPricedSailing = z.object({
  ...sailingOut,
  transit_days: z.number().int(),
  is_tbc: z.boolean(),
  cfs_cutoff: z.string().nullable(),
  cy_cutoff: z.string().nullable(),
  vgm_cutoff: z.string().nullable(),
  si_cutoff: z.string().nullable(),
  rate_id: z.number().int().nullable(),
  currency: z.string().nullable(),
  rate_containers: z.array(ZPricedContainer),
  total_rate: z.string().nullable(),
});
export const ZProposal = ZPricedSailing.extend({
  proposal_id: z.number().int(),
  seq: z.number().int(),
  pol: z.string(),
  pod: z.string(),
  remarks: z.string().nullable(),
  is_selected: z.boolean(),
});
export type TProposal = z.output<typeof ZProposal>;

/** The Booking Approval tab. */
export const ZBookingApproval = z.object({
  so_no: z.string(),
  approval_status: z.enum(APPROVAL_STATUSES).nullable(),
  approval_status_at: z.string().nullable(),
  approval_reason: z.string().nullable(),
  updated_by_mr: z.boolean(),
  updated_by_customer: z.boolean(),
  proposals: z.array(ZProposal),
  allowed_actions: z.array(z.enum(APPROVAL_ACTION_NAMES as [TApprovalAction, ...TApprovalAction[]])),
  version: z.number().int(),
});
export type TBookingApproval = z.output<typeof ZBookingApproval>;

export const ZApprovalActionBody = z.object({
  ...actionBody,
  proposal_id: id.nullish().describe('approve: the proposed sailing chosen'),
  proposals: z.array(ZProposalInput).max(10).nullish().describe('propose: the sailings offered, in order'),
});

/** Same query as the booking lists (search, sorts, custom filters on BOOKING_FILTER_FIELDS, status/pol/pod/etd). */
export const ZApprovalListQuery = ZBookingListQuery;
export const ZApprovalListResponse = listResponse(ZBookingRow);
/** The export's query: the list's filters and the language of the column headers. */
export const ZApprovalExportQuery = ZApprovalListQuery.extend(exportLang);
/** An approval list in the path (/BookingApproval/list/:listKey). */
export const ZApprovalListParams = z.object({ listKey: z.string().max(60) });
/** A shipping order and an approval move in the path. */
export const ZApprovalActionParams = z.object({
  so_no: z.string().trim().min(1).max(40),
  action: z.enum(APPROVAL_ACTION_NAMES as [string, ...string[]]),
});

/** Approval dashboard: per list, its count and how many rows are yellow or red by age. */
export const ZApprovalDashboard = listDashboard(APPROVAL_LIST_KEYS);

/** The routing template a new booking takes (GET /Booking/routing-template). */
export const ZApplicableRoutingTemplateQuery = z.object({
  customer_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  consignee_id: z.coerce.number().int().positive().max(2_147_483_647),
  date: z.iso.date({ message: MSG.fieldInvalid }).optional().describe('Default: today'),
});
export const ZApplicableRoutingTemplate = z.object({
  routing_template_id: z.number().int(),
  name: z.string(),
  pod: z.string().nullable(),
  pld: z.string().nullable(),
  fd: z.string().nullable(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
  can_overwrite: z.boolean(),
  eta_validation: z.boolean(),
});
export type TApplicableRoutingTemplate = z.output<typeof ZApplicableRoutingTemplate>;

/** Rate and sailing comparison (/BMS/compareso): one candidate sailing priced with the booking's containers. */
export const ZCompareRow = ZPricedSailing.extend({
  earliest_ship_date: z.string().describe('Earliest day the cargo can ship: cargo ready date or today'),
  est_ship_date: z.string().describe('The sailing ETD (projected for a TBC sailing)'),
  cheapest: z.boolean(),
  fastest: z.boolean(),
  proposed: z.boolean(),
});
export type TCompareRow = z.output<typeof ZCompareRow>;
export const ZCompareResponse = z.object({
  so_no: z.string(),
  pol: z.string(),
  pod: z.string(),
  cargo_ready_date: z.string(),
  /** The booking's equipment the rates are priced with (size_type as container_type). */
  equipment: z.array(z.object({ container_type: z.string(), qty: z.number().int() })),
  rows: z.array(ZCompareRow),
});
export type TCompareResponse = z.output<typeof ZCompareResponse>;
export const ZCompareResponseList = z.array(ZCompareResponse);
export const ZCompareManyQuery = z.object({
  so_nos: z
    .string()
    .max(500)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(40)).min(1, MSG.fieldRequired).max(10, MSG.fieldInvalid)),
});
