import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------
// Posting to the accounting system (issue 15, 002 §3 journal no. and process status, §4 posting and
// reversal, §8 "Cannot post due to missing data", "Missing sun account code for posting"): posting rules,
// journals, the readiness checklist, batch post. docs/accounting.md.
// ---------------------------------------------------------------------------------------------------------

/** Message keys of posting, translated in the web app's `msg` namespace. */
export const POSTING_MSG = {
  /** 422: the invoice is not ready; details carry one entry per checklist item (002 §8). */
  missingData: 'msgPostingMissingData',
  /** Checklist: the party has no sun A/C code (002 §8); params party (code), name. */
  missingSunAccount: 'msgPostingMissingSunAccount',
  /** Checklist: a charge code without a ledger code; params chargeCode. */
  missingLedgerCode: 'msgPostingMissingLedgerCode',
  /** Checklist: no usable exchange rate to the base currency; params currency, base. */
  missingExchangeRate: 'msgPostingMissingExchangeRate',
  /** Checklist: government invoice no. empty. */
  missingGovInvoiceNo: 'msgPostingMissingGovInvoiceNo',
  /** Checklist: invoice date empty (it names the period). */
  missingInvoiceDate: 'msgPostingMissingInvoiceDate',
  /** Checklist: the accounting period is closed; params period, office. */
  periodClosed: 'msgPostingPeriodClosed',
  /** Checklist: the two approvals are missing; params level. */
  notApproved: 'msgPostingNotApproved',
  /** Checklist: the status does not allow posting now; params status. */
  wrongStatus: 'msgPostingWrongStatus',
  /** Checklist: no posting rules for the invoice's rule set; params ruleSet. */
  noRules: 'msgPostingNoRules',
  /** Checklist: a tax code without a tax account; params taxCode. */
  missingTaxAccount: 'msgPostingMissingTaxAccount',
  /** 409: a posting is already queued or done for this invoice. */
  alreadyPosted: 'msgPostingAlreadyPosted',
  /** 409: only a failed posting can be retried. */
  notFailed: 'msgPostingNotFailed',
  /** Shown on the invoice while the ledger cannot be reached (kept retrying); params attempts. */
  ledgerUnavailable: 'msgPostingLedgerUnavailable',
  /** 400: more than POSTING_BATCH_MAX invoices in one batch. */
  batchTooLarge: 'msgPostingBatchTooLarge',
  /** Answer of a batch: params posted, notReady. */
  batchDone: 'msgPostingBatchDone',
} as const;

/** Most invoices one batch post takes (issue 15: 500). */
export const POSTING_BATCH_MAX = 500;

/**
 * Posting rule sets (the "invoice kinds" of posting): receivable, payable, their reversals and the
 * inter-account debit note (002 §4). `postingRuleSetOf` picks one for an invoice.
 */
export const POSTING_RULE_SETS = ['AR', 'AP', 'AR_REVERSAL', 'AP_REVERSAL', 'AR_INTER_ACCOUNT_DN'] as const;
export type TPostingRuleSet = (typeof POSTING_RULE_SETS)[number];

/** Where a rule's account comes from. */
export const POSTING_ACCOUNT_SOURCES = ['PARTY', 'CHARGE', 'TAX', 'FIXED'] as const;
export type TPostingAccountSource = (typeof POSTING_ACCOUNT_SOURCES)[number];
/** Which amount of the invoice a rule posts: gross (incl. tax, per invoice), net (per charge line), tax (per tax code). */
export const POSTING_AMOUNTS = ['GROSS', 'NET', 'TAX'] as const;
export type TPostingAmount = (typeof POSTING_AMOUNTS)[number];

/** The journal kind: the first posting or the reversal group's posting (idempotent reference per kind). */
export const JOURNAL_KINDS = ['post', 'post_reversal'] as const;
export type TJournalKind = (typeof JOURNAL_KINDS)[number];

/** Journal states on our side: QUEUED (waiting for the job), SENDING (leased), POSTED, FAILED (rejected). */
export const JOURNAL_STATUSES = ['QUEUED', 'SENDING', 'POSTED', 'FAILED'] as const;
export type TJournalStatus = (typeof JOURNAL_STATUSES)[number];

/** The rule set of an invoice being posted by `kind`. */
export function postingRuleSetOf(
  inv: { inv_type: string; kind: string; is_inter_account: boolean },
  kind: TJournalKind,
): TPostingRuleSet {
  const side = inv.inv_type === 'AP' ? 'AP' : 'AR';
  if (kind === 'post_reversal') return `${side}_REVERSAL`;
  if (side === 'AR' && inv.kind === 'DN' && inv.is_inter_account) return 'AR_INTER_ACCOUNT_DN';
  return side;
}

/** The idempotent ledger reference of an invoice's journal of `kind` (the same on every retry). */
export const journalReference = (invoiceNo: string, kind: TJournalKind) =>
  `${kind === 'post' ? 'P' : 'R'}-${invoiceNo}`;

// ---- Readiness checklist ----

export const READINESS_ITEMS = [
  'status',
  'approval',
  'sun_account',
  'ledger_code',
  'tax_account',
  'exchange_rate',
  'gov_invoice_no',
  'invoice_date',
  'period',
  'rules',
] as const;
export type TReadinessItem = (typeof READINESS_ITEMS)[number];

export const ZReadinessIssue = z.object({
  item: z.enum(READINESS_ITEMS),
  msgKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The web path where it is fixed (party screen, charge code, exchange rates, import document…). */
  fix_path: z.string().nullable(),
});
export type TReadinessIssue = z.infer<typeof ZReadinessIssue>;

export const ZReadiness = z.object({
  inv_id: z.number().int(),
  invoice_no: z.string(),
  /** The move that would post it now (post / post_reversal), or null when none applies. */
  action: z.enum(JOURNAL_KINDS).nullable(),
  ready: z.boolean(),
  issues: z.array(ZReadinessIssue),
});
export type TReadiness = z.infer<typeof ZReadiness>;

const ZInvIds = z
  .array(z.coerce.number().int().min(1).max(2147483647))
  .min(1)
  .max(POSTING_BATCH_MAX, POSTING_MSG.batchTooLarge);

export const ZReadinessBatchRequest = z.object({ inv_ids: ZInvIds });
export const ZReadinessBatchResponse = z.object({ rows: z.array(ZReadiness) });
export const ZInvIdParams = z.object({ inv_id: z.coerce.number().int().min(1).max(2147483647) });

export const ZPostBatchRequest = z.object({ inv_ids: ZInvIds });
export const ZPostBatchResponse = z.object({
  /** Invoices whose journals were queued (status now Posted / Post Reversed, process status pending). */
  posted: z.array(
    z.object({ inv_id: z.number().int(), invoice_no: z.string(), journal_reference: z.string() }),
  ),
  /** The rest, each with its checklist (the batch never stops at the first bad one). */
  not_ready: z.array(ZReadiness),
});
export type TPostBatchResponse = z.infer<typeof ZPostBatchResponse>;

// ---- Journals ----

export const ZJournalLine = z.object({
  line_no: z.number().int(),
  role: z.string(),
  account: z.string(),
  debit: z.string(),
  credit: z.string(),
  currency: z.string(),
  amount_txn: z.string(),
  rate: z.string(),
  description: z.string(),
  charge_code: z.string().nullable(),
  job_no: z.string().nullable(),
});
export type TJournalLine = z.infer<typeof ZJournalLine>;

export const ZJournal = z.object({
  id: z.number().int(),
  kind: z.enum(JOURNAL_KINDS),
  reference: z.string(),
  rule_set: z.string(),
  period: z.string(),
  journal_date: z.string(),
  status: z.enum(JOURNAL_STATUSES),
  journal_no: z.string().nullable(),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  errors: z.array(z.object({ code: z.string(), message: z.string(), line: z.number().int().optional() })),
  posted_at: z.string().nullable(),
  created_at: z.string(),
  lines: z.array(ZJournalLine),
});
export type TJournal = z.infer<typeof ZJournal>;

/** The posting panel of an invoice: readiness, process status and its journals. */
export const ZPostingState = z.object({
  readiness: ZReadiness,
  acct_process_status: z.string(),
  journal_no: z.string().nullable(),
  posted_at: z.string().nullable(),
  /** Retry is offered when the latest journal failed. */
  can_retry: z.boolean(),
  journals: z.array(ZJournal),
});
export type TPostingState = z.infer<typeof ZPostingState>;

/** A posting rule row (docs/accounting.md). */
export const ZPostingRule = z.object({
  rule_set: z.string(),
  seq: z.number().int(),
  account_source: z.enum(POSTING_ACCOUNT_SOURCES),
  account: z.string().nullable(),
  amount: z.enum(POSTING_AMOUNTS),
  side: z.enum(['DEBIT', 'CREDIT']),
  description: z.string(),
});
export type TPostingRule = z.infer<typeof ZPostingRule>;
export const ZPostingRulesResponse = z.object({
  rules: z.array(ZPostingRule),
  tax_accounts: z.array(z.object({ inv_type: z.string(), tax_code: z.string(), account: z.string() })),
  rounding_account: z.string(),
});

// ---- The posting screen (/INV/Posting) ----

export const POSTING_QUEUE_VIEWS = ['postable', 'failed', 'pending'] as const;
/** Rows a posting list shows at most (a batch posts up to POSTING_BATCH_MAX of them). */
export const POSTING_QUEUE_LIMIT = 500;
export const ZPostingQueueQuery = z.object({
  view: z.enum(POSTING_QUEUE_VIEWS).default('postable'),
  inv_type: z.enum(['AR', 'AP']).optional(),
  q: z.string().trim().max(40).optional(),
});
export type TPostingQueueQuery = z.input<typeof ZPostingQueueQuery>;
export const ZPostingQueueRow = z.object({
  inv_id: z.number().int(),
  invoice_no: z.string(),
  inv_type: z.string(),
  kind: z.string(),
  status: z.string(),
  account_code: z.string(),
  office_code: z.string(),
  currency: z.string(),
  total_amount: z.string(),
  base_total_amount: z.string(),
  invoice_date: z.string().nullable(),
  acct_process_status: z.string(),
  journal_no: z.string().nullable(),
  version: z.number().int(),
  readiness: ZReadiness,
});
export type TPostingQueueRow = z.infer<typeof ZPostingQueueRow>;
export const ZPostingQueueResponse = z.object({ rows: z.array(ZPostingQueueRow) });
export const ZPostingRetryResponse = z.object({ inv_id: z.number().int(), reference: z.string() });
