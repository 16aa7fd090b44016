import { z } from 'zod';
import {
  INVOICE_EMAIL_MAX,
  INVOICE_MERGE_MAX,
  INVOICE_PRINT_DEFAULTS,
  INVOICE_PRINT_LAYOUTS,
  INVOICE_PRINT_MSG,
  SIGNATURE_MAX_BYTES,
} from './invoice-print-catalogue';
import { MSG } from './msg-keys';

export * from './invoice-print-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Invoice printing, e-signatures and e-mail (002 §2 modals print options, merge printouts, print CR summary,
// e-mail; §5 mixed printing, ≤ 3 tax-invoice e-mails, e-signature for accounting print).
// ---------------------------------------------------------------------------------------------------------

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Print options (002 §2 modal), remembered per user as the preference INVOICE_PRINT_PREFERENCE. */
export const ZInvoicePrintOptions = z.object({
  layout: z.enum(INVOICE_PRINT_LAYOUTS, { message: MSG.fieldInvalid }).default('auto'),
  language: z
    .enum(['en', 'zh', 'zh_cn'], { message: MSG.fieldInvalid })
    .default('en')
    .describe('Labels: English, or English with Traditional (zh) or Simplified (zh_cn) Chinese'),
  show_base_currency: bool.default(true).describe('Totals also in the base currency'),
  show_bank: bool.default(true).describe('Bank details of the issuing company'),
  show_tax: bool.default(true).describe('Tax columns on the lines'),
  show_remarks: bool.default(true),
  copy_label: z
    .enum(['none', 'original', 'copy'], { message: MSG.fieldInvalid })
    .default('none')
    .describe('Stamp ORIGINAL or COPY in the header'),
});
export type TInvoicePrintOptions = z.output<typeof ZInvoicePrintOptions>;
export type TInvoicePrintOptionsInput = z.input<typeof ZInvoicePrintOptions>;

/** POST /Invoice/printMerge: several invoices in one PDF (002 §2 merge printouts). */
export const ZInvoiceMergeRequest = z.object({
  inv_ids: z
    .array(z.number().int().min(1).max(2147483647))
    .min(1, MSG.fieldRequired)
    .max(INVOICE_MERGE_MAX, MSG.fieldInvalid),
  options: ZInvoicePrintOptions.default(INVOICE_PRINT_DEFAULTS),
});
export type TInvoiceMergeRequest = z.input<typeof ZInvoiceMergeRequest>;

/** POST /Invoice/crSummary: one summary page over the selected cheque requests (002 §2 print CR summary). */
export const ZInvoiceCrSummaryRequest = z.object({
  inv_ids: z
    .array(z.number().int().min(1).max(2147483647))
    .min(1, MSG.fieldRequired)
    .max(INVOICE_MERGE_MAX, MSG.fieldInvalid),
  title: z.string().trim().max(100, MSG.fieldTooLong).nullish(),
});
export type TInvoiceCrSummaryRequest = z.input<typeof ZInvoiceCrSummaryRequest>;

/** POST /Invoice/{inv_id}/email: the PDF to up to 3 tax-invoice recipients through the mail outbox. */
export const ZInvoiceEmailRequest = z.object({
  to: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ message: MSG.fieldInvalid })),
    )
    .min(1, MSG.fieldRequired)
    .max(INVOICE_EMAIL_MAX, INVOICE_PRINT_MSG.tooManyEmails),
  subject: z.string().trim().max(200, MSG.fieldTooLong).nullish(),
  message: z.string().trim().max(2000, MSG.fieldTooLong).nullish(),
  options: ZInvoicePrintOptions.optional(),
  /** Also keep the addresses on the invoice as its tax-invoice e-mails (002 §3). */
  remember: z.boolean().default(false),
});
export type TInvoiceEmailRequest = z.input<typeof ZInvoiceEmailRequest>;

export const ZInvoiceEmailResponse = z.object({
  msgKey: z.string(),
  params: z.object({ count: z.number().int() }),
  outbox_ids: z.array(z.number().int()),
});

/**
 * GET /Invoice/{inv_id}/email/defaults: who the e-mail dialog starts with (issue 38): the invoice's remembered
 * tax-invoice recipients, else the account party's invoice e-mail(s); `source` says which.
 */
export const ZInvoiceEmailDefaults = z.object({
  to: z.array(z.string()),
  source: z.enum(['invoice', 'party', 'none']),
});
export type TInvoiceEmailDefaults = z.infer<typeof ZInvoiceEmailDefaults>;

/** One print of an invoice: the log behind "who printed and when" (GET /Invoice/{inv_id}/prints). */
export const ZInvoicePrint = z.object({
  id: z.number().int(),
  kind: z.enum(['print', 'release', 'accounting_print', 'pdf', 'merge', 'email']),
  printed_by: z.string(),
  printed_at: z.string(),
  signers: z.array(z.object({ role: z.string(), name: z.string() })),
  recipients: z.array(z.string()),
});
export type TInvoicePrint = z.infer<typeof ZInvoicePrint>;
export const ZInvoicePrintList = z.array(ZInvoicePrint);

/** The caller's own e-signature (profile screen). */
export const ZSignature = z.object({
  has_signature: z.boolean(),
  image: z.string().nullable().describe('data:image/png;base64,… (sanitised PNG)'),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});
export type TSignature = z.infer<typeof ZSignature>;

/** PUT /Users/Signature: a drawn (canvas) or uploaded image as a data URL (PNG or JPEG). */
export const ZSignatureUpload = z.object({
  image: z
    .string({ message: MSG.fieldRequired })
    .min(1, MSG.fieldRequired)
    // base64 of SIGNATURE_MAX_BYTES plus the data-URL prefix; the decoded size is checked again.
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 64, INVOICE_PRINT_MSG.signatureTooLarge),
});
export type TSignatureUpload = z.input<typeof ZSignatureUpload>;
