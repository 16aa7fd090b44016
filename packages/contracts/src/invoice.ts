import { z } from 'zod';
import { TAX_CODE_NAMES } from './charge-code';
import { ZExchangeRateValue } from './exchange-rate';
import type { FuncId } from './func-ids';
import { customFiltersParam, listResponse, type TFilterFieldType, ZListQuery } from './list';
import { isDecimalString, MONEY_INTEGER_DIGITS, MONEY_MAX_SCALE, money } from './money';
import { MSG } from './msg-keys';

// ---------------------------------------------------------------------------------------------------------
// Invoices (002): kinds, statuses, the one transition table, ageing, schemas and message keys.
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

/** Every status of 002 §4, the reversal group included. */
export const INVOICE_STATUSES = [
  'NEW',
  'PREPARED',
  'APPROVED_1',
  'APPROVED_2',
  'REJECTED',
  'RELEASED',
  'PRINTED',
  'ACCOUNTING_PRINTED',
  'EXPORTED',
  'IMPORTED',
  'PENDING_AUTO_EXPORT',
  'EXPORTED_AUTO',
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

const POSTING: readonly TInvoiceStatus[] = [
  'RELEASED',
  'PRINTED',
  'ACCOUNTING_PRINTED',
  'EXPORTED',
  'IMPORTED',
  'PENDING_AUTO_EXPORT',
  'EXPORTED_AUTO',
];

const SHARED_STAGES = {
  PendingPreparation: { statuses: ['NEW', 'REJECTED'] },
  Prepared: { statuses: ['PREPARED'] },
  SupervisorApproved: { statuses: ['APPROVED_1'] },
  PendingPosting: { statuses: POSTING },
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

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MSG.fieldTooLong)
    .nullish()
    .transform((v) => (v ? v : null));
const code = (max: number) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .min(1, MSG.fieldRequired)
    .max(max, MSG.fieldTooLong)
    .regex(/^[A-Z0-9_\-./]+$/, MSG.fieldInvalid);

/** A decimal string ≥ 0 with at most 4 decimals (the widest currency): a price or a quantity. */
const ZDecimal4 = (positive: boolean) =>
  z
    .string({ message: MSG.amountInvalid })
    .trim()
    .min(1, MSG.fieldRequired)
    .regex(new RegExp(`^\\d{1,${MONEY_INTEGER_DIGITS}}(\\.\\d{1,${MONEY_MAX_SCALE}})?$`), MSG.amountInvalid)
    .refine((v) => !positive || (isDecimalString(v) && money.compare(v, '0') > 0), MSG.amountInvalid);

/** Tax rate in percent, 0 to 100, up to 4 decimals ("6", "13.5"). */
const ZTaxRate = z
  .string({ message: MSG.fieldInvalid })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, MSG.fieldInvalid)
  .refine((v) => money.compare(v, '100') <= 0, MSG.fieldInvalid);

/** One general charge line as the user enters it (002 §3); amounts are computed, never sent. */
export const ZInvoiceLineInput = z.object({
  charge_code: code(20),
  description: z.string().trim().min(1, MSG.fieldRequired).max(200, MSG.fieldTooLong),
  reference: text(100),
  job_no: text(30),
  unit_price: ZDecimal4(true),
  price_includes_tax: z.boolean().default(false).describe('Unit price includes tax'),
  quantity: ZDecimal4(true),
  uom: z.string().trim().min(1, MSG.fieldRequired).max(10, MSG.fieldTooLong),
  dr_cr: z.enum(['DR', 'CR'], { message: MSG.fieldRequired }),
  tax_code: z.enum(TAX_CODE_NAMES as [string, ...string[]], { message: MSG.fieldRequired }).nullish(),
  tax_rate: ZTaxRate.default('0'),
});
export type TInvoiceLineInput = z.input<typeof ZInvoiceLineInput>;

export const ZChequeRequestInput = z.object({
  available_date: z.iso.date({ message: MSG.fieldInvalid }).nullish(),
  free_to_combine: z.boolean().default(false),
  foreign_currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, MSG.fieldInvalid)
    .nullish(),
  cheque_currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, MSG.fieldInvalid)
    .nullish(),
  issued_to: text(200),
});

/** Header fields a user edits (002 §3); status, numbers and posting fields are set by the server. */
export const ZInvoiceFields = z.object({
  inv_type: z.enum(INVOICE_TYPES, { message: MSG.fieldRequired }),
  kind: z.enum(INVOICE_KIND_NAMES as [TInvoiceKind, ...TInvoiceKind[]], { message: MSG.fieldRequired }),
  account_code: code(30).describe('Party code billed (AR) or billing us (AP)'),
  issue_party_code: code(30).nullish().describe('Issued to (AR) / from (AP) when not the account itself'),
  job_nos: z.array(code(30)).max(50).describe('At least one job'),
  so_nos: z.array(code(30)).max(200).describe('At least one SO of those jobs'),
  hbl_no: text(40),
  mbl_no: text(40),
  is_overseas: z.boolean().default(false),
  sales_code: text(20),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, MSG.fieldInvalid),
  exchange_rate: ZExchangeRateValue.nullish().describe('To base currency; empty = looked up'),
  invoice_date: z.iso.date({ message: MSG.fieldInvalid }).nullish(),
  gov_invoice_no: text(40),
  sub_type: z.enum(INVOICE_SUB_TYPES, { message: MSG.fieldInvalid }).nullish(),
  with_credit_term: z.boolean().default(false),
  is_inter_account: z.boolean().default(false),
  ap_ref: text(60),
  payment_ref: text(60),
  payment_marker: text(20),
  group_no: text(30),
  tax_rate_code: text(20),
  remarks: text(1000),
  local_invoice_no: text(40),
  vat_period: z
    .string()
    .regex(/^\d{4}(0[1-9]|1[0-2])$/, MSG.fieldInvalid)
    .nullish(),
  company_id: text(20),
  tax_invoice_emails: z
    .array(z.email({ message: MSG.fieldInvalid }))
    .max(3, 'msgInvoiceTooManyEmails')
    .default([]),
  lines: z.array(ZInvoiceLineInput).max(500),
  cheque_request: ZChequeRequestInput.nullish(),
  total_amount: z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, MSG.amountInvalid)
    .nullish()
    .describe('The tax-inclusive total the user saw; refused when it differs from the lines'),
  sopms_override_reason: z
    .string()
    .trim()
    .max(500, MSG.fieldTooLong)
    .nullish()
    .describe('Overrides the SOPMS violations of this save, when the user level allows (docs/sopms.md)'),
});

export const ZCreateInvoiceRequest = ZInvoiceFields;
export type TCreateInvoiceRequest = z.input<typeof ZCreateInvoiceRequest>;
export type TInvoiceInput = z.output<typeof ZCreateInvoiceRequest>;
export const ZUpdateInvoiceRequest = ZInvoiceFields.extend({
  version: z.number().int().min(1).describe('Version read; a newer one answers 409 msgRecordNotLatest'),
});
export type TUpdateInvoiceRequest = z.input<typeof ZUpdateInvoiceRequest>;

export const ZInvoiceActionRequest = z.object({
  action: z.enum(INVOICE_ACTION_NAMES as [TInvoiceAction, ...TInvoiceAction[]], {
    message: MSG.fieldInvalid,
  }),
  version: z.number().int().min(1),
  reason: z.string().trim().max(500, MSG.fieldTooLong).nullish(),
  sopms_override_reason: z
    .string()
    .trim()
    .max(500, MSG.fieldTooLong)
    .nullish()
    .describe('Overrides the SOPMS violations of this step, when the user level allows (docs/sopms.md)'),
});
export type TInvoiceActionRequest = z.input<typeof ZInvoiceActionRequest>;

export const ZInvoiceLine = z.object({
  id: z.number().int(),
  line_no: z.number().int(),
  charge_code: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  job_no: z.string().nullable(),
  unit_price: z.string(),
  price_includes_tax: z.boolean(),
  quantity: z.string(),
  uom: z.string(),
  dr_cr: z.enum(['DR', 'CR']),
  tax_code: z.string().nullable(),
  tax_rate: z.string(),
  amount: z.string().describe('Net of tax, invoice currency'),
  tax_amount: z.string(),
  total_amount: z.string().describe('Including tax'),
  settled_amount: z.string(),
  outstanding_amount: z.string(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

const nul = z.string().nullable();
export const ZInvoice = z.object({
  inv_id: z.number().int(),
  invoice_no: z.string(),
  inv_type: z.enum(INVOICE_TYPES),
  kind: z.string(),
  status: z.enum(INVOICE_STATUSES),
  account_code: z.string(),
  account_name: z.string(),
  issue_party_code: nul,
  issue_party_name: nul,
  job_nos: z.array(z.string()),
  so_nos: z.array(z.string()),
  hbl_no: nul,
  mbl_no: nul,
  office_code: z.string(),
  is_overseas: z.boolean(),
  sales_code: nul,
  currency: z.string(),
  base_currency: z.string(),
  exchange_rate: z.string(),
  net_amount: z.string(),
  tax_amount: z.string(),
  total_amount: z.string(),
  base_total_amount: z.string(),
  settled_amount: z.string(),
  outstanding_amount: z.string(),
  invoice_date: nul,
  gov_invoice_no: nul,
  sub_type: nul,
  with_credit_term: z.boolean(),
  is_inter_account: z.boolean(),
  ap_ref: nul,
  payment_ref: nul,
  payment_marker: nul,
  group_no: nul,
  tax_rate_code: nul,
  remarks: nul,
  local_invoice_no: nul,
  vat_period: nul,
  company_id: nul,
  tax_invoice_emails: z.array(z.string()),
  print_file: nul,
  export_file: nul,
  is_closed: z.boolean(),
  close_period: nul,
  journal_no: nul,
  acct_process_status: z.string(),
  reject_reason: nul,
  prepared_by: nul,
  prepared_at: nul,
  approved_1_by: nul,
  approved_1_at: nul,
  approved_2_by: nul,
  approved_2_at: nul,
  lines: z.array(ZInvoiceLine),
  cheque_request: z
    .object({
      available_date: nul,
      free_to_combine: z.boolean(),
      foreign_currency: nul,
      cheque_currency: nul,
      issued_to: nul,
    })
    .nullable(),
  version: z.number().int(),
  created_at: z.string(),
  created_by: nul,
  updated_at: z.string(),
  updated_by: nul,
});
export type TInvoice = z.infer<typeof ZInvoice>;

/** A row of invoice lists (search, stage lists). */
export const ZInvoiceRow = z.object({
  inv_id: z.number().int(),
  invoice_no: z.string(),
  inv_type: z.enum(INVOICE_TYPES),
  kind: z.string(),
  status: z.enum(INVOICE_STATUSES),
  account_code: z.string(),
  account_name: z.string(),
  job_nos: z.array(z.string()),
  hbl_no: nul,
  currency: z.string(),
  total_amount: z.string(),
  base_total_amount: z.string(),
  invoice_date: nul,
  ap_ref: nul,
  group_no: nul,
  office_code: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  age_colour: z.enum(['none', 'yellow', 'red']),
  /** Settled and outstanding in the invoice currency, kept by settlement (docs/settlement.md). */
  settled_amount: z.string(),
  outstanding_amount: z.string(),
  payment_marker: nul,
  gov_invoice_no: nul,
  payment_ref: nul,
  /** The version read: batch actions send it back (409 "Record not latest" when stale). */
  version: z.number().int(),
});
export type TInvoiceRow = z.infer<typeof ZInvoiceRow>;

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

export const ZInvoiceListQuery = ZListQuery.extend({
  filters: customFiltersParam('INVOICE_FILTER_FIELDS'),
  inv_type: z.enum(INVOICE_TYPES).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  kind: z.enum(INVOICE_KIND_NAMES as [TInvoiceKind, ...TInvoiceKind[]]).optional(),
});
export type TInvoiceListQuery = z.infer<typeof ZInvoiceListQuery>;
export const ZInvoiceListResponse = listResponse(ZInvoiceRow);

export const ZInvoiceIdParams = z.object({ inv_id: z.coerce.number().int().min(1).max(2147483647) });
export const ZInvoiceStageParams = z.object({ stage: z.string().max(40) });
export const ZInvoiceNewByJobParams = z.object({
  account_code: z.string().trim().toUpperCase().min(1).max(30),
  job_no: z.string().trim().toUpperCase().min(1).max(30),
});
export const ZInvoiceNewByJobQuery = z.object({ inv_type: z.enum(INVOICE_TYPES).default('AR') });

/** What newbyjob answers: a filled header for the form (nothing is saved until the user saves). */
export const ZInvoiceDraft = z.object({
  inv_type: z.enum(INVOICE_TYPES),
  kind: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  job_nos: z.array(z.string()),
  so_nos: z.array(z.string()),
  hbl_no: nul,
  office_code: z.string(),
  is_overseas: z.boolean(),
  sales_code: nul,
  currency: z.string(),
  base_currency: z.string(),
  exchange_rate: nul,
  etd: z.string(),
});
export type TInvoiceDraft = z.infer<typeof ZInvoiceDraft>;

/** A dashboard card (002 §2): count, yellow and red of one stage. */
export const ZInvoiceDashboard = z.object({
  inv_type: z.enum(INVOICE_TYPES),
  cards: z.array(
    z.object({
      stage: z.string(),
      count: z.number().int(),
      yellow: z.number().int(),
      red: z.number().int(),
      ageing_days: z.number().int().nullable(),
    }),
  ),
});
export type TInvoiceDashboard = z.infer<typeof ZInvoiceDashboard>;

/** P&L of a job (the P&L tab and GP summary): revenue (AR) and cost (AP) net of tax, in the base currency. */
export const ZInvoiceJobProfit = z.object({
  base_currency: z.string(),
  jobs: z.array(
    z.object({
      job_no: z.string(),
      revenue: z.string(),
      cost: z.string(),
      profit: z.string(),
      invoices: z.number().int(),
    }),
  ),
});
export type TInvoiceJobProfit = z.infer<typeof ZInvoiceJobProfit>;

/** A job waiting for its first invoice of a side (PendingCreation/Local, /Overseas), with its ageing colour. */
export const ZPendingCreationRow = z.object({
  job_no: z.string(),
  so_nos: z.array(z.string()),
  etd: z.string(),
  handling_office: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  age_colour: z.enum(['none', 'yellow', 'red']),
});
export type TPendingCreationRow = z.infer<typeof ZPendingCreationRow>;
export const ZPendingCreationParams = z.object({ scope: z.enum(['Local', 'Overseas']) });
export const ZInvoiceExportQuery = ZInvoiceListQuery.extend({ lang: z.string().max(8).optional() });
