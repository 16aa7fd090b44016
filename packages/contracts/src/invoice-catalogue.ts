import type { FuncId } from './func-ids';
import type { TFilterFieldType } from './list-catalogue';
import { MSG } from './msg-keys';

// ---------------------------------------------------------------------------------------------------------
// Invoice constants without zod (002): kinds, statuses, the one transition table, stages, ageing, message keys,
// list fields. The list screens import these without the schemas (issue 20: route weight); invoice.ts
// re-exports everything here.
// ---------------------------------------------------------------------------------------------------------

/** Message keys of the invoice module (002 §8), translated in the web app's `msg` namespace. */
export const INVOICE_MSG = {
  /** 409 on a stale save (002 §8 "Record not latest"); the form keeps the user's input. */
  recordNotLatest: MSG.recordNotLatest,
  /** 409 on a status move that lost the race to another user (002 §8 "Change hasn't been saved..."). */
  changeNotSaved: 'msgInvoiceChangeNotSaved',
  noPermission: MSG.noPermission,
  jobNotFound: 'msgJobNotFound',
  soNotFound: 'msgSoNotFound',
  /** 422: the selected jobs differ in office, period (ETD month) or mode (002 §5). */
  jobsMismatch: 'msgInvoiceJobsMismatch',
  /** 422: an SO that is not on one of the selected jobs. */
  soNotOnJob: 'msgInvoiceSoNotOnJob',
  needJobAndSo: 'msgInvoiceNeedJobAndSo',
  needChargeLine: 'msgInvoiceNeedChargeLine',
  /** 422: the tax-inclusive total is above the configured cap; params cap (CNY). */
  overCap: 'msgInvoiceOverTaxInclusiveCap',
  /** 422: the header total sent differs from the sum of the lines (002 §5 line totals = detail totals). */
  totalMismatch: 'msgInvoiceTotalMismatch',
  accountNotFound: 'msgInvoiceAccountNotFound',
  chargeCodeNotFound: 'msgChargeCodeNotFound',
  /** 422: the charge code is not for this side (AR/AP). */
  chargeCodeWrongSide: 'msgChargeCodeWrongSide',
  kindWrongSide: 'msgInvoiceKindWrongSide',
  /** 422: this status does not allow that move (or editing). */
  actionNotAllowed: 'msgInvoiceActionNotAllowed',
  notEditable: 'msgInvoiceNotEditable',
  reasonRequired: 'msgReasonRequired',
  /** 422: a field needed at this step is empty (details name the fields). */
  requiredForStep: 'msgInvoiceRequiredForStep',
  createFailed: 'msgInvoiceCreateFailed',
  statusUpdateFailed: 'msgStatusUpdateFailed',
  tooManyEmails: 'msgInvoiceTooManyEmails',
  amountInvalid: MSG.amountInvalid,
} as const;

/** Ledger side: receivable (we bill) or payable (we are billed). */
export const INVOICE_TYPES = ['AR', 'AP'] as const;
export type TInvoiceType = (typeof INVOICE_TYPES)[number];

/**
 * Invoice kinds (002 §1) and the sides each may take: profit share (PL) and non-trade on both sides, debit and
 * credit notes we issue on AR, incoming DN/CN and cheque requests on AP.
 */
export const INVOICE_KINDS = {
  AR: ['AR'],
  DN: ['AR'],
  CN: ['AR'],
  PL: ['AR', 'AP'],
  NON_TRADE: ['AR', 'AP'],
  AP: ['AP'],
  INCOMING_DN: ['AP'],
  INCOMING_CN: ['AP'],
  CR: ['AP'],
} as const satisfies Record<string, readonly TInvoiceType[]>;
export type TInvoiceKind = keyof typeof INVOICE_KINDS;
export const INVOICE_KIND_NAMES = Object.keys(INVOICE_KINDS) as TInvoiceKind[];

/** Sub-types (002 §3): Chinese tax-invoice kinds, receipt, transfer, cheque, stamp duty or none. */
export const INVOICE_SUB_TYPES = [
  'VAT_SPECIAL',
  'VAT_GENERAL',
  'VAT_E_INVOICE',
  'RECEIPT',
  'TRANSFER',
  'CHEQUE',
  'STAMP_DUTY',
  'NO_STAMP_DUTY',
] as const;
export type TInvoiceSubType = (typeof INVOICE_SUB_TYPES)[number];

/** Accounting-system process status (002 §3, §4). */
export const ACCT_PROCESS_STATUSES = ['PENDING', 'NA', 'FAILURE', 'SUCCESS'] as const;

/**
 * Released (or printed, exported, ...) and not yet posted: the Pending Posting stage, and with APPROVED_2 the
 * period close's "unposted" blocker (period.ts).
 */
export const INVOICE_POSTING_STATUSES = [
  'RELEASED',
  'PRINTED',
  'ACCOUNTING_PRINTED',
  'EXPORTED',
  'IMPORTED',
  'PENDING_AUTO_EXPORT',
  'EXPORTED_AUTO',
] as const;

/** Every status of 002 §4, the reversal group included. */
export const INVOICE_STATUSES = [
  'NEW',
  'PREPARED',
  'APPROVED_1',
  'APPROVED_2',
  'REJECTED',
  ...INVOICE_POSTING_STATUSES,
  'POSTED',
  'REVERSED',
  'NEW_REVERSAL',
  'PREPARED_REVERSAL',
  'APPROVED_REVERSAL',
  'EXPORTED_REVERSAL',
  'IMPORTED_REVERSAL',
  'POST_REVERSED',
  'CLOSED',
  'DELETED',
] as const;

/**
 * Statuses in which an invoice has been printed or released and may be e-mailed: the server refuses an e-mail
 * in any other (POST /Invoice/:id/email), and the detail page offers the e-mail button only in these.
 */
export const INVOICE_EMAILABLE_STATUSES: ReadonlySet<string> = new Set([
  ...INVOICE_POSTING_STATUSES,
  'POSTED',
]);
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Statuses in which the header and lines may be edited (by inv_edit). */
export const INVOICE_EDITABLE_STATUSES: readonly TInvoiceStatus[] = ['NEW', 'REJECTED'];

/**
 * Status moves and who may make them (002 §4, §6; the payable rules are "not shown" in the spec, see
 * docs/invoices.md). `funcId` is the function the caller's profile needs; `reason` a required text;
 * `built` false for moves whose side effects (PDF, export file, posting) come in a later session: the server
 * refuses them and the screen does not offer them yet. `clearsGovernmentFields`: 002 §4 rollback.
 */
export const INVOICE_ACTIONS = {
  prepare: { funcId: 'inv_edit', reason: false, built: true },
  unprepare: { funcId: 'inv_edit', reason: false, built: true },
  approve_1: { funcId: 'inv_approve_supervisor', reason: false, built: true },
  reject_1: { funcId: 'inv_approve_supervisor', reason: true, built: true },
  approve_2: { funcId: 'inv_approve_manager', reason: false, built: true },
  reject_2: { funcId: 'inv_approve_manager', reason: true, built: true },
  resubmit: { funcId: 'inv_edit', reason: false, built: true },
  delete: { funcId: 'inv_edit', reason: true, built: true },
  release: { funcId: 'inv_edit', reason: false, built: true },
  print: { funcId: 'inv_edit', reason: false, built: true },
  accounting_print: { funcId: 'inv_closing', reason: false, built: true },
  export: { funcId: 'inv_closing', reason: false, built: true },
  queue_auto_export: { funcId: 'inv_closing', reason: false, built: true },
  // Issue 15 (modules/accounting).
  auto_export: { funcId: 'inv_closing', reason: false, built: true },
  import: { funcId: 'inv_closing', reason: false, built: true },
  post: { funcId: 'inv_closing', reason: false, built: true },
  rollback: { funcId: 'inv_closing', reason: true, built: true, clearsGovernmentFields: true },
  reverse: { funcId: 'inv_closing', reason: true, built: true },
  prepare_reversal: { funcId: 'inv_edit', reason: false, built: true },
  approve_reversal: { funcId: 'inv_approve_manager', reason: false, built: true },
  export_reversal: { funcId: 'inv_closing', reason: false, built: true },
  import_reversal: { funcId: 'inv_closing', reason: false, built: true },
  post_reversal: { funcId: 'inv_closing', reason: false, built: true },
  // Built by the period close (issue 15): the single move and the period's bulk close (modules/period).
  close: { funcId: 'inv_closing', reason: false, built: true },
} as const satisfies Record<
  string,
  { funcId: FuncId; reason: boolean; built: boolean; clearsGovernmentFields?: boolean }
>;
export type TInvoiceAction = keyof typeof INVOICE_ACTIONS;
export const INVOICE_ACTION_NAMES = Object.keys(INVOICE_ACTIONS) as TInvoiceAction[];

/**
 * THE transition table: from status → action → to status. The server refuses any move not here; the screen
 * offers only the moves here that the user's functions allow (`allowedInvoiceActions`). `only` restricts a
 * move to one side (release is payable, print receivable).
 */
export const INVOICE_TRANSITIONS: Record<TInvoiceStatus, Partial<Record<TInvoiceAction, TInvoiceStatus>>> = {
  NEW: { prepare: 'PREPARED', delete: 'DELETED' },
  PREPARED: { approve_1: 'APPROVED_1', reject_1: 'REJECTED', unprepare: 'NEW' },
  APPROVED_1: { approve_2: 'APPROVED_2', reject_2: 'REJECTED' },
  REJECTED: { resubmit: 'PREPARED', delete: 'DELETED' },
  APPROVED_2: { release: 'RELEASED', print: 'PRINTED', queue_auto_export: 'PENDING_AUTO_EXPORT' },
  RELEASED: { accounting_print: 'ACCOUNTING_PRINTED' },
  PRINTED: { accounting_print: 'ACCOUNTING_PRINTED' },
  ACCOUNTING_PRINTED: { export: 'EXPORTED', rollback: 'APPROVED_2' },
  EXPORTED: { import: 'IMPORTED', rollback: 'APPROVED_2' },
  PENDING_AUTO_EXPORT: { auto_export: 'EXPORTED_AUTO', rollback: 'APPROVED_2' },
  EXPORTED_AUTO: { import: 'IMPORTED' },
  IMPORTED: { post: 'POSTED', rollback: 'APPROVED_2' },
  POSTED: { reverse: 'REVERSED', close: 'CLOSED' },
  REVERSED: { close: 'CLOSED' },
  NEW_REVERSAL: { prepare_reversal: 'PREPARED_REVERSAL' },
  PREPARED_REVERSAL: { approve_reversal: 'APPROVED_REVERSAL' },
  APPROVED_REVERSAL: { export_reversal: 'EXPORTED_REVERSAL' },
  EXPORTED_REVERSAL: { import_reversal: 'IMPORTED_REVERSAL' },
  IMPORTED_REVERSAL: { post_reversal: 'POST_REVERSED' },
  POST_REVERSED: { close: 'CLOSED' },
  CLOSED: {},
  DELETED: {},
};

/** Moves that belong to one side only. */
const ONE_SIDE: Partial<Record<TInvoiceAction, TInvoiceType>> = { release: 'AP', print: 'AR' };

/** The target of `action` from `status` on side `type`, or null when the table has no such move. */
export function invoiceTransition(
  status: TInvoiceStatus,
  action: TInvoiceAction,
  type: TInvoiceType,
): TInvoiceStatus | null {
  const side = ONE_SIDE[action];
  if (side && side !== type) return null;
  return INVOICE_TRANSITIONS[status]?.[action] ?? null;
}

/** The moves a user holding `funcs` may make now (built ones only): what the screen offers. */
export function allowedInvoiceActions(
  status: TInvoiceStatus,
  type: TInvoiceType,
  funcs: ReadonlySet<string> | readonly string[],
): TInvoiceAction[] {
  const has = (f: string) => (Array.isArray(funcs) ? funcs.includes(f) : (funcs as Set<string>).has(f));
  return INVOICE_ACTION_NAMES.filter(
    (a) => INVOICE_ACTIONS[a].built && invoiceTransition(status, a, type) && has(INVOICE_ACTIONS[a].funcId),
  );
}

/** Read access by side (002 §2: apDetails m_ap, arDetails m_ar). */
export const INVOICE_READ_FUNC: Record<TInvoiceType, FuncId> = { AR: 'm_ar', AP: 'm_ap' };

// ---- Stage lists and ageing (002 §2, §4, §9) ----

/** When a stage's ageing clock starts. */
export type TAgeClock =
  | 'created_at'
  | 'prepared_at'
  | 'approved_1_at'
  | 'approved_2_at'
  | 'printed_at'
  | 'posted_at';

export interface InvoiceStageDef {
  /** As in the route apSearch/{stage} / arSearch/{stage}. */
  name: string;
  statuses?: readonly TInvoiceStatus[];
  /** Extra condition the server applies (settlement, closing, AP ref, accounting-system status). */
  where?: 'closed' | 'settled' | 'unsettled' | 'apRefMissing' | 'acctSuccess' | 'acctFailure' | 'acctPending';
  /** 002 §9: yellow from `days` after the clock, red from twice that (docs/invoices.md). */
  ageing?: { clock: TAgeClock; days: number };
}

const SHARED_STAGES = {
  PendingPreparation: { statuses: ['NEW', 'REJECTED'] },
  Prepared: { statuses: ['PREPARED'] },
  SupervisorApproved: { statuses: ['APPROVED_1'] },
  PendingPosting: { statuses: INVOICE_POSTING_STATUSES },
  Posted: { statuses: ['POSTED'] },
  PostedSuccess: { statuses: ['POSTED'], where: 'acctSuccess' },
  PostedFailure: { statuses: ['POSTED'], where: 'acctFailure' },
  PostedPending: { statuses: ['POSTED'], where: 'acctPending' },
  Reversed: { statuses: ['REVERSED', 'POST_REVERSED'] },
  Settled: { statuses: ['POSTED'], where: 'settled' },
  Unsettled: { statuses: ['POSTED'], where: 'unsettled' },
  Closed: { where: 'closed' },
} as const satisfies Record<string, Omit<InvoiceStageDef, 'name'>>;

const withAge = (
  defs: Record<string, Omit<InvoiceStageDef, 'name'>>,
  ages: Record<string, InvoiceStageDef['ageing']>,
): InvoiceStageDef[] => Object.entries(defs).map(([name, d]) => ({ name, ...d, ageing: ages[name] }));

/** AP stage lists (002 §2) with the AP thresholds of 002 §9: preparation, document and AP ref 30 days, approvals 2. */
export const AP_STAGES: InvoiceStageDef[] = withAge(
  {
    ...SHARED_STAGES,
    APRefInput: { statuses: INVOICE_STATUSES.filter((s) => s !== 'DELETED'), where: 'apRefMissing' },
  },
  {
    PendingPreparation: { clock: 'created_at', days: 30 },
    APRefInput: { clock: 'created_at', days: 30 },
    Prepared: { clock: 'prepared_at', days: 2 },
    SupervisorApproved: { clock: 'approved_1_at', days: 2 },
  },
);

/** AR stage lists: the shared ones plus New, PendingPrinting, Import, Export; 002 §9 AR thresholds. */
export const AR_STAGES: InvoiceStageDef[] = withAge(
  {
    New: { statuses: ['NEW'] },
    ...SHARED_STAGES,
    PendingPrinting: { statuses: ['APPROVED_2'] },
    Export: { statuses: ['ACCOUNTING_PRINTED', 'PENDING_AUTO_EXPORT'] },
    Import: { statuses: ['EXPORTED', 'EXPORTED_AUTO'] },
  },
  {
    New: { clock: 'created_at', days: 3 },
    PendingPreparation: { clock: 'created_at', days: 3 },
    PendingPrinting: { clock: 'approved_2_at', days: 3 },
    PendingPosting: { clock: 'printed_at', days: 2 },
    // Export and Import are the first steps of posting: the same clock (002 §9 "posted 2 days after printing").
    Export: { clock: 'printed_at', days: 2 },
    Import: { clock: 'printed_at', days: 2 },
    Posted: { clock: 'posted_at', days: 10 },
  },
);

export const INVOICE_STAGES: Record<TInvoiceType, InvoiceStageDef[]> = { AR: AR_STAGES, AP: AP_STAGES };

/** Jobs waiting for their first invoice (PendingCreation): AR 2 days after ETD, AP 5 (002 §9). */
export const INVOICE_CREATION_AGEING_DAYS: Record<TInvoiceType, number> = { AR: 2, AP: 5 };

export type TAgeColour = 'none' | 'yellow' | 'red';

/** 002 §9 colour of an item whose clock started at `since`: yellow from `days` on, red from 2 × days. */
export function invoiceAgeColour(
  since: string | Date | null,
  days: number,
  now: Date = new Date(),
): TAgeColour {
  if (!since) return 'none';
  const elapsed = (now.getTime() - new Date(since).getTime()) / 86_400_000;
  if (elapsed >= 2 * days) return 'red';
  if (elapsed >= days) return 'yellow';
  return 'none';
}

// ---- Schemas ----

export const INVOICE_SORTABLE = [
  'invoice_no',
  'account_code',
  'invoice_date',
  'status',
  'total_amount',
  'created_at',
  'updated_at',
] as const;
/** Custom filter fields of the invoice Search (002 §2 customised filter): the server's whitelist. */
export const INVOICE_FILTER_FIELDS = {
  invoice_no: 'text',
  account_code: 'text',
  kind: 'select',
  status: 'select',
  currency: 'text',
  invoice_date: 'date',
  ap_ref: 'text',
  group_no: 'text',
  office_code: 'text',
  total_amount: 'number',
} as const satisfies Record<string, TFilterFieldType>;
