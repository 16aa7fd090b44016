import { z } from 'zod';
import {
  JOURNAL_KINDS,
  JOURNAL_STATUSES,
  POSTING_ACCOUNT_SOURCES,
  POSTING_AMOUNTS,
  POSTING_BATCH_MAX,
  POSTING_MSG,
  POSTING_QUEUE_VIEWS,
  READINESS_ITEMS,
} from './accounting-catalogue';

export * from './accounting-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Posting to the accounting system (issue 15, 002 §3 journal no. and process status, §4 posting and
// reversal, §8 "Cannot post due to missing data", "Missing sun account code for posting"): posting rules,
// journals, the readiness checklist, batch post. docs/accounting.md.
// ---------------------------------------------------------------------------------------------------------

// ---- Readiness checklist ----

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
