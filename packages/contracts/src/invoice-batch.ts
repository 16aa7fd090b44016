import { z } from 'zod';
import { MAX_EXPORT_ROWS } from './constants';
import {
  INVOICE_ACTION_NAMES,
  type INVOICE_STATUSES,
  INVOICE_SUB_TYPES,
  INVOICE_TYPES,
  type TInvoiceAction,
} from './invoice';
import { MSG } from './msg-keys';

// ---------------------------------------------------------------------------------------------------------
// Invoices after approval (issue 14, docs/invoices.md "After approval"): accounting export, import of the
// government invoice no., rollback, reversal, the inter-account debit note, batch modals and grouping.
// ---------------------------------------------------------------------------------------------------------

export const INVOICE_BATCH_MSG = {
  /** 422: the base-currency total of the selected invoices is negative (002 §8 group export failure). */
  groupExportNegative: 'msgInvoiceGroupExportNegative',
  /** 422: an invoice's remarks do not fit the journal's description field; params invoiceNo, max. */
  groupExportRemarksTooLong: 'msgInvoiceGroupExportRemarksTooLong',
  /** 422: an invoice of the selection is not in a status that may be exported / imported / grouped. */
  batchWrongStatus: 'msgInvoiceBatchWrongStatus',
  /** 422: an inter-account debit note cannot be made for an invoice with more than one job (002 §4). */
  interAccountMultipleJobs: 'msgInterAccountDnMultipleJobs',
  /** 422: the invoice is not flagged inter-account. */
  interAccountNotFlagged: 'msgInterAccountDnNotInterAccount',
  /** 409: the inter-account debit note of this invoice exists already; params invoiceNo. */
  interAccountExists: 'msgInterAccountDnExists',
  /** 422: a grouping mixes sides, accounts or currencies. */
  groupMixed: 'msgInvoiceGroupMixed',
  /** 422: an invoice is already in a group; params invoiceNo, groupNo. */
  alreadyGrouped: 'msgInvoiceAlreadyGrouped',
  /** 422 (AP only): the AP ref applies to payables. */
  apRefPayableOnly: 'msgInvoiceApRefPayableOnly',
  /** 200 warning per file: no AP ref found in the uploaded document's text (002 §8). */
  apRefNotRecognised: 'msgApRefNotRecognised',
  /** 422: the same invoice is listed twice in one batch. */
  batchDuplicate: 'msgInvoiceBatchDuplicate',
  /** 422: the rows of the export file would exceed the export limit. */
  exportTooMany: MSG.exportTooMany,
} as const;

/** Journal description width of the accounting import file: remarks longer than this refuse the export. */
export const EXPORT_DESCRIPTION_MAX = 50;

/** Statuses from which the accounting export moves an invoice, and the move it makes. */
export const EXPORT_MOVES: Partial<Record<(typeof INVOICE_STATUSES)[number], TInvoiceAction>> = {
  ACCOUNTING_PRINTED: 'export',
  APPROVED_REVERSAL: 'export_reversal',
};
/** Statuses from which the Import document screen moves an invoice, and the move it makes. */
export const IMPORT_MOVES: Partial<Record<(typeof INVOICE_STATUSES)[number], TInvoiceAction>> = {
  EXPORTED: 'import',
  EXPORTED_AUTO: 'import',
  EXPORTED_REVERSAL: 'import_reversal',
};
/** Statuses in which sub-type and tax rate code may still be changed (before the accounting print). */
export const SUB_TYPE_EDITABLE_STATUSES = [
  'NEW',
  'REJECTED',
  'PREPARED',
  'APPROVED_1',
  'APPROVED_2',
  'RELEASED',
  'PRINTED',
] as const;
/** Statuses in which no reference (AP ref, payment ref) may change any more. */
export const REF_LOCKED_STATUSES = ['DELETED', 'CLOSED'] as const;

/** One invoice of a batch, with the version the user read (optimistic concurrency: 409 when stale). */
export const ZBatchItem = z.object({
  inv_id: z.number().int().min(1).max(2147483647),
  version: z.number().int().min(1),
});
const items = (max = 500) => z.array(ZBatchItem).min(1, MSG.fieldRequired).max(max, MSG.exportTooMany);
const ref = z.string().trim().max(60, MSG.fieldTooLong);

/** Batch update AP Ref: a value per invoice (each vendor invoice has its own number). */
export const ZBatchApRefRequest = z.object({
  rows: z
    .array(ZBatchItem.extend({ ap_ref: ref.min(1, MSG.fieldRequired) }))
    .min(1)
    .max(500),
});
/**
 * Batch upload document, second step: read the AP ref from each invoice's latest uploaded document (the files
 * go through the document upload of each invoice first); not found → a msgApRefNotRecognised warning.
 */
export const ZApRefFromDocumentsRequest = z.object({ rows: items() });
/** Batch update Payment Ref: one payment reference for all selected invoices (one payment). */
export const ZBatchPaymentRefRequest = z.object({
  rows: items(),
  payment_ref: ref.min(1, MSG.fieldRequired),
});
/** Update sub-type and tax rate code of the selected invoices. */
export const ZBatchSubTypeRequest = z.object({
  rows: items(),
  sub_type: z.enum(INVOICE_SUB_TYPES, { message: MSG.fieldRequired }),
  with_credit_term: z.boolean().default(false),
  tax_rate_code: z.string().trim().max(20, MSG.fieldTooLong).nullish(),
});
/** Status update modal: one move for every selected invoice, all or nothing. */
export const ZBatchStatusRequest = z.object({
  rows: items(),
  action: z.enum(INVOICE_ACTION_NAMES as [TInvoiceAction, ...TInvoiceAction[]], {
    message: MSG.fieldInvalid,
  }),
  reason: z.string().trim().max(500, MSG.fieldTooLong).nullish(),
});
/** Accounting export of the selected invoices (≤ 10,000). */
export const ZAccountingExportRequest = z.object({ rows: items(MAX_EXPORT_ROWS) });
/** Import document: the government invoice no. and date of each exported invoice. */
export const ZImportDocumentRequest = z.object({
  rows: z
    .array(
      ZBatchItem.extend({
        gov_invoice_no: z.string().trim().min(1, MSG.fieldRequired).max(40, MSG.fieldTooLong),
        invoice_date: z.iso.date({ message: MSG.fieldInvalid }),
      }),
    )
    .min(1)
    .max(500),
});
export const INVOICE_GROUP_KINDS = ['PAYMENT', 'TAX_INVOICE'] as const;
export type TInvoiceGroupKind = (typeof INVOICE_GROUP_KINDS)[number];
/** Batch payment / batch tax-invoice grouping: gives the selected invoices one group no. */
export const ZInvoiceGroupRequest = z.object({
  kind: z.enum(INVOICE_GROUP_KINDS, { message: MSG.fieldRequired }),
  rows: items(),
  remarks: z.string().trim().max(200, MSG.fieldTooLong).nullish(),
});
export const ZInvoiceGroupParams = z.object({ group_no: z.string().trim().min(1).max(30) });
export const ZInvoiceGroupListQuery = z.object({ kind: z.enum(INVOICE_GROUP_KINDS).optional() });

/** What a batch answers: the invoices changed (new versions) and per-invoice warnings. */
export const ZBatchResult = z.object({
  count: z.number().int(),
  rows: z.array(
    z.object({
      inv_id: z.number().int(),
      invoice_no: z.string(),
      version: z.number().int(),
      status: z.string(),
    }),
  ),
  warnings: z
    .array(
      z.object({ inv_id: z.number().int().nullable(), file_name: z.string().nullable(), msgKey: z.string() }),
    )
    .default([]),
});
export type TBatchResult = z.infer<typeof ZBatchResult>;

export const ZInvoiceGroup = z.object({
  group_no: z.string(),
  kind: z.enum(INVOICE_GROUP_KINDS),
  inv_type: z.enum(INVOICE_TYPES),
  account_code: z.string(),
  currency: z.string(),
  total_amount: z.string(),
  base_total_amount: z.string(),
  invoice_count: z.number().int(),
  invoice_nos: z.array(z.string()),
  remarks: z.string().nullable(),
  status: z.enum(['ACTIVE', 'DISSOLVED']),
  created_by: z.string().nullable(),
  created_at: z.string(),
  dissolved_by: z.string().nullable(),
  dissolved_at: z.string().nullable(),
});
export type TInvoiceGroup = z.infer<typeof ZInvoiceGroup>;
/** POST /Invoice/group: the new group and the per-invoice result. */
export const ZInvoiceGroupResponse = z.object({ group: ZInvoiceGroup, result: ZBatchResult });
/** Grouping screen: the current (active) groups and every group of the recent 2 months (002 §9). */
export const ZInvoiceGroupList = z.object({
  current: z.array(ZInvoiceGroup),
  history: z.array(ZInvoiceGroup),
});
export type TInvoiceGroupList = z.infer<typeof ZInvoiceGroupList>;

export const ZExportBatch = z.object({
  batch_no: z.string(),
  file_name: z.string(),
  invoice_count: z.number().int(),
  line_count: z.number().int(),
  base_total_amount: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type TExportBatch = z.infer<typeof ZExportBatch>;
export const ZExportBatchParams = z.object({ batch_no: z.string().trim().min(1).max(40) });
export const ZExportBatchList = z.array(ZExportBatch);
/** POST /Invoice/accountingExport: the batch written and the per-invoice result. */
export const ZAccountingExportResponse = z.object({ batch: ZExportBatch, result: ZBatchResult });

/** GET /Invoice/:inv_id/links: the invoices this one was made from or made (credit notes, inter-account DN). */
export const ZInvoiceLink = z.object({
  link_type: z.string(),
  from_inv_id: z.number().int(),
  to_inv_id: z.number().int(),
  from_no: z.string(),
  to_no: z.string(),
});
export type TInvoiceLink = z.infer<typeof ZInvoiceLink>;
export const ZInvoiceLinks = z.array(ZInvoiceLink);

/** The inter-account debit note (More Actions when Prepared). */
export const ZInterAccountDnRequest = z.object({ version: z.number().int().min(1) });

/** A job of JobSearch / BlankJob with its invoicing state (002 §4 Outstanding, Completed, Completed-GP Locked). */
export const JOB_INVOICING_STATES = ['OUTSTANDING', 'COMPLETED', 'COMPLETED_GP_LOCKED'] as const;
export const ZInvoiceJobRow = z.object({
  job_no: z.string(),
  so_nos: z.array(z.string()),
  etd: z.string(),
  handling_office: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  ar_count: z.number().int(),
  ap_count: z.number().int(),
  line_count: z.number().int(),
  invoicing_state: z.enum(JOB_INVOICING_STATES),
});
export type TInvoiceJobRow = z.infer<typeof ZInvoiceJobRow>;
export const ZInvoiceJobRows = z.array(ZInvoiceJobRow);
export const ZInvoiceJobQuery = z.object({
  q: z.string().trim().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
