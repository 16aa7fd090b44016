import { RATE_CONTAINER_TYPES } from './rate-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Booking constants without zod (001 §2, §4): statuses, moves, lists, ageing rules, labels' codes. The web app's
// list screens import only these, so they do not pull the zod schemas and the phone metadata (issue 20: route
// weight). The schemas are in booking.ts, which re-exports everything here.
// ---------------------------------------------------------------------------------------------------------

/** Profile types that are outside the forwarder: they see only their own parties' bookings (001 §6). */
export const EXTERNAL_PROFILE_TYPES = ['AGENT', 'CONSIGNEE', 'SHIPPER', 'CUSTOMER'] as const;
export const isExternalProfile = (profileType: string | null | undefined) =>
  !!profileType && (EXTERNAL_PROFILE_TYPES as readonly string[]).includes(profileType);

/** Booking statuses (001 §4). */
/** The party fields of a shipping order; an external user's own party in any of them makes the order theirs. */
export const BOOKING_PARTY_FIELDS = [
  'shipper_id',
  'customer_id',
  'consignee_id',
  'notify_id',
  'nomination_agent_id',
  'release_agent_id',
] as const;

export const BOOKING_STATUSES = [
  'NEW_E_BOOKING',
  'AMEND_PENDING',
  'CANCEL_PENDING',
  'NEW_MANUAL',
  'CONFIRMED',
  'CANCELLED',
  'RECOVERED',
] as const;
export type TBookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * Booking actions (001 §4) plus the portal user's requests. `by` says who may take it: `internal` (operations,
 * any internal profile holding `booking`) or `external` (shipper, customer, agent, consignee of the booking).
 */
export const BOOKING_ACTIONS = {
  confirm: { by: 'internal', reason: false },
  request_amend: { by: 'external', reason: false },
  request_cancel: { by: 'external', reason: true },
  cancel: { by: 'internal', reason: true },
  acknowledge_cancel: { by: 'internal', reason: false },
  reject_cancel: { by: 'internal', reason: true },
  recover: { by: 'internal', reason: false },
  assign_job: { by: 'internal', reason: false },
  submit_si: { by: 'internal', reason: false },
  reverse_si: { by: 'internal', reason: false },
  submit_booking: { by: 'internal', reason: false },
} as const satisfies Record<string, { by: 'internal' | 'external'; reason: boolean }>;
export type TBookingAction = keyof typeof BOOKING_ACTIONS;
export const BOOKING_ACTION_NAMES = Object.keys(BOOKING_ACTIONS) as TBookingAction[];

/**
 * The one transition table (001 §4; the exact moves are not shown in the spec, see docs/decisions.md
 * "Booking statuses"): from status → action → to status. `null` as target keeps the status (the action
 * changes SI, job or carrier-booking state only). `reject_cancel` returns to the status held before the
 * cancel request (`status_before_cancel`), written here as its most common target.
 */
export const BOOKING_TRANSITIONS: Record<
  TBookingStatus,
  Partial<Record<TBookingAction, TBookingStatus | null>>
> = {
  NEW_E_BOOKING: {
    confirm: 'CONFIRMED',
    request_amend: 'AMEND_PENDING',
    request_cancel: 'CANCEL_PENDING',
    cancel: 'CANCELLED',
  },
  AMEND_PENDING: {
    confirm: 'CONFIRMED',
    request_amend: 'AMEND_PENDING',
    request_cancel: 'CANCEL_PENDING',
    cancel: 'CANCELLED',
  },
  CANCEL_PENDING: {
    acknowledge_cancel: 'CANCELLED',
    reject_cancel: 'CONFIRMED',
  },
  NEW_MANUAL: {
    confirm: 'CONFIRMED',
    cancel: 'CANCELLED',
    assign_job: null,
  },
  CONFIRMED: {
    request_amend: 'AMEND_PENDING',
    request_cancel: 'CANCEL_PENDING',
    cancel: 'CANCELLED',
    assign_job: null,
    submit_si: null,
    reverse_si: null,
    submit_booking: null,
  },
  CANCELLED: {
    recover: 'RECOVERED',
  },
  RECOVERED: {
    confirm: 'CONFIRMED',
    request_amend: 'AMEND_PENDING',
    request_cancel: 'CANCEL_PENDING',
    cancel: 'CANCELLED',
    assign_job: null,
  },
};

/** True when `action` may be taken on a booking in `status` (SI and other sub-states are checked by the server). */
export const bookingActionAllowed = (status: TBookingStatus, action: TBookingAction) =>
  action in BOOKING_TRANSITIONS[status];

/** House shipping-instruction state (Shipping Instruction tab). */
export const SI_STATUSES = ['PENDING', 'SUBMITTED'] as const;
/** Carrier-booking state (Carrier Booking tab). */
export const CARRIER_BOOKING_STATUSES = ['NOT_SENT', 'SUBMITTED'] as const;
/**
 * The sub-state moves of the Shipping Instruction and Carrier Booking tabs (the booking's own status stays: null
 * in BOOKING_TRANSITIONS): action → the column, the state it must be in and the state it writes (issue 41).
 */
export const BOOKING_SUB_STATE_TRANSITIONS = {
  submit_si: { column: 'si_status', from: 'PENDING', to: 'SUBMITTED' },
  reverse_si: { column: 'si_status', from: 'SUBMITTED', to: 'PENDING' },
  submit_booking: { column: 'carrier_booking_status', from: 'NOT_SENT', to: 'SUBMITTED' },
} as const satisfies Partial<
  Record<
    TBookingAction,
    | { column: 'si_status'; from: (typeof SI_STATUSES)[number]; to: (typeof SI_STATUSES)[number] }
    | {
        column: 'carrier_booking_status';
        from: (typeof CARRIER_BOOKING_STATUSES)[number];
        to: (typeof CARRIER_BOOKING_STATUSES)[number];
      }
  >
>;
/** Space status: whether the carrier released the space; house SI needs RELEASED_SO (001 §4). */
export const SPACE_STATUSES = ['PENDING', 'REQUESTED', 'RELEASED_SO', 'REJECTED'] as const;
/** Approval statuses (001 §4), filled by the Booking approval issue; null until operations propose sailings. */
export const APPROVAL_STATUSES = [
  'REQUEST_FOR_APPROVAL',
  'PENDING_CUSTOMER',
  'APPROVED',
  'REJECTED',
  'BOOKING_ADVICE',
] as const;

export const TRANSPORT_MODES = ['SEA', 'AIR', 'RAIL'] as const;
export const SERVICE_TYPES = ['FCL', 'LCL', 'BULK'] as const;
export const DELIVERY_TYPES = ['P2P', 'P2D', 'D2P', 'D2D'] as const;
export const BUSINESS_TYPES = ['NOMINATION', 'FREEHAND'] as const;
export const FREIGHT_TERMS = ['PREPAID', 'COLLECT'] as const;
export const INCOTERMS = [
  'EXW',
  'FCA',
  'FAS',
  'FOB',
  'CFR',
  'CIF',
  'CPT',
  'CIP',
  'DAP',
  'DPU',
  'DDP',
] as const;
export const CONTRACT_TYPES = ['SERVICE_CONTRACT', 'NAC', 'FAK', 'SPOT'] as const;
export const TRANSPORT_DOCUMENTS = ['OBL', 'SWB', 'TELEX_RELEASE', 'FCR'] as const;
export const PACKAGE_UNITS = ['CTN', 'PLT', 'PKG', 'BAG', 'BOX', 'CS', 'DRM', 'PCS', 'RL', 'BDL'] as const;
export const BOOKING_CONDITIONS = ['NORMAL', 'URGENT', 'SPECIAL_EQUIPMENT', 'OOG'] as const;
/** ISF (US Importer Security Filing, "10+2") party roles (001 §3 ISF parties). */
export const ISF_ROLES = [
  'SELLER',
  'MANUFACTURER',
  'BUYER',
  'SHIP_TO',
  'STUFFING_LOCATION',
  'CONSOLIDATOR',
] as const;
/** EU ICS2 entry summary declaration (ENS) party roles. */
export const ENS_ROLES = ['SHIPPER', 'CONSIGNEE', 'NOTIFY'] as const;
/** ENS data is validated for sailings departing on or after this date (001 §9). */
export const ENS_VALIDATION_START = '2024-05-27';
/** Remark visibility (001 §6 "Each remark has a visible-to setting"). */
export const REMARK_VISIBILITY = ['ALL', 'INTERNAL'] as const;
export const VGM_METHODS = ['SM1', 'SM2'] as const;

/** Ageing thresholds of the booking lists (001 §4, §9; 002 §9), in hours. */
export const BOOKING_AGEING = {
  pendingConfirmation: { yellow: 8, red: 18 },
  confirmedPendingApproval: { yellow: 24, red: 48 },
  pendingSubmitSi: { yellow: 5 * 24, red: 7 * 24 },
  approvalRequest: { yellow: 24, red: 48 },
  rejected: { yellow: null, red: 24 },
} as const;
export type TAgeingRule = keyof typeof BOOKING_AGEING;
/** ETD more than this many days after the cargo ready date gives a warning (001 §5, §9). */
export const ETD_CARGO_READY_WARNING_DAYS = 14;
/** Allowed difference between allocated and entered container GW or CBM (001 §9). */
export const WEIGHT_CBM_TOLERANCE = 1;

/** The 9 booking lists (001 §2 Booking) with the status filter and ageing rule each applies. */
export const BOOKING_LISTS = {
  search_booking: { ageing: null },
  new_e_booking: { ageing: 'pendingConfirmation' },
  amend_e_booking: { ageing: 'pendingConfirmation' },
  cancel_e_booking: { ageing: 'pendingConfirmation' },
  new_manual_booking: { ageing: 'pendingConfirmation' },
  booking_confirmed: { ageing: 'confirmedPendingApproval' },
  reuse_booking: { ageing: null },
  booking_cancelled: { ageing: null },
  booking_pending_si: { ageing: 'pendingSubmitSi' },
} as const satisfies Record<string, { ageing: TAgeingRule | null }>;
export type TBookingListKey = keyof typeof BOOKING_LISTS;
export const BOOKING_LIST_KEYS = Object.keys(BOOKING_LISTS) as TBookingListKey[];

export type TAgeingColour = 'yellow' | 'red' | null;
/** The ageing colour of a row whose clock started at `since` (ISO timestamp), at `now`. */
export function ageingColour(
  rule: TAgeingRule | null,
  since: string | null,
  now: Date = new Date(),
): TAgeingColour {
  if (!rule || !since) return null;
  const hours = (now.getTime() - new Date(since).getTime()) / 3_600_000;
  const t = BOOKING_AGEING[rule];
  if (hours >= t.red) return 'red';
  if (t.yellow !== null && hours >= t.yellow) return 'yellow';
  return null;
}

/** Booking message keys (translated in the web app's `msg` namespace; also in MSG). */
export const BOOKING_MSG = {
  notFound: 'msgSoNotFound',
  actionNotAllowed: 'msgBookingActionNotAllowed',
  actionNotForProfile: 'msgBookingActionNotForProfile',
  reasonRequired: 'msgReasonRequired',
  handledOrCancelled: 'msgShipmentHandledOrCancelled',
  validationByJob: 'msgBookingValidationByJob',
  validationByParty: 'msgBookingValidationByParty',
  etdBeforeCargoReady: 'msgEtdBeforeCargoReady',
  etdFarAfterCargoReady: 'msgEtdFarAfterCargoReady',
  dateAfterEtd: 'msgDateAfterEtd',
  cfsAfterCyGateIn: 'msgCfsAfterCyGateIn',
  exFactoryBeforeCargoReady: 'msgExFactoryBeforeCargoReady',
  pldEtaOutOfRange: 'msgPldEtaOutOfRange',
  fdEtaTooEarly: 'msgFdEtaTooEarly',
  weightCbmMismatch: 'msgWeightCbmMismatch',
  hsTotalsMismatch: 'msgHsTotalsMismatch',
  lclContainerEmpty: 'msgLclContainerEmpty',
  rateSizesMismatch: 'msgRateSizesMismatch',
  sailingPortsMismatch: 'msgSailingPortsMismatch',
  tbcSailingReleased: 'msgTbcSailingReleased',
  stateInvalid: 'msgStateInvalid',
  zipInvalid: 'msgZipInvalid',
  ensPhoneInvalid: 'msgEnsPhoneInvalid',
  containerNoInvalid: 'msgContainerNoInvalid',
  containerNoDuplicate: 'msgContainerNoDuplicate',
  spaceNotReleased: 'msgSpaceNotReleased',
  siAlreadySubmitted: 'msgSiAlreadySubmitted',
  siNotSubmitted: 'msgSiNotSubmitted',
  jobNotAssigned: 'msgJobNotAssigned',
  jobAlreadyAssigned: 'msgJobAlreadyAssigned',
  sailingRequired: 'msgSailingRequired',
  containersRequired: 'msgContainersRequired',
  partyNotOwn: 'msgBookingPartyNotOwn',
  isfProfileDeleteFail: 'msgDeleteIsfProfileFail',
  remarkTooLarge: 'msgRemarkTooLarge',
  remarkImageTooLarge: 'msgRemarkImageTooLarge',
  remarkTextTooLong: 'msgRemarkTextTooLong',
  hblNotAssigned: 'msgHblNotAssigned',
  vgmNoContainer: 'msgVgmNoContainer',
  idempotencyConflict: 'msgIdempotencyKeyReused',
  mobileInvalidUser: 'msgMobileInvalidUser',
  mobileAddTokenFail: 'msgMobileAddTokenFail',
  mobileSoNotFound: 'msgMobileSoNotFound',
  mobileSiteNotFound: 'msgMobileSiteNotFound',
  mobileSiteUnavailable: 'msgMobileSiteUnavailable',
  containerSizeNotBooked: 'msgContainerSizeNotBooked',
  ensPartyRequired: 'msgEnsPartyRequired',
  isfPartyRequired: 'msgIsfPartyRequired',
  partyRoleDuplicate: 'msgPartyRoleDuplicate',
  partyNotUsable: 'msgBookingPartyNotUsable',
  listUnknown: 'msgBookingListUnknown',
} as const;
/**
 * Container size/type codes of bookings: the trade codes rates are quoted in (RATE_CONTAINER_TYPES: 20GP, 40GP,
 * 40HQ, ... and LCL-CBM for LCL cargo by cubic metre), so rate container sizes can be matched (001 §5).
 */
export const BOOKING_SIZE_TYPES = RATE_CONTAINER_TYPES;

/** Columns a booking list sorts by (keyset paging uses the sort column with so_id as tiebreak). */
export const BOOKING_SORTABLE = [
  'so_no',
  'etd',
  'eta',
  'updated_at',
  'status_changed_at',
  'created_at',
] as const;

/** Fields a booking custom filter may use, with their kind. */
export const BOOKING_FILTER_FIELDS = {
  so_no: 'text',
  job_no: 'text',
  hbl_no: 'text',
  po_no: 'text',
  status: 'select',
  service_type: 'select',
  transport_mode: 'select',
  pol: 'select',
  pod: 'select',
  fd: 'select',
  carrier_code: 'select',
  vessel_name: 'text',
  voyage: 'text',
  handling_office: 'select',
  si_status: 'select',
  space_status: 'select',
  approval_status: 'select',
  etd: 'date',
  eta: 'date',
  cargo_ready_date: 'date',
} as const satisfies Record<string, 'text' | 'select' | 'date' | 'number'>;
