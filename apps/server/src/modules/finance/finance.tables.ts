import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The finance dashboard's aggregates (issue 15, docs/finance.md "Aggregates"). All derived from invoices and
 * parties and rebuildable (`rebuildFinance`); kept in the same transaction as every invoice change (the
 * invoice change hook, settlements included) and caught up by the `finance-refresh` sweep for writers that do
 * not call the hook (the ledger's answer stamping posted_at, party terms edits, bulk loads).
 *
 * Each invoice contributes up to three items, one per kind:
 * - OPEN: an open item (Posted or Closed, outstanding ≠ 0): amount = outstanding × rate (base), with its due day;
 * - POSTED: Posted or Closed with a posting day: amount = its base total, in the month it was posted;
 * - UNPOSTED: on its way to the ledger (the PendingPosting stage of its side): amount = its base total.
 * Dates that do not apply are stored as NO_DATE ('0001-01-01') and months as '' (primary keys have no nulls).
 * Amounts are unrounded numerics, so sums equal the direct computation exactly.
 *
 * fin_cube and fin_party_open also hold rollup rows: office_code and/or currency '*' (ALL) = every office /
 * currency, so each filter-bar combination reads its own rows by primary key (no grouping, no scan of the
 * other offices' rows).
 */
const keys = () => ({
  kind: text('kind').notNull(),
  inv_type: text('inv_type').notNull(),
  office_code: text('office_code').notNull(),
  currency: text('currency').notNull(),
  /** The invoice date (the filter bar's presets), NO_DATE without one. */
  invoice_date: date('invoice_date', { mode: 'string' }).notNull(),
  /** OPEN: document day + the party's days of credit (its terms when the item was refreshed). */
  due_date: date('due_date', { mode: 'string' }).notNull(),
  /** POSTED: 'YYYY-MM' of posted_at. */
  posted_month: text('posted_month').notNull(),
});

/** The contribution of each invoice at its last refresh (what a refresh takes away before adding the new one). */
export const finItems = pgTable(
  'fin_items',
  {
    inv_id: integer('inv_id').notNull(),
    ...keys(),
    party_id: integer('party_id').notNull(),
    /** The invoice's account code (the filter bar's customer). */
    account_code: text('account_code').notNull(),
    amount: numeric('amount', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.inv_id, t.kind] }),
    // The customer filter reads one customer's items; the breaches under a date preset read a date range.
    index('fin_items_account_idx').on(t.account_code, t.kind),
    index('fin_items_kind_date_idx').on(t.kind, t.invoice_date),
    // The overdue report's page (one customer's open receivables) and the credit-limit breaches under a date
    // preset (each candidate customer's open receivables in the window, one office or all): an index-only range
    // per customer. Office, currency and amount trail the key to cover the sum (Drizzle has no INCLUDE).
    index('fin_items_party_open_date_idx')
      .on(t.party_id, t.invoice_date, t.office_code, t.currency, t.amount)
      .where(sql`${t.kind} = 'OPEN' and ${t.inv_type} = 'AR'`),
  ],
);

/** The items summed by every dimension the filter bar has but the customer (the dashboard's main read). */
export const finCube = pgTable(
  'fin_cube',
  {
    ...keys(),
    n: integer('n').notNull(),
    amount: numeric('amount', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.kind, t.posted_month, t.inv_type, t.office_code, t.currency, t.invoice_date, t.due_date],
    }),
  ],
);

/**
 * fin_cube without the invoice date (kind, posted month, side, office, currency, due day), with the same
 * rollups: a dashboard without a date preset reads one level of it, about one row per due day, so an as-of
 * day nobody asked for yet is the ageing buckets summed over due-day ranges (as-of − due day), not a read of
 * every invoice date × due day of the level. Kept by the same delta as fin_cube.
 */
export const finDueCube = pgTable(
  'fin_due_cube',
  {
    kind: text('kind').notNull(),
    posted_month: text('posted_month').notNull(),
    inv_type: text('inv_type').notNull(),
    office_code: text('office_code').notNull(),
    currency: text('currency').notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
    amount: numeric('amount', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.posted_month, t.inv_type, t.office_code, t.currency, t.due_date] }),
  ],
);

/**
 * Open receivables per customer, office and currency, with the rollups ('*'): the credit-limit breaches without
 * a date preset and the customer overdue report's order (total, or over the limit) read one level's rows.
 * `pos_amount` sums the positive items only (credit notes left out): no window of invoice dates can sum to
 * more, so under a date preset only customers whose pos_amount exceeds their limit can breach it, and only
 * their items are read (docs/finance.md "Speed").
 */
export const finPartyOpen = pgTable(
  'fin_party_open',
  {
    party_id: integer('party_id').notNull(),
    office_code: text('office_code').notNull(),
    currency: text('currency').notNull(),
    n: integer('n').notNull(),
    amount: numeric('amount', { mode: 'string' }).notNull(),
    /** The sum of the positive items' amounts (≥ any invoice-date window's sum). */
    pos_amount: numeric('pos_amount', { mode: 'string' }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.party_id, t.office_code, t.currency] }),
    // The report's default order (largest total first) walks this index: page 1 reads 20 rows.
    index('fin_party_open_level_idx').on(t.office_code, t.currency, t.amount),
  ],
);

/**
 * Late invoicing (docs/finance.md): one row per shipping order of a job (not cancelled) and per side whose job
 * has no invoice of that side (any status but Deleted): the order's ETD, handling office and customer. The
 * dashboard counts and the LateInvoicing list reads the window's rows (ETD range) instead of anti-joining the
 * window's jobs against every invoice. Refreshed per job by the invoice change hook (the jobs an invoice
 * covers now and covered before, fin_inv_jobs), per order by the booking amendment hook, and by the sweep.
 */
export const finLate = pgTable(
  'fin_late',
  {
    inv_type: text('inv_type').notNull(),
    so_id: integer('so_id').notNull(),
    job_no: text('job_no').notNull(),
    etd: date('etd', { mode: 'string' }).notNull(),
    office_code: text('office_code').notNull(),
    customer_id: integer('customer_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.inv_type, t.so_id] }),
    index('fin_late_etd_idx').on(t.inv_type, t.etd),
    index('fin_late_office_idx').on(t.inv_type, t.office_code, t.etd),
    index('fin_late_customer_idx').on(t.inv_type, t.customer_id, t.etd),
    index('fin_late_job_idx').on(t.job_no),
    index('fin_late_so_idx').on(t.so_id),
  ],
);

/** The jobs each invoice covered at its last refresh (an edit that drops a job refreshes that job too). */
export const finInvJobs = pgTable(
  'fin_inv_jobs',
  {
    inv_id: integer('inv_id').notNull(),
    job_no: text('job_no').notNull(),
  },
  (t) => [primaryKey({ columns: [t.inv_id, t.job_no] })],
);

/**
 * The row version (`xmin`) of each invoice its items were last derived from, recorded by a refresh after the
 * invoice's change committed (the create's, the sweep's) and carried across moves that change no item (the
 * approval flow): the sweep leaves an invoice whose row is still that version (issue 40).
 */
export const finInvoiceSeen = pgTable('fin_invoice_seen', {
  inv_id: integer('inv_id').primaryKey(),
  seen_xmin: bigint('seen_xmin', { mode: 'number' }).notNull(),
});

/** The sweep's watermarks (one row). */
export const finRefreshState = pgTable('fin_refresh_state', {
  id: integer('id').primaryKey(),
  invoices_seen_at: timestamp('invoices_seen_at', { withTimezone: true, mode: 'string' }),
  parties_seen_at: timestamp('parties_seen_at', { withTimezone: true, mode: 'string' }),
  /** Shipping orders (late invoicing) changed up to here. */
  orders_seen_at: timestamp('orders_seen_at', { withTimezone: true, mode: 'string' }),
  /** After a full batch: the last row read at its time (platform/jobs/sweep-watermark.ts). */
  invoices_after_id: integer('invoices_after_id'),
  parties_after_id: integer('parties_after_id'),
  orders_after_id: integer('orders_after_id'),
  /** The aggregates' shape when built (AGG_SHAPE): an older shape is rebuilt whole on first use. */
  shape: integer('shape'),
});
