import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { amount, exchangeRate as rate, tsz } from '../../platform/db/columns';
import { invoiceLines, invoices } from '../invoice/invoice.tables';
import { partyRef } from '../party/party.tables';

/**
 * A receipt (AR) or payment (AP) recorded against posted invoices of one account, in their currency
 * (docs/settlement.md). Totals are the sums of its allocations; a reversed settlement stays, flagged, so the
 * invoice shows what happened.
 */
export const settlements = pgTable(
  'settlements',
  {
    settlement_id: serial('settlement_id').primaryKey(),
    settlement_no: text('settlement_no').notNull(),
    /** RECEIPT (AR) or PAYMENT (AP). */
    kind: text('kind').notNull(),
    inv_type: text('inv_type').notNull(),
    party_id: partyRef('party_id').notNull(),
    account_code: text('account_code').notNull(),
    settlement_date: date('settlement_date', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    bank_ref: text('bank_ref'),
    /** The batch payment group settled by this settlement (invoice_groups.group_no), if any. */
    group_no: text('group_no'),
    currency: text('currency').notNull(),
    base_currency: text('base_currency').notNull(),
    /** The day's rate (currency → base) the money was received or paid at. */
    exchange_rate: rate('exchange_rate').notNull(),
    /** Σ signed allocations in the invoice currency (a credit note's share is negative). */
    amount: amount('amount').notNull(),
    /** At the settlement's rate, base currency. */
    base_amount: amount('base_amount').notNull(),
    /** The same amounts at the invoices' own rates, base currency. */
    invoice_base_amount: amount('invoice_base_amount').notNull(),
    /** base_amount − invoice_base_amount (a receipt's gain, a payment's loss when positive). */
    exchange_difference: amount('exchange_difference').notNull(),
    remarks: text('remarks'),
    reversed: boolean('reversed').notNull().default(false),
    reversed_at: tsz('reversed_at'),
    reversed_by: text('reversed_by'),
    reverse_reason: text('reverse_reason'),
    version: integer('version').notNull().default(1),
    created_by: text('created_by'),
    created_at: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlements_no_uq').on(t.settlement_no),
    index('settlements_account_idx').on(t.account_code, t.settlement_date),
    index('settlements_group_idx').on(t.group_no).where(sql`${t.group_no} is not null`),
  ],
);

/**
 * What a settlement settled on each invoice line. The line's settled/outstanding amounts on invoice_lines
 * (and the invoice's) are the running sums of the allocations of settlements that are not reversed.
 */
export const settlementAllocations = pgTable(
  'settlement_allocations',
  {
    id: serial('id').primaryKey(),
    settlement_id: integer('settlement_id')
      .notNull()
      .references(() => settlements.settlement_id, { onDelete: 'cascade' }),
    inv_id: integer('inv_id')
      .notNull()
      .references(() => invoices.inv_id),
    // No cascade: a line with settlements must not be replaced (posted invoices' lines never are).
    line_id: integer('line_id')
      .notNull()
      .references(() => invoiceLines.id),
    line_no: smallint('line_no').notNull(),
    dr_cr: text('dr_cr').notNull(),
    /** Settled on the line, invoice currency, positive (lines keep their own sign, DR/CR says which way). */
    amount: amount('amount').notNull(),
    /** The invoice's exchange rate (what the amount was booked at). */
    invoice_rate: rate('invoice_rate').notNull(),
    /** Signed like the invoice's outstanding (CR negative), base currency. */
    invoice_base_amount: amount('invoice_base_amount').notNull(),
    base_amount: amount('base_amount').notNull(),
    exchange_difference: amount('exchange_difference').notNull(),
  },
  (t) => [
    index('settlement_allocations_settlement_idx').on(t.settlement_id),
    index('settlement_allocations_inv_idx').on(t.inv_id, t.settlement_id),
  ],
);
