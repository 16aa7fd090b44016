import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, tsz } from '../../platform/db/columns';
import { invoices } from './invoice.tables';

/**
 * Batch payment and batch tax-invoice groups (002 §2): the group no. the invoices carry in `group_no`,
 * kept after a group is dissolved so the screen shows the history of the recent 2 months.
 */
export const invoiceGroups = pgTable(
  'invoice_groups',
  {
    group_id: serial('group_id').primaryKey(),
    group_no: text('group_no').notNull(),
    kind: text('kind').notNull(),
    inv_type: text('inv_type').notNull(),
    account_code: text('account_code').notNull(),
    currency: text('currency').notNull(),
    total_amount: amount('total_amount').notNull(),
    base_total_amount: amount('base_total_amount').notNull(),
    invoice_count: integer('invoice_count').notNull(),
    /** The invoice numbers at grouping time (the history still shows them after dissolving). */
    invoice_nos: text('invoice_nos').array().notNull().default(sql`'{}'::text[]`),
    remarks: text('remarks'),
    status: text('status').notNull().default('ACTIVE'),
    created_by: text('created_by'),
    created_at: tsz('created_at').notNull().defaultNow(),
    dissolved_by: text('dissolved_by'),
    dissolved_at: tsz('dissolved_at'),
  },
  (t) => [
    uniqueIndex('invoice_groups_no_uq').on(t.group_no),
    index('invoice_groups_created_idx').on(t.created_at),
  ],
);

/** One accounting export (the journal import file of docs/invoices.md), kept for download and audit. */
export const invoiceExportBatches = pgTable(
  'invoice_export_batches',
  {
    batch_id: serial('batch_id').primaryKey(),
    batch_no: text('batch_no').notNull(),
    file_name: text('file_name').notNull(),
    content: text('content').notNull(),
    invoice_count: integer('invoice_count').notNull(),
    line_count: integer('line_count').notNull(),
    base_total_amount: amount('base_total_amount').notNull(),
    inv_ids: integer('inv_ids').array().notNull(),
    created_by: text('created_by'),
    created_at: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoice_export_batches_no_uq').on(t.batch_no)],
);

/** Links between invoices made by a move: the reversal of an invoice, the inter-account DN of an invoice. */
export const invoiceLinks = pgTable(
  'invoice_links',
  {
    /** 'REVERSAL' (to = the reversal invoice) or 'INTER_ACCOUNT_DN' (to = the debit note). */
    link_type: text('link_type').notNull(),
    from_inv_id: integer('from_inv_id')
      .notNull()
      .references(() => invoices.inv_id, { onDelete: 'cascade' }),
    to_inv_id: integer('to_inv_id')
      .notNull()
      .references(() => invoices.inv_id, { onDelete: 'cascade' }),
    created_at: tsz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One reversal and one inter-account DN per invoice.
    uniqueIndex('invoice_links_from_uq').on(t.link_type, t.from_inv_id),
    index('invoice_links_to_idx').on(t.to_inv_id),
  ],
);
