import { FCL_CONTAINER_TYPES } from './rate-catalogue';
import type { CONSOL_STATUSES, CONSOL_TYPES } from './screen-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Consolidation constants without zod (issue 20: the consolidation screens import them without the schemas);
// consolidation.ts re-exports everything here.
// ---------------------------------------------------------------------------------------------------------

export type TConsolType = (typeof CONSOL_TYPES)[number];

/**
 * Which external profile decides a plan of each type, and which SO party column the plan's customer party must
 * stand in on every SO of the plan (docs/decisions.md "Consolidation"). LCL/Coload plans are decided by the
 * co-loading agent and put no party condition on the SOs.
 */
export const CONSOL_CUSTOMER_SIDE: Record<TConsolType, { profiles: string[]; soColumns: string[] }> = {
  AGENT: { profiles: ['AGENT'], soColumns: ['nomination_agent_id', 'release_agent_id'] },
  BUYER: { profiles: ['CONSIGNEE', 'CUSTOMER'], soColumns: ['consignee_id', 'customer_id'] },
  SHIPPER: { profiles: ['SHIPPER'], soColumns: ['shipper_id'] },
  LCL_COLOAD: { profiles: ['AGENT'], soColumns: [] },
};

/**
 * The document type a plan needs uploaded before approval is requested or given (001 §5), per consol type.
 * Defaults; the server reads CONSOL_APPROVAL_DOC_TYPES (e.g. "AGENT=PL,BUYER=CI") to change them.
 */
export const CONSOL_APPROVAL_DOC_DEFAULTS: Record<TConsolType, string> = {
  AGENT: 'PL',
  BUYER: 'CI',
  SHIPPER: 'PL',
  LCL_COLOAD: 'PL',
};

/**
 * Shipment types of a shipping order (shipping_orders.shipment_type): booked in the portal, or created from a
 * buyer's order management system. OMS shipments are fully allocated and never share a plan with others (001 §5).
 */
export const SHIPMENT_TYPES = ['STANDARD', 'OMS'] as const;
export type TShipmentType = (typeof SHIPMENT_TYPES)[number];

export type TConsolStatus = (typeof CONSOL_STATUSES)[number];

/**
 * Actions on a plan. `by`: internal (operations) or customer (the profile of CONSOL_CUSTOMER_SIDE owning the
 * plan's customer party). propose sets the proposed sailings (→ request for approval); request_approval sends
 * them to the customer; consol_advice books the one proposed sailing (refused with several); approve picks one
 * proposal; reject, cancel need a reason; accept_amendment clears amended_booking_pending.
 */
export const CONSOL_ACTIONS = {
  propose: { by: 'internal', reason: false },
  request_approval: { by: 'internal', reason: false },
  consol_advice: { by: 'internal', reason: false },
  approve: { by: 'customer', reason: false },
  reject: { by: 'customer', reason: true },
  cancel: { by: 'internal', reason: true },
  recover: { by: 'internal', reason: false },
  accept_amendment: { by: 'internal', reason: false },
} as const satisfies Record<string, { by: 'internal' | 'customer'; reason: boolean }>;
export type TConsolAction = keyof typeof CONSOL_ACTIONS;
export const CONSOL_ACTION_NAMES = Object.keys(CONSOL_ACTIONS) as TConsolAction[];

const EDITING_MOVES = {
  propose: 'REQUEST_FOR_APPROVAL',
  cancel: 'CANCELLED',
  accept_amendment: null,
} as const;

/**
 * THE transition table of consolidation (001 §4; exact moves not shown, see docs/decisions.md). `null` keeps
 * the status. The server refuses anything else with 422 msgConsolActionNotAllowed; the screen offers only
 * these moves.
 */
export const CONSOL_TRANSITIONS: Record<
  TConsolStatus,
  Partial<Record<TConsolAction, TConsolStatus | null>>
> = {
  PLAN: { ...EDITING_MOVES },
  RECOVERED: { ...EDITING_MOVES },
  REQUEST_FOR_APPROVAL: {
    ...EDITING_MOVES,
    request_approval: 'PENDING_CUSTOMER',
    consol_advice: 'CONSOL_ADVICE',
  },
  PENDING_CUSTOMER: {
    ...EDITING_MOVES,
    consol_advice: 'CONSOL_ADVICE',
    approve: 'APPROVED',
    reject: 'REJECTED',
  },
  APPROVED: { ...EDITING_MOVES },
  REJECTED: { ...EDITING_MOVES },
  CONSOL_ADVICE: { ...EDITING_MOVES },
  CANCELLED: { recover: 'RECOVERED' },
};
export const consolActionAllowed = (s: TConsolStatus, a: TConsolAction) => a in CONSOL_TRANSITIONS[s];
/** Statuses in which the plan itself (header, SOs, containers, allocation) may be edited. */
export const CONSOL_EDITABLE: readonly TConsolStatus[] = [
  'PLAN',
  'RECOVERED',
  'REQUEST_FOR_APPROVAL',
  'APPROVED',
  'REJECTED',
  'CONSOL_ADVICE',
];

/** The one list whose rows are shipping orders. */
export const CONSOL_SO_LIST = 'pending_consolidation_creation' as const;

/** Consolidation message keys (translated in the web app's `msg` namespace). */
export const CONSOL_MSG = {
  notFound: 'msgConsolNotFound',
  actionNotAllowed: 'msgConsolActionNotAllowed',
  notEditable: 'msgConsolNotEditable',
  notCustomer: 'msgConsolNotCustomer',
  soNotLcl: 'msgConsolSoNotLcl',
  soNotConsolidatable: 'msgConsolSoNotConsolidatable',
  soNoLclSize: 'msgConsolSoNoLclSize',
  soNotConfirmed: 'msgConsolSoNotConfirmed',
  soFieldMismatch: 'msgConsolSoFieldMismatch',
  soPartyMismatch: 'msgConsolSoPartyMismatch',
  soInOtherPlan: 'msgConsolSoInOtherPlan',
  soPoContainerMismatch: 'msgConsolSoPoContainerMismatch',
  soNotInPlan: 'msgConsolSoNotInPlan',
  soRequired: 'msgConsolSoRequired',
  allocationZero: 'msgConsolAllocationZero',
  overAllocated: 'msgConsolOverAllocated',
  partialCbmKg: 'msgConsolPartialCbmKg',
  overCapacity: 'msgConsolOverCapacity',
  containerUnknown: 'msgConsolContainerUnknown',
  containerNoDuplicate: 'msgConsolContainerNoDuplicate',
  containerCountMismatch: 'msgConsolContainerCountMismatch',
  sizeNoCapacity: 'msgConsolSizeNoCapacity',
  containerFieldsRequired: 'msgConsolContainerFieldsRequired',
  noProposal: 'msgConsolNoProposal',
  adviceOneSailing: 'msgConsolAdviceOneSailing',
  rateRequired: 'msgConsolRateRequired',
  documentRequired: 'msgConsolDocumentRequired',
  proposalUnknown: 'msgConsolProposalUnknown',
  amendmentPending: 'msgConsolAmendmentPending',
  noAmendment: 'msgConsolNoAmendment',
  cancelLiveMbl: 'msgConsolCancelLiveMbl',
  customerPartyRequired: 'msgConsolCustomerPartyRequired',
  sailingPortsMismatch: 'msgSailingPortsMismatch',
  rateSizesMismatch: 'msgRateSizesMismatch',
  /** 422: a proposal's rate is another carrier's than its sailing's (issue 39). */
  rateCarrierMismatch: 'msgConsolRateCarrierMismatch',
  reasonRequired: 'msgReasonRequired',
  omsMixed: 'msgConsolOmsMixed',
  omsNotFullyAllocated: 'msgConsolOmsNotFullyAllocated',
  dcsaInvalid: 'msgDcsaInvalid',
} as const;

/** Container sizes a plan orders (the FCL trade codes of rates; each has an ISO 6346 capacity row). */
export const CONSOL_SIZE_TYPES = FCL_CONTAINER_TYPES;
export const CONTAINER_OWNERSHIPS = ['COC', 'SOC'] as const;
