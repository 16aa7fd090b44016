import { z } from 'zod';
import { ZExchangeRateValue } from './exchange-rate';
import { optText } from './fields';
import { INVOICE_TYPES } from './invoice';
import { MONEY_INTEGER_DIGITS, MONEY_MAX_SCALE } from './money';
import { MSG } from './msg-keys';
import { SETTLEMENT_METHODS } from './settlement-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Settlement (issue 15, docs/settlement.md): receipts (AR) and payments (AP) recorded against posted
// invoices, in the invoice currency, per charge line, with the day's rate and the exchange difference.
// ---------------------------------------------------------------------------------------------------------

export * from './settlement-catalogue';

/** A non-negative decimal string of at most 4 decimals; the currency's own minor units are checked on the server. */
const ZAmount = z
  .string({ message: MSG.amountInvalid })
  .trim()
  .min(1, MSG.fieldRequired)
  .regex(new RegExp(`^\\d{1,${MONEY_INTEGER_DIGITS}}(\\.\\d{1,${MONEY_MAX_SCALE}})?$`), MSG.amountInvalid);
/** Signed: the effect on the invoice's outstanding (a credit note's is negative). */
const ZSignedAmount = z
  .string({ message: MSG.amountInvalid })
  .trim()
  .min(1, MSG.fieldRequired)
  .regex(new RegExp(`^-?\\d{1,${MONEY_INTEGER_DIGITS}}(\\.\\d{1,${MONEY_MAX_SCALE}})?$`), MSG.amountInvalid);

/**
 * One invoice of a settlement, with the version the user read. `lines` settles those lines by these amounts
 * (each ≥ 0, at most the line's outstanding); else `amount` (signed like the invoice total) is spread over the
 * lines in line order; with neither, the invoice's whole outstanding is settled.
 */
export const ZSettlementInvoiceInput = z.object({
  inv_id: z.number().int().min(1).max(2147483647),
  version: z.number().int().min(1),
  amount: ZSignedAmount.nullish(),
  lines: z
    .array(z.object({ line_id: z.number().int().min(1).max(2147483647), amount: ZAmount }))
    .max(500)
    .nullish(),
});

/** Fields of a receipt or payment as the user records it. */
const ZSettlementFields = z.object({
  settlement_date: z.iso.date({ message: MSG.fieldInvalid }).describe('Value date; the rate is this day’s'),
  method: z.enum(SETTLEMENT_METHODS, { message: MSG.fieldRequired }),
  bank_ref: optText(60).describe(
    'Bank or cheque reference; becomes the invoices’ payment ref when they have none',
  ),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, MSG.fieldInvalid)
    .describe('Must be the invoices’ currency'),
  exchange_rate: ZExchangeRateValue.nullish().describe('To the base currency; empty = the day’s rate'),
  amount: ZSignedAmount.nullish().describe(
    'Total the user confirmed; refused (msgSettlementAmountMismatch) when the allocations add up otherwise',
  ),
  remarks: optText(500),
});

export const ZCreateSettlementRequest = ZSettlementFields.extend({
  invoices: z.array(ZSettlementInvoiceInput).min(1, MSG.fieldRequired).max(500, MSG.exportTooMany),
});
export type TCreateSettlementRequest = z.input<typeof ZCreateSettlementRequest>;

/** Settles every invoice of a batch payment group in full; `amount` (the group's outstanding as read) is required. */
export const ZSettleGroupRequest = ZSettlementFields.extend({ amount: ZSignedAmount });
export type TSettleGroupRequest = z.input<typeof ZSettleGroupRequest>;

export const ZReverseSettlementRequest = z.object({
  version: z.number().int().min(1),
  reason: z.string().trim().min(1, MSG.fieldRequired).max(500, MSG.fieldTooLong),
});
export type TReverseSettlementRequest = z.input<typeof ZReverseSettlementRequest>;

export const ZSettlementIdParams = z.object({
  settlement_id: z.coerce.number().int().min(1).max(2147483647),
});
export const ZSettlementGroupParams = z.object({ group_no: z.string().trim().min(1).max(30) });
export const ZSettlementListQuery = z.object({
  inv_id: z.coerce.number().int().min(1).max(2147483647).optional(),
  group_no: z.string().trim().max(30).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
/** Posted invoices of an account with something outstanding (the Settlement screen's picker). */
export const ZOpenInvoicesQuery = z.object({
  inv_type: z.enum(INVOICE_TYPES),
  account_code: z.string().trim().toUpperCase().min(1).max(30),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});

const nul = z.string().nullable();
export const ZSettlementAllocation = z.object({
  inv_id: z.number().int(),
  invoice_no: z.string(),
  line_id: z.number().int(),
  line_no: z.number().int(),
  charge_code: z.string(),
  dr_cr: z.enum(['DR', 'CR']),
  amount: z.string().describe('Settled on the line, invoice currency (positive)'),
  signed_amount: z.string().describe('Effect on the invoice outstanding (CR lines negative)'),
  invoice_rate: z.string(),
  invoice_base_amount: z.string().describe('At the invoice’s rate, base currency, signed'),
  base_amount: z.string().describe('At the settlement’s rate, base currency, signed'),
  exchange_difference: z.string().describe('base_amount − invoice_base_amount'),
});
export type TSettlementAllocation = z.infer<typeof ZSettlementAllocation>;

export const ZSettlement = z.object({
  settlement_id: z.number().int(),
  settlement_no: z.string(),
  kind: z.enum(['RECEIPT', 'PAYMENT']),
  inv_type: z.enum(INVOICE_TYPES),
  account_code: z.string(),
  settlement_date: z.string(),
  method: z.enum(SETTLEMENT_METHODS),
  bank_ref: nul,
  group_no: nul,
  currency: z.string(),
  base_currency: z.string(),
  exchange_rate: z.string(),
  amount: z.string(),
  base_amount: z.string(),
  invoice_base_amount: z.string(),
  exchange_difference: z
    .string()
    .describe('Base currency; for a receipt positive is a gain, for a payment a loss'),
  remarks: nul,
  reversed: z.boolean(),
  reversed_at: nul,
  reversed_by: nul,
  reverse_reason: nul,
  created_by: nul,
  created_at: z.string(),
  version: z.number().int(),
  allocations: z.array(ZSettlementAllocation),
});
export type TSettlement = z.infer<typeof ZSettlement>;
export const ZSettlementList = z.array(ZSettlement);

/** What a settle call answers: the settlement and the invoices' new state (versions for the next call). */
export const ZSettlementResult = z.object({
  settlement: ZSettlement,
  invoices: z.array(
    z.object({
      inv_id: z.number().int(),
      invoice_no: z.string(),
      version: z.number().int(),
      settled_amount: z.string(),
      outstanding_amount: z.string(),
      payment_ref: nul,
      payment_marker: nul,
    }),
  ),
});
export type TSettlementResult = z.infer<typeof ZSettlementResult>;

export const ZOpenInvoice = z.object({
  inv_id: z.number().int(),
  invoice_no: z.string(),
  inv_type: z.enum(INVOICE_TYPES),
  kind: z.string(),
  account_code: z.string(),
  currency: z.string(),
  exchange_rate: z.string(),
  invoice_date: nul,
  posted_at: nul,
  total_amount: z.string(),
  settled_amount: z.string(),
  outstanding_amount: z.string(),
  group_no: nul,
  payment_ref: nul,
  version: z.number().int(),
});
export type TOpenInvoice = z.infer<typeof ZOpenInvoice>;
export const ZOpenInvoiceList = z.array(ZOpenInvoice);
