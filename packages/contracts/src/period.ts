import { z } from 'zod';
import { INVOICE_POSTING_STATUSES } from './invoice-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Period close (issue 15, 002 §2 InvoiceClose / InvoiceGenericClose, §4 closing, §8 "Account locked for
// closing"): accounting periods per office and month, their blockers, close and reopen.
// ---------------------------------------------------------------------------------------------------------

/** Message keys of period close, translated in the web app's `msg` namespace. */
export const PERIOD_MSG = {
  /** 409: posting (or closing again) into a closed period (002 §8 "Account locked for closing"). */
  accountLockedForClosing: 'msgAccountLockedForClosing',
  /** 409: the period still has blockers; details/params list them (the screen shows the list). */
  blockers: 'msgPeriodCloseBlocked',
  /** 409: the period is already closed. */
  alreadyClosed: 'msgPeriodAlreadyClosed',
  /** 409: reopening a period that is not closed. */
  notClosed: 'msgPeriodNotClosed',
  /** 409: the ledger has closed this period: it can no longer be reopened here. */
  ledgerClosed: 'msgPeriodLedgerClosed',
  /** 503: the ledger cannot be asked whether it closed the period: reopen refused, try again later. */
  ledgerUnavailable: 'msgPeriodLedgerUnavailable',
  /** 400: a period that is not YYYY-MM, or later than the current month. */
  periodInvalid: 'msgPeriodInvalid',
  /** 400: the office is not known. */
  officeUnknown: 'msgPeriodOfficeUnknown',
  /** 409: a new invoice (or a job added to one) on a job a period close locked (Completed-GP Locked); params job, period. */
  jobGpLocked: 'msgPeriodJobGpLocked',
  /** Success messages. */
  closed: 'msgPeriodClosed',
  reopened: 'msgPeriodReopened',
} as const;

/** TRADE = InvoiceClose (every kind but non-trade); GENERIC = InvoiceGenericClose (kind NON_TRADE). */
export const PERIOD_KINDS = ['TRADE', 'GENERIC'] as const;
export type TPeriodKind = (typeof PERIOD_KINDS)[number];
export const PERIOD_STATUSES = ['OPEN', 'CLOSED'] as const;
export type TPeriodStatus = (typeof PERIOD_STATUSES)[number];

/** Invoice kinds a GENERIC close covers (002 §2 "closes other (non-trade) invoices"); the rest are TRADE. */
export const GENERIC_INVOICE_KINDS: readonly string[] = ['NON_TRADE'];
export const periodKindOfInvoice = (invoiceKind: string): TPeriodKind =>
  GENERIC_INVOICE_KINDS.includes(invoiceKind) ? 'GENERIC' : 'TRADE';

/** The function id guarding each close screen (002 §2, §6). */
export const PERIOD_FUNC = { TRADE: 'inv_closing', GENERIC: 'inv_generic_closing' } as const;

/** 'YYYY-MM' with a real month. */
export const ZPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, PERIOD_MSG.periodInvalid);

/**
 * Why an invoice blocks the close of its period (002 §4; docs/period-close.md):
 * UNAPPROVED — New, Prepared, Approved 1st, Rejected (not yet through the 2nd approval);
 * UNPOSTED — approved but not posted (Approved 2nd … Imported, Pending Auto Export, Exported (Auto));
 * REVERSAL_UNPOSTED — a reversal invoice not yet post reversed (New … Imported (Reversal));
 * POSTING_FAILED / POSTING_PENDING — Posted, but the ledger answered a failure / has not acknowledged yet;
 * UNSETTLED — a cheque request (kind CR) with an amount still outstanding: a cheque request is itself a
 * payment, so its month is not complete until it is paid (the only kind whose settlement a close requires).
 */
export const PERIOD_BLOCKER_REASONS = [
  'UNAPPROVED',
  'UNPOSTED',
  'REVERSAL_UNPOSTED',
  'POSTING_FAILED',
  'POSTING_PENDING',
  'UNSETTLED',
] as const;
export type TPeriodBlockerReason = (typeof PERIOD_BLOCKER_REASONS)[number];

/** Statuses behind each status-based blocker reason (the server's query uses these lists). */
export const PERIOD_BLOCKING_STATUSES = {
  UNAPPROVED: ['NEW', 'PREPARED', 'APPROVED_1', 'REJECTED'],
  UNPOSTED: ['APPROVED_2', ...INVOICE_POSTING_STATUSES],
  REVERSAL_UNPOSTED: [
    'NEW_REVERSAL',
    'PREPARED_REVERSAL',
    'APPROVED_REVERSAL',
    'EXPORTED_REVERSAL',
    'IMPORTED_REVERSAL',
  ],
} as const;
/** What a close closes: these statuses become Closed (the invoice `close` move). */
export const PERIOD_CLOSABLE_STATUSES = ['POSTED', 'REVERSED', 'POST_REVERSED'] as const;
/** Invoices whose settlement is required before their period closes (002 §4 "unsettled where required"). */
export const PERIOD_SETTLEMENT_REQUIRED = {
  kinds: ['CR'],
  subTypes: ['RECEIPT', 'CHEQUE', 'TRANSFER'],
} as const;

/** Message key of a blocker reason (the close refusal's details and the screen's reason column). */
export const periodBlockerMsg = (r: TPeriodBlockerReason) =>
  `msgPeriodBlocker${r.toLowerCase().replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase())}`;

export const ZPeriodQuery = z.object({
  office_code: z.string().trim().toUpperCase().min(1, 'msgFieldRequired').max(20, 'msgFieldTooLong'),
  period: ZPeriod,
});
export type TPeriodQuery = z.infer<typeof ZPeriodQuery>;

export const ZPeriodCloseRequest = ZPeriodQuery;
export const ZPeriodReopenRequest = ZPeriodQuery.extend({
  reason: z.string().trim().min(1, 'msgReasonRequired').max(500, 'msgFieldTooLong'),
});
export type TPeriodReopenRequest = z.infer<typeof ZPeriodReopenRequest>;

export const ZPeriodBlocker = z.object({
  inv_id: z.number().int(),
  invoice_no: z.string(),
  inv_type: z.enum(['AR', 'AP']),
  kind: z.string(),
  status: z.string(),
  acct_process_status: z.string(),
  account_code: z.string(),
  invoice_date: z.string().nullable(),
  currency: z.string(),
  total_amount: z.string(),
  outstanding_amount: z.string(),
  reason: z.enum(PERIOD_BLOCKER_REASONS),
});
export type TPeriodBlocker = z.infer<typeof ZPeriodBlocker>;

export const ZPeriodEvent = z.object({
  id: z.number().int(),
  period: z.string(),
  action: z.enum(['CLOSE', 'REOPEN']),
  reason: z.string().nullable(),
  invoice_count: z.number().int(),
  job_count: z.number().int(),
  actor: z.string(),
  at: z.string(),
});
export type TPeriodEvent = z.infer<typeof ZPeriodEvent>;

/** The close screen for one office and month: status, blockers, what a close would close, history. */
export const ZPeriodView = z.object({
  office_code: z.string(),
  period: z.string(),
  kind: z.enum(PERIOD_KINDS),
  status: z.enum(PERIOD_STATUSES),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** Up to PERIOD_BLOCKER_LIMIT blockers; `blocker_count` is the full count. */
  blockers: z.array(ZPeriodBlocker),
  blocker_count: z.number().int(),
  /** Invoices a close would close now (Posted, Reversed, Post Reversed), or closed by the close. */
  closable_count: z.number().int(),
  closed_count: z.number().int(),
  locked_job_count: z.number().int(),
  history: z.array(ZPeriodEvent),
});
export type TPeriodView = z.infer<typeof ZPeriodView>;
export const PERIOD_BLOCKER_LIMIT = 500;

/** The office's months with a close or reopen (the screen's period list). */
export const ZPeriodListQuery = z.object({
  office_code: z.string().trim().toUpperCase().max(20).optional(),
});
export const ZPeriodListRow = z.object({
  office_code: z.string(),
  period: z.string(),
  status: z.enum(PERIOD_STATUSES),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  reopened_by: z.string().nullable(),
  reopened_at: z.string().nullable(),
  reopen_reason: z.string().nullable(),
});
export type TPeriodListRow = z.infer<typeof ZPeriodListRow>;
export const ZPeriodListResponse = z.object({
  rows: z.array(ZPeriodListRow),
  /** The offices a period can be closed for (the screen's office picker). */
  offices: z.array(z.object({ code: z.string(), short_name: z.string() })),
});
export type TPeriodListResponse = z.infer<typeof ZPeriodListResponse>;

export const ZPeriodActionResponse = z.object({
  msgKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  view: ZPeriodView,
});
export type TPeriodActionResponse = z.infer<typeof ZPeriodActionResponse>;
