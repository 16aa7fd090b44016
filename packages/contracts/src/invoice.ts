import { z } from 'zod';
import { TAX_CODE_NAMES } from './charge-code';
import { INVOICE_SEARCH_MIN_CHARS } from './constants';
import { ZExchangeRateValue } from './exchange-rate';
import { optText } from './fields';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import { isDecimalString, MONEY_INTEGER_DIGITS, MONEY_MAX_SCALE, money } from './money';
import { MSG } from './msg-keys';

// ---------------------------------------------------------------------------------------------------------
// Invoices (002): kinds, statuses, the one transition table, ageing, schemas and message keys.
// ---------------------------------------------------------------------------------------------------------

import {
  INVOICE_ACTION_NAMES,
  INVOICE_KIND_NAMES,
  INVOICE_STATUSES,
  INVOICE_SUB_TYPES,
  INVOICE_TYPES,
  type TInvoiceAction,
  type TInvoiceKind,
} from './invoice-catalogue';

export * from './invoice-catalogue';

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
  // Checks run on after a failed format check (zod 4): compare only a decimal, or "abc" threw (a 500).
  .refine((v) => !isDecimalString(v) || money.compare(v, '100') <= 0, MSG.fieldInvalid);

/** One general charge line as the user enters it (002 §3); amounts are computed, never sent. */
export const ZInvoiceLineInput = z.object({
  charge_code: code(20),
  description: z.string().trim().min(1, MSG.fieldRequired).max(200, MSG.fieldTooLong),
  reference: optText(100),
  job_no: optText(30),
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
  issued_to: optText(200),
});

/** Header fields a user edits (002 §3); status, numbers and posting fields are set by the server. */
export const ZInvoiceFields = z.object({
  inv_type: z.enum(INVOICE_TYPES, { message: MSG.fieldRequired }),
  kind: z.enum(INVOICE_KIND_NAMES as [TInvoiceKind, ...TInvoiceKind[]], { message: MSG.fieldRequired }),
  account_code: code(30).describe('Party code billed (AR) or billing us (AP)'),
  issue_party_code: code(30).nullish().describe('Issued to (AR) / from (AP) when not the account itself'),
  job_nos: z.array(code(30)).max(50).describe('At least one job'),
  so_nos: z.array(code(30)).max(200).describe('At least one SO of those jobs'),
  hbl_no: optText(40),
  mbl_no: optText(40),
  is_overseas: z.boolean().default(false),
  sales_code: optText(20),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, MSG.fieldInvalid),
  exchange_rate: ZExchangeRateValue.nullish().describe('To base currency; empty = looked up'),
  invoice_date: z.iso.date({ message: MSG.fieldInvalid }).nullish(),
  gov_invoice_no: optText(40),
  sub_type: z.enum(INVOICE_SUB_TYPES, { message: MSG.fieldInvalid }).nullish(),
  with_credit_term: z.boolean().default(false),
  is_inter_account: z.boolean().default(false),
  ap_ref: optText(60),
  payment_ref: optText(60),
  payment_marker: optText(20),
  group_no: optText(30),
  tax_rate_code: optText(20),
  remarks: optText(1000),
  local_invoice_no: optText(40),
  vat_period: z
    .string()
    .regex(/^\d{4}(0[1-9]|1[0-2])$/, MSG.fieldInvalid)
    .nullish(),
  company_id: optText(20),
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

/** The invoice smart search: blank is none; else INVOICE_SEARCH_MIN_CHARS characters (400 msgSearchTooShort {min}). */
const invoiceSearchQ = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().min(INVOICE_SEARCH_MIN_CHARS, MSG.searchTooShort).max(200).optional(),
  )
  .describe(
    `Smart search: a number prefix or part of a name, at least ${INVOICE_SEARCH_MIN_CHARS} characters`,
  );

/** A stage list's query (GET /Invoice/arSearch/{stage}, /apSearch/{stage}). */
export const ZInvoiceStageQuery = ZListQuery.extend({ q: invoiceSearchQ });

export const ZInvoiceListQuery = ZListQuery.extend({
  q: invoiceSearchQ,
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
  account_code: z
    .string()
    .nullable()
    .describe(
      'AR: the customer; AP: the vendor (carrier party, else release or nomination agent); null: none',
    ),
  account_name: z.string().nullable(),
  age_colour: z.enum(['none', 'yellow', 'red']),
});
export type TPendingCreationRow = z.infer<typeof ZPendingCreationRow>;
export const ZPendingCreationRows = z.array(ZPendingCreationRow);
/**
 * Totals per currency of a list's rows over the whole filter (GET /Invoice/totals, /Invoice/{ar|ap}Search/{stage}/totals):
 * none when more than COUNT_CAP rows match (`capped`), as a sum over part of them would mislead.
 */
export const ZInvoiceTotals = z.object({
  capped: z.boolean().describe('More rows match than are summed (COUNT_CAP): narrow the filter'),
  count: z.number().int().describe('Rows summed'),
  currencies: z.array(
    z.object({
      currency: z.string(),
      count: z.number().int(),
      total_amount: z.string(),
      outstanding_amount: z.string(),
    }),
  ),
});
export type TInvoiceTotals = z.infer<typeof ZInvoiceTotals>;
export const ZPendingCreationParams = z.object({ scope: z.enum(['Local', 'Overseas']) });
export const ZInvoiceExportQuery = ZInvoiceListQuery.extend({ lang: z.string().max(8).optional() });
