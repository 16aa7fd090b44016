import type { TInvoicePrintOptions } from './invoice-print';

// ---------------------------------------------------------------------------------------------------------
// Invoice printing constants without zod (issue 20: the invoice screens import them without the schemas);
// invoice-print.ts re-exports everything here.
// ---------------------------------------------------------------------------------------------------------

export const INVOICE_PRINT_MSG = {
  /** 422: accounting print needs the signature of everyone who prepared and approved; params.names lists who lacks one. */
  signatureMissing: 'msgInvoiceSignatureMissing',
  /** 422: merge printouts / CR summary over invoices of several account codes or of both AR and AP (002 §5). */
  printMixed: 'msgInvoicePrintMixed',
  /** 422: the CR summary takes cheque request (CR) invoices only. */
  crOnly: 'msgInvoiceCrSummaryCrOnly',
  /** 422: more than 3 tax-invoice recipients (002 §5, §9). */
  tooManyEmails: 'msgInvoiceTooManyEmails',
  /** 422: the invoice cannot be e-mailed before it is printed (released / printed or later). */
  emailNotPrinted: 'msgInvoiceEmailNotPrinted',
  /** 202: the e-mail with the PDF is queued in the mail outbox; params.count recipients. */
  emailQueued: 'msgInvoiceEmailQueued',
  /** 422: the signature image is not a PNG or JPEG (or is damaged). */
  signatureType: 'msgSignatureTypeInvalid',
  /** 413/422: the signature image is larger than SIGNATURE_MAX_BYTES or SIGNATURE_MAX_SIZE pixels. */
  signatureTooLarge: 'msgSignatureTooLarge',
  /** 422: the signature is empty (nothing drawn). */
  signatureEmpty: 'msgSignatureEmpty',
  /** 002 §8 "Printing information load failure": the PDF could not be produced. */
  printLoadFailed: 'msgPrintingInfoLoadFailure',
} as const;

/** Signature images: at most 300 KB and 1200 × 600 pixels (a signature strip, not a photo). */
export const SIGNATURE_MAX_BYTES = 300 * 1024;
export const SIGNATURE_MAX_SIZE = { width: 1200, height: 600 } as const;

/** Invoices per merged printout / CR summary (helper bench: 100-invoice merge). */
export const INVOICE_MERGE_MAX = 200;
/** 002 §5, §9: up to 3 tax-invoice e-mail recipients. */
export const INVOICE_EMAIL_MAX = 3;

/**
 * PDF layouts per kind (002 §2 print): debit/credit note, the Chinese tax invoice, the cheque request and
 * the CR summary. `auto` picks from the invoice: CR → cheque request, DN/CN/incoming notes → DN/CN,
 * a VAT sub-type → tax invoice, else DN/CN (a forwarder's AR/AP invoice is printed as a debit note).
 */
export const INVOICE_PRINT_LAYOUTS = ['auto', 'dn_cn', 'tax_invoice', 'cheque_request'] as const;
export type TInvoicePrintLayout = (typeof INVOICE_PRINT_LAYOUTS)[number];

/** Preference type and page of the remembered print options (GET/POST /users/…Preferences). */
export const INVOICE_PRINT_PREFERENCE = { url: '/INV/print', type: 'invoice_print_options' } as const;

/** The print options when none are given: ZInvoicePrintOptions' defaults (a unit test holds them equal). */
export const INVOICE_PRINT_DEFAULTS: TInvoicePrintOptions = {
  layout: 'auto',
  language: 'en',
  show_base_currency: true,
  show_bank: true,
  show_tax: true,
  show_remarks: true,
  copy_label: 'none',
};
