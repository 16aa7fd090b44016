import { date, index, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../platform/db/columns';

/**
 * Exchange rates (issue 14): units of `to_currency` per one `from_currency` from `effective_date` on, 6
 * decimals. The rate of an invoice is the pair's row with the latest effective_date on or before the invoice
 * date; `updated_by` and the history name who changed it (002 §8 change message).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    from_currency: text('from_currency').notNull(),
    to_currency: text('to_currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 6, mode: 'string' }).notNull(),
    effective_date: date('effective_date', { mode: 'string' }).notNull(),
    ...auditColumns,
  },
  (t) => [
    // The lookup (pair, latest date on or before) walks this index backwards.
    uniqueIndex('exchange_rates_pair_date_uq').on(t.from_currency, t.to_currency, t.effective_date),
    index('exchange_rates_date_idx').on(t.effective_date, t.id),
  ],
);
