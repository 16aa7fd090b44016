// Party constants without zod (issue 20: the party dashboard and account-group list import them without the
// schemas and the phone/address validators); party.ts re-exports them.
import type { TFilterFieldType } from './list-catalogue';

/** Message keys of the party module (translated in the web app's `msg` namespace). */
export const PARTY_MSG = {
  codeFormat: 'msgPartyCodeFormat',
  duplicateCode: 'msgPartyDuplicateCode',
  remarksRequired: 'msgPartyRemarksRequired',
  transitionNotAllowed: 'msgPartyTransitionNotAllowed',
  actionNotForProfile: 'msgPartyActionNotForProfile',
  bankIncomplete: 'msgPartyBankIncomplete',
  creditLimitInvalid: 'msgPartyCreditLimitInvalid',
  officeHourInvalid: 'msgPartyOfficeHourInvalid',
  accountGroupDuplicateCode: 'msgAccountGroupDuplicateCode',
  accountGroupUnknown: 'msgAccountGroupUnknown',
  carrierUnknown: 'msgPartyCarrierUnknown',
} as const;

export const PARTY_TYPES = [
  'SHIPPER',
  'CONSIGNEE',
  'NOTIFY',
  'AGENT',
  'CUSTOMER',
  'CARRIER',
  'VENDOR',
] as const;
export type TPartyType = (typeof PARTY_TYPES)[number];
export const PARTY_RECORD_STATUSES = ['A', 'I'] as const;
export const PARTY_ADDRESS_TYPES = ['BUSINESS', 'BILLING', 'WAREHOUSE', 'FACTORY'] as const;
export const PARTY_CONTACT_TYPES = ['PRIMARY', 'OPERATIONS', 'ACCOUNTS', 'SALES'] as const;
export const PARTY_ROLES = [
  'SHIPPER',
  'CONSIGNEE',
  'NOTIFY',
  'CUSTOMER',
  'NOMINATION_AGENT',
  'RELEASE_AGENT',
  'HANDLING_OFFICE',
] as const;
export const PAYMENT_TERMS = ['CASH', 'COD', 'NET7', 'NET15', 'NET30', 'NET45', 'NET60', 'NET90'] as const;

// ---- Approval pipeline: statuses and the one transition table ----

/**
 * Approval statuses (001 §4 Party states). P pending management approval (new); MA management approved,
 * pending admin/finance approval; MR management rejected; AR admin/finance rejected; SP approved and
 * pending in the account system (SUNAC); SH SUNAC handled; SR SUNAC rejected; CP CAM pending; CH CAM
 * handled; CR CAM rejected.
 */
export const PARTY_STATUSES = ['P', 'MA', 'MR', 'AR', 'SP', 'SH', 'SR', 'CP', 'CH', 'CR'] as const;
export type TPartyStatus = (typeof PARTY_STATUSES)[number];

export const PARTY_ACTIONS = [
  'management_approve',
  'management_reject',
  'approve',
  'reject',
  'sunac_handle',
  'sunac_reject',
  'cam_handle',
  'cam_reject',
  'resubmit',
] as const;
export type TPartyAction = (typeof PARTY_ACTIONS)[number];

/** Profile types that hold the `party` function in the demo catalogue. */
const ANY_PARTY_USER = ['ADMIN', 'OPERATIONS', 'SUPERVISOR', 'MANAGER', 'FINANCE'] as const;

export interface PartyTransition {
  action: TPartyAction;
  from: readonly TPartyStatus[];
  to: TPartyStatus;
  /** Target instead of `to` when the party needs the CAM stage (partyNeedsCam). */
  toWithCam?: TPartyStatus;
  /** Profile types allowed to make the move (001 §6: management, admin and finance approve or reject). */
  profiles: readonly string[];
  /** The move needs remarks (every rejection, and a resubmission explaining the change). */
  remarksRequired: boolean;
  /** Ask for confirmation before doing it. */
  confirm: boolean;
  /** How the button looks: a rejection is dangerous. */
  kind: 'approve' | 'reject' | 'neutral';
}

/** Every allowed move of the party approval pipeline. Server refuses others; the web shows only these. */
// biome-ignore format: one row per move
export const PARTY_TRANSITIONS: readonly PartyTransition[] = [
  { action: 'management_approve', from: ['P'], to: 'MA', profiles: ['MANAGER', 'ADMIN'], remarksRequired: false, confirm: true, kind: 'approve' },
  { action: 'management_reject', from: ['P'], to: 'MR', profiles: ['MANAGER', 'ADMIN'], remarksRequired: true, confirm: false, kind: 'reject' },
  { action: 'approve', from: ['MA'], to: 'SP', profiles: ['ADMIN', 'FINANCE'], remarksRequired: false, confirm: true, kind: 'approve' },
  { action: 'reject', from: ['MA'], to: 'AR', profiles: ['ADMIN', 'FINANCE'], remarksRequired: true, confirm: false, kind: 'reject' },
  { action: 'sunac_handle', from: ['SP'], to: 'SH', toWithCam: 'CP', profiles: ['FINANCE', 'ADMIN'], remarksRequired: false, confirm: true, kind: 'approve' },
  { action: 'sunac_reject', from: ['SP'], to: 'SR', profiles: ['FINANCE', 'ADMIN'], remarksRequired: true, confirm: false, kind: 'reject' },
  { action: 'cam_handle', from: ['CP'], to: 'CH', profiles: ['FINANCE', 'ADMIN'], remarksRequired: false, confirm: true, kind: 'approve' },
  { action: 'cam_reject', from: ['CP'], to: 'CR', profiles: ['FINANCE', 'ADMIN'], remarksRequired: true, confirm: false, kind: 'reject' },
  { action: 'resubmit', from: ['MR', 'AR', 'SR', 'CR'], to: 'P', profiles: ANY_PARTY_USER, remarksRequired: true, confirm: false, kind: 'neutral' },
];

/** The transition for `action`, or undefined when there is none. */
export const partyTransition = (action: TPartyAction) => PARTY_TRANSITIONS.find((t) => t.action === action);

/** Where `action` takes a party in `status` (null when the move is not allowed from there). */
export function partyTarget(action: TPartyAction, status: string, needsCam: boolean): TPartyStatus | null {
  const t = partyTransition(action);
  if (!t || !(t.from as readonly string[]).includes(status)) return null;
  return needsCam && t.toWithCam ? t.toWithCam : t.to;
}

/** The moves a user of `profileType` may make on a party in `status`. */
export const allowedPartyTransitions = (status: string, profileType: string | null | undefined) =>
  PARTY_TRANSITIONS.filter(
    (t) =>
      (t.from as readonly string[]).includes(status) && !!profileType && t.profiles.includes(profileType),
  );

/** Approval statuses in which a party can be picked on documents (account exists in SUNAC). */
export const PARTY_USABLE_STATUSES: readonly TPartyStatus[] = ['SH', 'CP', 'CH'];

/** The 13 lists of 001 §2 Party: each is a set of approval statuses (null = all). */
export const PARTY_LISTS = {
  search_party: null,
  pending_party_approval: ['P', 'MA'],
  pending_party_management_approval: ['P'],
  party_management_approved: ['MA'],
  party_approved: ['SP', 'SH', 'CP', 'CH'],
  pending_party_sunac_approval: ['SP'],
  party_sunac_approved: ['SH', 'CP', 'CH'],
  party_admin_rejected: ['AR'],
  party_management_rejected: ['MR'],
  party_sunac_rejected: ['SR'],
  pending_for_party_sunac_cam_approval: ['CP'],
  party_sunac_approved_cam: ['CH'],
  party_sunac_rejected_cam: ['CR'],
} as const satisfies Record<string, readonly TPartyStatus[] | null>;
export type TPartyList = keyof typeof PARTY_LISTS;
export const PARTY_LIST_NAMES = Object.keys(PARTY_LISTS) as TPartyList[];

export const PARTY_SORTABLE = [
  'party_code',
  'full_name',
  'short_name',
  'party_type',
  'country_code',
  'approval_status',
  'updated_at',
] as const;

/** Fields a party custom filter may use, with their kind. */
export const PARTY_FILTER_FIELDS = {
  party_code: 'text',
  full_name: 'text',
  short_name: 'text',
  party_type: 'select',
  country_code: 'select',
  city: 'text',
  status: 'select',
  approval_status: 'select',
  office_code: 'select',
  tax_id: 'text',
  credit_limit: 'number',
} as const satisfies Record<string, TFilterFieldType>;

/** A score 0..1 as the percentage text the spec asks for: two decimals (001 §9). */
export const similarityPercent = (score: number) => `${(Math.round(score * 10000) / 100).toFixed(2)}%`;

export const ACCOUNT_GROUP_SORTABLE = ['code', 'name', 'status', 'updated_at'] as const;
