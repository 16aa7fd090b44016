import { JOURNAL_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { amount, statusCheck, statusText, tsz } from '../../platform/db/columns';
import { invoices } from '../invoice/invoice.tables';

/**
 * Posting rules as data (docs/accounting.md): per rule set (AR, AP, their reversals, the inter-account DN),
 * which account (the party's sun A/C code, each charge code's ledger code, the tax account of each tax
 * code, or a fixed account) takes which amount (gross, net per charge line, tax per tax code) on which
 * side. A negative amount (a credit note line) goes to the other side.
 */
export const postingRules = pgTable(
  'posting_rules',
  {
    rule_set: text('rule_set').notNull(),
    seq: smallint('seq').notNull(),
    account_source: text('account_source').notNull(),
    /** Only for account_source FIXED. */
    account: text('account'),
    amount: text('amount').notNull(),
    side: text('side').notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ name: 'posting_rules_pk', columns: [t.rule_set, t.seq] })],
);

/** The tax account of each tax code per side (output VAT on AR, input VAT on AP). */
export const postingTaxAccounts = pgTable(
  'posting_tax_accounts',
  {
    inv_type: text('inv_type').notNull(),
    tax_code: text('tax_code').notNull(),
    account: text('account').notNull(),
  },
  (t) => [primaryKey({ name: 'posting_tax_accounts_pk', columns: [t.inv_type, t.tax_code] })],
);

/** Accounts with one purpose (ROUNDING: base-currency rounding differences of converted lines). */
export const postingAccounts = pgTable('posting_accounts', {
  purpose: text('purpose').primaryKey(),
  account: text('account').notNull(),
});

/**
 * Journals sent (or to be sent) to the ledger: one per invoice and kind (post / post_reversal), with an
 * idempotent `reference` so a retry after a crash finds the ledger's journal instead of posting twice.
 * The table is also the posting queue: QUEUED rows due at `next_attempt_at` are taken by the job.
 */
export const journals = pgTable(
  'journals',
  {
    id: serial('id').primaryKey(),
    inv_id: integer('inv_id')
      .notNull()
      .references(() => invoices.inv_id),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    rule_set: text('rule_set').notNull(),
    inv_type: text('inv_type').notNull(),
    office_code: text('office_code').notNull(),
    period: text('period').notNull(),
    journal_date: text('journal_date').notNull(),
    description: text('description').notNull(),
    status: statusText('status', JOURNAL_STATUSES).notNull().default('QUEUED'),
    journal_no: text('journal_no'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: tsz('next_attempt_at').defaultNow(),
    /** Lease of a SENDING row: after it, a crashed attempt is taken again (and asks the ledger first). */
    locked_until: tsz('locked_until'),
    last_error: text('last_error'),
    /** The ledger's errors of a rejection [{code, message, line?}]. */
    errors: jsonb('errors').$type<{ code: string; message: string; line?: number }[]>().notNull().default([]),
    /** The ledger's answer of the success (journal no., replay flag). */
    ledger_answer: jsonb('ledger_answer').$type<Record<string, unknown>>(),
    posted_at: tsz('posted_at'),
    created_at: tsz('created_at').notNull().defaultNow(),
    created_by: text('created_by'),
  },
  (t) => [
    uniqueIndex('journals_reference_uq').on(t.reference),
    uniqueIndex('journals_inv_kind_uq').on(t.inv_id, t.kind),
    index('journals_due_idx').on(t.next_attempt_at, t.id).where(sql`${t.status} in ('QUEUED', 'SENDING')`),
    index('journals_period_idx').on(t.period, t.office_code).where(sql`${t.status} = 'POSTED'`),
    statusCheck('journals', 'status', JOURNAL_STATUSES),
  ],
);

/** The lines of a journal: debit/credit in the base currency, the signed amount in the line currency. */
export const journalLines = pgTable(
  'journal_lines',
  {
    journal_id: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    line_no: smallint('line_no').notNull(),
    /** PARTY, CHARGE, TAX or ROUNDING: which rule made it (revenue and cost are the CHARGE lines). */
    role: text('role').notNull(),
    account: text('account').notNull(),
    debit: amount('debit').notNull(),
    credit: amount('credit').notNull(),
    currency: text('currency').notNull(),
    amount_txn: amount('amount_txn').notNull(),
    rate: numeric('rate', { precision: 18, scale: 6, mode: 'string' }).notNull(),
    description: text('description').notNull(),
    charge_code: text('charge_code'),
    job_no: text('job_no'),
  },
  (t) => [primaryKey({ name: 'journal_lines_pk', columns: [t.journal_id, t.line_no] })],
);
