// Settlement constants without zod (issue 20: the settlement screens import them without the schemas);
// settlement.ts re-exports them.
import type { TInvoiceStatus } from './invoice-catalogue';
import { MSG } from './msg-keys';

export const SETTLEMENT_MSG = {
  /** 422: more than the invoice has outstanding (or the other way round); params invoiceNo, outstanding. */
  overOutstanding: 'msgSettlementOverOutstanding',
  /** 422: more than a line has outstanding; params invoiceNo, lineNo, outstanding. */
  overLineOutstanding: 'msgSettlementOverLineOutstanding',
  /** 422: only posted invoices are settled (002 §4 Settled/Unsettled are posted stages); params invoiceNo, status. */
  notPosted: 'msgSettlementNotPosted',
  /** 422: the settlement's currency is not the invoice's; params invoiceNo, currency. */
  currencyMismatch: 'msgSettlementCurrencyMismatch',
  /** 422: one settlement takes invoices of one side, one account and one base currency. */
  mixedInvoices: 'msgSettlementMixedInvoices',
  /** 422: nothing to settle (every amount is zero, or the invoice has nothing outstanding); params invoiceNo. */
  nothingToSettle: 'msgSettlementNothingToSettle',
  /** 422: the amount the user confirmed is not the sum of the allocations; params expected. */
  amountMismatch: 'msgSettlementAmountMismatch',
  /** 422: a line that is not on the invoice; params invoiceNo. */
  lineUnknown: 'msgSettlementLineUnknown',
  /** 422: the same invoice (or line) is listed twice. */
  duplicate: 'msgSettlementDuplicate',
  /** 422: an amount with more decimals than the currency has. */
  amountScale: MSG.amountScale,
  /** 409: this settlement has been reversed already. */
  alreadyReversed: 'msgSettlementAlreadyReversed',
  /** 422: the group is not an active batch payment group, or has no invoice left to settle. */
  groupNotPayable: 'msgSettlementGroupNotPayable',
  /** 409: reversing an invoice that settlements still settle (reverse them first); params invoiceNo, settlements. */
  invoiceSettled: 'msgSettlementInvoiceSettled',
  /** 409: an invoice or the settlement changed since it was read (002 §8 "Record not latest"). */
  recordNotLatest: MSG.recordNotLatest,
  reasonRequired: 'msgReasonRequired',
} as const;

/**
 * Statuses an invoice may be settled in: posted (002 §4; Settled and Unsettled are posted stages), and closed,
 * since a period close locks posting into the month, not the customer's payment that comes after it.
 */
export const SETTLEABLE_STATUSES: readonly TInvoiceStatus[] = ['POSTED', 'CLOSED'];

/** How the money moved. */
export const SETTLEMENT_METHODS = ['BANK_TRANSFER', 'CHEQUE', 'CASH', 'OFFSET'] as const;
export type TSettlementMethod = (typeof SETTLEMENT_METHODS)[number];

/** A receipt settles receivables (AR), a payment payables (AP). */
export const SETTLEMENT_KIND_OF = { AR: 'RECEIPT', AP: 'PAYMENT' } as const;
export type TSettlementKind = (typeof SETTLEMENT_KIND_OF)[keyof typeof SETTLEMENT_KIND_OF];

/**
 * The invoice's payment marker, kept by settlement (docs/settlement.md): PART once something is settled,
 * PAID once nothing is outstanding, empty again when the settlements are reversed.
 */
export const PAYMENT_MARKERS = { part: 'PART', paid: 'PAID' } as const;
