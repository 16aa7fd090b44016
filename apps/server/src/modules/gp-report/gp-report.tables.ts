import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { amount, quantity as qty } from '../../platform/db/columns';

/**
 * The measures every GP table carries: revenue and cost of every invoice not deleted (`all` basis) and of
 * the invoices posted to the ledger (`posted` basis), the jobs counted and their freight units.
 */
const measures = () => ({
  jobs: integer('jobs').notNull().default(0),
  cbm: qty('cbm').notNull().default('0'),
  teu: qty('teu').notNull().default('0'),
  /** Chargeable weight, kg (docs/gp-reports.md). */
  cw: qty('cw').notNull().default('0'),
  revenue: amount('revenue').notNull().default('0'),
  cost: amount('cost').notNull().default('0'),
  revenue_posted: amount('revenue_posted').notNull().default('0'),
  cost_posted: amount('cost_posted').notNull().default('0'),
});

/** A job's month and the office, mode and service it counts under: the leading keys of every GP cube. */
const jobKeys = () => ({
  job_month: text('job_month').notNull(),
  office: text('office').notNull(),
  mode: text('mode').notNull(),
  service: text('service').notNull(),
});

/** The invoice cubes' last key (the AP invoice's vendor, 0 on AR rows) and their sums. */
const invoiceCubeSums = () => ({
  party_id: integer('party_id').notNull(),
  invoices: integer('invoices').notNull().default(0),
  base: amount('base').notNull().default('0'),
});

/**
 * One row per job that has at least one invoice (docs/gp-reports.md "Aggregates"): the job's attributes from
 * its first shipping order, its units over all its orders, and its revenue and cost in the base currency.
 * Kept by `refreshGpJobs` in the same transaction as the invoice change; the drill-down and the reports
 * filtered by customer read it.
 */
export const gpJobFacts = pgTable(
  'gp_job_facts',
  {
    job_no: text('job_no').primaryKey(),
    ...jobKeys(),
    pol: text('pol').notNull(),
    customer_id: integer('customer_id').notNull(),
    /** '' when the order names no salesman (part of the cubes' keys, which cannot hold nulls). */
    salesman: text('salesman').notNull(),
    /** POD and carrier of the first order (analytics' lane and carrier filters, modules/analytics-gp); '' when none. */
    pod: text('pod').notNull().default(''),
    carrier: text('carrier').notNull().default(''),
    invoices: integer('invoices').notNull().default(0),
    ...measures(),
    refreshed_at: timestamp('refreshed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('gp_job_facts_month_office_idx').on(t.job_month, t.office, t.job_no),
    index('gp_job_facts_customer_idx').on(t.customer_id, t.job_month),
    index('gp_job_facts_salesman_idx').on(t.salesman, t.job_month),
    // Analytics (modules/analytics-gp): the carrier and lane (POL-POD) filters.
    index('gp_job_facts_carrier_idx').on(t.carrier, t.job_month),
    index('gp_job_facts_lane_idx').on(t.pol, t.pod, t.job_month),
  ],
);

/**
 * The GP facts at the grain of one invoice × the job it counts on (analytics-gp, docs/analytics.md): the
 * invoice's party, date, side and posted state with its base amount on that job (the allocation of
 * factsSql: sum over a job's rows = the job's revenue and cost), and the job's attributes copied from
 * gp_job_facts so the vendor and invoice-month pages read one table. Kept by refreshJobs with the job facts.
 */
export const gpInvoiceFacts = pgTable(
  'gp_invoice_facts',
  {
    inv_id: integer('inv_id').notNull(),
    job_no: text('job_no').notNull(),
    inv_type: text('inv_type').notNull(),
    party_id: integer('party_id').notNull(),
    /** The invoice date (else the day it was created). */
    inv_date: date('inv_date', { mode: 'string' }).notNull(),
    posted: boolean('posted').notNull(),
    /** Net of tax, DR − CR, in the base currency (revenue on AR, cost on AP). */
    base: amount('base').notNull(),
    ...jobKeys(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    carrier: text('carrier').notNull(),
    customer_id: integer('customer_id').notNull(),
    salesman: text('salesman').notNull(),
    /** The row of the invoice's first job: counts the invoice once however many jobs it bills. */
    first_row: boolean('first_row').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'gp_invoice_facts_pk', columns: [t.inv_id, t.job_no] }),
    index('gp_invoice_facts_job_idx').on(t.job_no),
    index('gp_invoice_facts_type_date_idx').on(t.inv_type, t.inv_date),
    index('gp_invoice_facts_date_idx').on(t.inv_date),
  ],
);

/**
 * The job facts summed by month × office × mode × service × POL: the reports without a customer or
 * salesman (GPReport by month × office reads ~17,000 rows a year however many jobs there are).
 */
export const gpCube = pgTable(
  'gp_cube',
  {
    ...jobKeys(),
    pol: text('pol').notNull(),
    ...measures(),
  },
  (t) => [primaryKey({ name: 'gp_cube_pk', columns: [t.job_month, t.office, t.mode, t.service, t.pol] })],
);

/**
 * The job facts summed by month × office × mode × service × customer: GP by customer (the GP reports' and
 * analytics' customer groupings and filters) without reading one row per job.
 */
export const gpCustomerCube = pgTable(
  'gp_customer_cube',
  {
    ...jobKeys(),
    customer_id: integer('customer_id').notNull(),
    ...measures(),
  },
  (t) => [
    primaryKey({
      name: 'gp_customer_cube_pk',
      columns: [t.job_month, t.office, t.mode, t.service, t.customer_id],
    }),
    index('gp_customer_cube_customer_idx').on(t.customer_id, t.job_month),
  ],
);

/** The job facts summed by month × office × mode × service × POL × POD: analytics' GP by trade lane. */
export const gpLaneCube = pgTable(
  'gp_lane_cube',
  {
    ...jobKeys(),
    pol: text('pol').notNull(),
    pod: text('pod').notNull(),
    ...measures(),
  },
  (t) => [
    primaryKey({
      name: 'gp_lane_cube_pk',
      columns: [t.job_month, t.office, t.mode, t.service, t.pol, t.pod],
    }),
  ],
);

/** The job facts summed by month × office × mode × service × salesman: the sales GP report. */
export const gpSalesCube = pgTable(
  'gp_sales_cube',
  {
    ...jobKeys(),
    salesman: text('salesman').notNull(),
    ...measures(),
  },
  (t) => [
    primaryKey({
      name: 'gp_sales_cube_pk',
      columns: [t.job_month, t.office, t.mode, t.service, t.salesman],
    }),
  ],
);

/** Watermark of the sweep job (gp-refresh) that catches changes made outside the invoice module's hook. */
export const gpRefreshState = pgTable('gp_refresh_state', {
  id: integer('id').primaryKey(),
  invoices_seen_at: timestamp('invoices_seen_at', { withTimezone: true, mode: 'string' }).notNull(),
  orders_seen_at: timestamp('orders_seen_at', { withTimezone: true, mode: 'string' }).notNull(),
  /** After a full batch: the last row read at its time (platform/jobs/sweep-watermark.ts). */
  invoices_after_id: integer('invoices_after_id'),
  orders_after_id: integer('orders_after_id'),
});

/**
 * The jobs each invoice counted on at its last refresh: when an edit moves an invoice to other jobs, the
 * jobs it left are refreshed too (invoice_jobs holds only the new ones by then).
 */
export const gpInvoiceJobs = pgTable(
  'gp_invoice_jobs',
  {
    inv_id: integer('inv_id').notNull(),
    job_no: text('job_no').notNull(),
    /**
     * The invoice row version (its xmin) the last refresh read before computing the facts, when that refresh ran
     * in a transaction of its own (after a create's commit, the sweep); null otherwise. The sweep leaves an invoice
     * whose row is still that version (the hook refreshed it already): docs/gp-reports.md.
     */
    seen_xmin: bigint('seen_xmin', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'gp_invoice_jobs_pk', columns: [t.inv_id, t.job_no] }),
    index('gp_invoice_jobs_job_idx').on(t.job_no),
  ],
);

/**
 * gp_invoice_facts summed by invoice month × side × job month × office × mode × service × vendor (the AP
 * invoice's party; 0 on AR rows, which no page groups by party): the vendor and invoice-month pages read it
 * for whole months (count(distinct) and 1M-row scans over the facts take seconds at 2M invoices). Kept by
 * refreshJobs with the facts (new − old), rebuilt by rebuildAll.
 */
export const gpInvoiceCube = pgTable(
  'gp_invoice_cube',
  {
    inv_month: text('inv_month').notNull(),
    inv_type: text('inv_type').notNull(),
    ...jobKeys(),
    ...invoiceCubeSums(),
  },
  (t) => [
    primaryKey({
      name: 'gp_invoice_cube_pk',
      columns: [t.inv_month, t.inv_type, t.job_month, t.office, t.mode, t.service, t.party_id],
    }),
  ],
);

/**
 * gp_invoice_cube's day-grain twin (invoice date instead of its month, the same other keys): the days of an
 * invoice-date period outside whole months (the 1st of the month 11 months ago to today reads this month's
 * days here) come from it instead of one gp_invoice_facts row per invoice. Kept and rebuilt with the month cube.
 */
export const gpInvoiceDayCube = pgTable(
  'gp_invoice_day_cube',
  {
    inv_date: date('inv_date', { mode: 'string' }).notNull(),
    inv_type: text('inv_type').notNull(),
    ...jobKeys(),
    ...invoiceCubeSums(),
  },
  (t) => [
    primaryKey({
      name: 'gp_invoice_day_cube_pk',
      columns: [t.inv_date, t.inv_type, t.job_month, t.office, t.mode, t.service, t.party_id],
    }),
  ],
);
