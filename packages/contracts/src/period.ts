import { z } from 'zod';

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
