import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { invoices } from './invoice.tables';

/**
 * Every print of an invoice (issue 14 "record who printed and when"): the print / release / accounting-print
 * moves, PDF downloads, merged printouts and e-mails, with the signers stamped and the e-mail recipients.
 */
export const invoicePrints = pgTable(
  'invoice_prints',
  {
    id: serial('id').primaryKey(),
    inv_id: integer('inv_id')
      .notNull()
      .references(() => invoices.inv_id, { onDelete: 'cascade' }),
    /** print, release, accounting_print, pdf, merge, email. */
    kind: text('kind').notNull(),
    printed_by: text('printed_by').notNull(),
    printed_by_uid: text('printed_by_uid'),
    printed_at: timestamp('printed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Who signed (accounting print): [{role, name, uid}]. */
    signers: jsonb('signers')
      .$type<{ role: string; name: string; uid: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    recipients: text('recipients').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [index('invoice_prints_inv_idx').on(t.inv_id, t.id)],
);
