// ---------------------------------------------------------------------------------------------------------
// Posting constants without zod (issue 20: the posting screen imports them without the schemas);
// accounting.ts re-exports everything here.
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

// ---- The posting screen (/INV/Posting) ----

export const POSTING_QUEUE_VIEWS = ['postable', 'failed', 'pending'] as const;
/** Rows a posting list shows at most (a batch posts up to POSTING_BATCH_MAX of them). */
export const POSTING_QUEUE_LIMIT = 500;
