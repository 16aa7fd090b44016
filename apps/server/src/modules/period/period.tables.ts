import { PERIOD_STATUSES } from '@portal/contracts';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck, statusText, tsz } from '../../platform/db/columns';

/**
 * Accounting periods (issue 15, 002 §2 InvoiceClose / InvoiceGenericClose, §4 "Account period closing locks
 * posting"): one row per office, month ('YYYY-MM') and kind — TRADE (InvoiceClose) or GENERIC (non-trade
 * invoices, InvoiceGenericClose). No row means the period is open; a row is written at the first close and
 * kept (status back to OPEN) when reopened, so its history in `accounting_period_events` stays attached.
 */
export const accountingPeriods = pgTable(
  'accounting_periods',
  {
    id: serial('id').primaryKey(),
    office_code: text('office_code').notNull(),
    period: text('period').notNull(),
    kind: text('kind').notNull(),
    status: statusText('status', PERIOD_STATUSES).notNull().default('OPEN'),
    closed_by: text('closed_by'),
    closed_at: tsz('closed_at'),
    reopened_by: text('reopened_by'),
    reopened_at: tsz('reopened_at'),
    reopen_reason: text('reopen_reason'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('accounting_periods_uq').on(t.office_code, t.period, t.kind),
    index('accounting_periods_period_idx').on(t.period, t.office_code),
    statusCheck('accounting_periods', 'status', PERIOD_STATUSES),
  ],
);

/** Every close and reopen of a period (the history list on the close screens), with who, when and why. */
export const accountingPeriodEvents = pgTable(
  'accounting_period_events',
  {
    id: serial('id').primaryKey(),
    period_id: integer('period_id')
      .notNull()
      .references(() => accountingPeriods.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    reason: text('reason'),
    invoice_count: integer('invoice_count').notNull().default(0),
    job_count: integer('job_count').notNull().default(0),
    actor: text('actor').notNull(),
    at: tsz('at').notNull().defaultNow(),
  },
  (t) => [index('accounting_period_events_period_idx').on(t.period_id, t.id)],
);

/**
 * Jobs locked by a period close (002 §4 job invoicing state "Completed-GP Locked"). The job invoicing state
 * is otherwise derived from its invoices (invoice-batch JobSearch); a close records the lock here, keyed by
 * job no., so GP of a closed month cannot change; a reopen removes the locks its close wrote.
 */
export const periodJobLocks = pgTable(
  'period_job_locks',
  {
    job_no: text('job_no').primaryKey(),
    period_id: integer('period_id')
      .notNull()
      .references(() => accountingPeriods.id, { onDelete: 'cascade' }),
    locked_by: text('locked_by').notNull(),
    locked_at: tsz('locked_at').notNull().defaultNow(),
  },
  (t) => [index('period_job_locks_period_idx').on(t.period_id)],
);

/**
 * The invoices a close closed, with the status each had (Posted, Reversed or Post Reversed): a reopen puts
 * exactly these back, and leaves an invoice closed on its own (the `close` move) as it is.
 */
export const periodClosedInvoices = pgTable(
  'period_closed_invoices',
  {
    period_id: integer('period_id')
      .notNull()
      .references(() => accountingPeriods.id, { onDelete: 'cascade' }),
    inv_id: integer('inv_id').notNull(),
    from_status: text('from_status').notNull(),
  },
  (t) => [primaryKey({ name: 'period_closed_invoices_pk', columns: [t.period_id, t.inv_id] })],
);
