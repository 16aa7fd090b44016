import { ACCT_PROCESS_STATUSES, AR_STAGES, INVOICE_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  type ExtraConfigColumn,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { amount, auditColumns, day, statusCheck, statusText, tsz } from '../../platform/db/columns';
import { partyRef } from '../party/party.tables';

/**
 * `status in (...)` of a stage with several statuses (contracts AR_STAGES), as a partial-index predicate: the
 * stage list's first page is then an ordered index scan by invoice# instead of a sort of every row in the
 * stage (docs/invoices.md "Scale"). Generated from the stage definitions, so the migration follows them.
 */
const stageStatuses = (name: string) => {
  const statuses = AR_STAGES.find((s) => s.name === name)?.statuses ?? [];
  return sql.raw(`"status" in (${statuses.map((x) => `'${x}'`).join(', ')})`);
};

/**
 * The posting screen's queue (modules/accounting `queue`): Imported and Imported (Reversal), and posted or
 * post-reversed with the ledger's answer failed or pending; each of its three views implies this predicate.
 */
/** The columns the posting queue's views filter on and answer, after each index's keys (an index-only walk). */
const queueColumns = (
  t: Record<
    'inv_id' | 'invoice_no' | 'account_code' | 'inv_type' | 'status' | 'acct_process_status',
    ExtraConfigColumn
  >,
) => [t.inv_id, t.invoice_no, t.account_code, t.inv_type, t.status, t.acct_process_status];

const POSTING_QUEUE = sql.raw(
  `"status" in ('IMPORTED', 'IMPORTED_REVERSAL') or ("status" in ('POSTED', 'POST_REVERSED') and "acct_process_status" in ('FAILURE', 'PENDING'))`,
);

/** Charge codes (issue 14): what a general charge line bills, its ledger (7021–7048, 703X) and default tax. */
export const chargeCodes = pgTable(
  'charge_codes',
  {
    charge_code: text('charge_code').primaryKey(),
    description_en: text('description_en').notNull(),
    description_zh_hk: text('description_zh_hk').notNull(),
    description_zh_cn: text('description_zh_cn').notNull(),
    ledger_code: text('ledger_code').notNull(),
    ar_use: boolean('ar_use').notNull().default(true),
    ap_use: boolean('ap_use').notNull().default(true),
    default_tax_code: text('default_tax_code').notNull(),
    default_tax_rate: numeric('default_tax_rate', { precision: 7, scale: 4, mode: 'string' }).notNull(),
    uom: text('uom').notNull(),
    status: text('status').notNull().default('A'),
    ...auditColumns,
  },
  (t) => [index('charge_codes_ledger_idx').on(t.ledger_code, t.charge_code)],
);

/**
 * Invoices (002 §3, every field). Designed for posting and closing too (next issue): journal no., close
 * period, accounting-system process status, vat period, export/print files. Amounts in the invoice currency
 * and the base currency are kept as computed at save from the lines (never typed by the user).
 */
export const invoices = pgTable(
  'invoices',
  {
    inv_id: serial('inv_id').primaryKey(),
    invoice_no: text('invoice_no').notNull(),
    ap_ref: text('ap_ref'),
    inv_type: text('inv_type').notNull(),
    kind: text('kind').notNull(),
    status: statusText('status', INVOICE_STATUSES).notNull().default('NEW'),
    status_changed_at: tsz('status_changed_at').notNull().defaultNow(),
    account_code: text('account_code').notNull(),
    party_id: partyRef('party_id').notNull(),
    issue_party_id: partyRef('issue_party_id'),
    hbl_no: text('hbl_no'),
    mbl_no: text('mbl_no'),
    office_code: text('office_code').notNull(),
    is_overseas: boolean('is_overseas').notNull().default(false),
    sales_code: text('sales_code'),
    currency: text('currency').notNull(),
    base_currency: text('base_currency').notNull(),
    exchange_rate: numeric('exchange_rate', { precision: 18, scale: 6, mode: 'string' }).notNull(),
    net_amount: amount('net_amount').notNull().default('0'),
    tax_amount: amount('tax_amount').notNull().default('0'),
    total_amount: amount('total_amount').notNull().default('0'),
    base_total_amount: amount('base_total_amount').notNull().default('0'),
    settled_amount: amount('settled_amount').notNull().default('0'),
    outstanding_amount: amount('outstanding_amount').notNull().default('0'),
    invoice_date: day('invoice_date'),
    gov_invoice_no: text('gov_invoice_no'),
    sub_type: text('sub_type'),
    with_credit_term: boolean('with_credit_term').notNull().default(false),
    is_inter_account: boolean('is_inter_account').notNull().default(false),
    payment_ref: text('payment_ref'),
    payment_marker: text('payment_marker'),
    group_no: text('group_no'),
    tax_rate_code: text('tax_rate_code'),
    remarks: text('remarks'),
    local_invoice_no: text('local_invoice_no'),
    vat_period: text('vat_period'),
    company_id: text('company_id'),
    tax_invoice_emails: text('tax_invoice_emails').array().notNull().default(sql`'{}'::text[]`),
    print_file: text('print_file'),
    export_file: text('export_file'),
    is_closed: boolean('is_closed').notNull().default(false),
    close_period: text('close_period'),
    journal_no: text('journal_no'),
    acct_process_status: statusText('acct_process_status', ACCT_PROCESS_STATUSES).notNull().default('NA'),
    reject_reason: text('reject_reason'),
    prepared_by: text('prepared_by'),
    prepared_at: tsz('prepared_at'),
    approved_1_by: text('approved_1_by'),
    approved_1_at: tsz('approved_1_at'),
    approved_2_by: text('approved_2_by'),
    approved_2_at: tsz('approved_2_at'),
    printed_at: tsz('printed_at'),
    posted_at: tsz('posted_at'),
    /** Lower-cased numbers the smart search matches (invoice#, AP ref, group#, gov. no., jobs, SOs, bills, containers, party). */
    search_text: text('search_text').notNull().default(''),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('invoices_invoice_no_uq').on(t.invoice_no),
    // No invoice# prefix index: number searches read document_numbers (docs/search.md); dropped in issue 40
    // (session 53), one index fewer written by every creation and status move.
    // Stage lists and dashboards: one side, a set of statuses, ordered by an ageing clock or the number.
    index('invoices_type_status_idx').on(t.inv_type, t.status, t.status_changed_at, t.inv_id),
    index('invoices_type_status_no_idx').on(t.inv_type, t.status, t.invoice_no, t.inv_id),
    // APRefInput in invoice# order; status and the created_at clock for its card's index-only count.
    index('invoices_ap_ref_missing_idx')
      .on(t.invoice_no, t.inv_id, t.status, t.created_at)
      .where(sql`${t.inv_type} = 'AP' and ${t.ap_ref} is null and ${t.status} <> 'DELETED'`),
    index('invoices_account_idx').on(t.account_code, t.inv_id),
    index('invoices_party_idx').on(t.party_id),
    index('invoices_created_idx').on(t.created_at, t.inv_id),
    index('invoices_updated_idx').on(t.updated_at, t.inv_id),
    // The GP sweep (modules/gp-report) follows postings by this clock: posting does not touch updated_at.
    index('invoices_posted_at_idx').on(t.posted_at, t.inv_id),
    index('invoices_date_idx').on(t.invoice_date, t.inv_id),
    index('invoices_group_no_idx').on(t.group_no),
    index('invoices_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    // Smart search by bill number prefix (C.UTF-8 collation: LIKE 'x%' needs text_pattern_ops).
    index('invoices_hbl_prefix_idx').on(t.hbl_no.op('text_pattern_ops')).where(sql`${t.hbl_no} is not null`),
    index('invoices_mbl_prefix_idx').on(t.mbl_no.op('text_pattern_ops')).where(sql`${t.mbl_no} is not null`),
    // Stage lists with several statuses, and Closed, in invoice# order (see stageStatuses). The ageing clock
    // rides along so the dashboard card's count, yellow and red are index-only scans.
    index('invoices_stage_pending_prep_idx')
      .on(t.inv_type, t.invoice_no, t.inv_id, t.created_at)
      .where(stageStatuses('PendingPreparation')),
    index('invoices_stage_pending_post_idx')
      .on(t.inv_type, t.invoice_no, t.inv_id, t.printed_at)
      .where(stageStatuses('PendingPosting')),
    // The Posted family (Posted with its clock, Posted Success/Failure/Pending, Settled, Unsettled): half the
    // ledger is posted, so their cards count index-only, and Posted Success/Failure/Pending page 1 is an
    // ordered scan (pending postings are the newest numbers: a walk of all POSTED by invoice# met them last).
    index('invoices_posted_cards_idx')
      .on(t.inv_type, t.acct_process_status, t.invoice_no, t.inv_id, t.posted_at, t.outstanding_amount)
      .where(sql`${t.status} = 'POSTED'`),
    // Settled and Unsettled in invoice# order (issue 40): a walk of every POSTED invoice by number, filtered on
    // the outstanding amount, met the first unsettled ones only after the settled history of the oldest offices
    // and months; each is its own ordered range now, page 1 and every keyset page.
    index('invoices_stage_settled_idx')
      .on(t.inv_type, t.invoice_no, t.inv_id)
      .where(sql`${t.status} = 'POSTED' and ${t.outstanding_amount} = 0`),
    index('invoices_stage_unsettled_idx')
      .on(t.inv_type, t.invoice_no, t.inv_id)
      .where(sql`${t.status} = 'POSTED' and ${t.outstanding_amount} <> 0`),
    index('invoices_stage_reversed_idx')
      .on(t.inv_type, t.invoice_no, t.inv_id)
      .where(stageStatuses('Reversed')),
    index('invoices_stage_export_idx').on(t.inv_type, t.invoice_no, t.inv_id).where(stageStatuses('Export')),
    index('invoices_stage_import_idx').on(t.inv_type, t.invoice_no, t.inv_id).where(stageStatuses('Import')),
    index('invoices_stage_closed_idx')
      .on(t.inv_type, t.invoice_no, t.inv_id)
      .where(sql`${t.is_closed} and ${t.status} <> 'DELETED'`),
    // The posting screen's queue (modules/accounting `queue`): Imported, and posted with the ledger's answer failed
    // or pending. Its rows in invoice# order, and by account code, in byte order (the database collation turns no
    // LIKE prefix into a range; "C" does), with every column the queue filters on so a walk is index-only.
    index('invoices_posting_queue_no_idx')
      .on(sql`(${t.invoice_no} collate "C")`, ...queueColumns(t))
      .where(POSTING_QUEUE),
    index('invoices_posting_queue_account_idx')
      .on(sql`(${t.account_code} collate "C")`, sql`(${t.invoice_no} collate "C")`, ...queueColumns(t))
      .where(POSTING_QUEUE),
    // Finance (modules/finance, docs/finance.md): the open items (posted or closed, not fully settled) with every
    // column the dashboard's one-pass aggregate and the customer overdue report read, so both scan this
    // partial index only; and "posted this period" by posting time.
    index('invoices_fin_open_idx')
      .on(
        t.inv_type,
        t.party_id,
        t.invoice_date,
        t.office_code,
        t.currency,
        t.account_code,
        t.outstanding_amount,
        t.exchange_rate,
        t.posted_at,
        t.created_at,
      )
      .where(sql`${t.status} in ('POSTED', 'CLOSED') and ${t.outstanding_amount} <> 0`),
    // The finance OverdueInvoicing list (and Outstanding, DueThisWeek) in its default order, invoice date: page 1
    // walks the open items oldest first and stops at the page (the due day is checked per row), by keyset after.
    index('invoices_fin_open_date_idx')
      .on(t.invoice_date, t.inv_id)
      .where(sql`${t.status} in ('POSTED', 'CLOSED') and ${t.outstanding_amount} <> 0`),
    statusCheck('invoices', 'status', INVOICE_STATUSES),
    statusCheck('invoices', 'acct_process_status', ACCT_PROCESS_STATUSES),
  ],
);

/** The jobs and SOs an invoice bills (002 §3 "job no.(s), SO no.(s)"): one row per SO. */
export const invoiceJobs = pgTable(
  'invoice_jobs',
  {
    inv_id: integer('inv_id')
      .notNull()
      .references(() => invoices.inv_id, { onDelete: 'cascade' }),
    job_no: text('job_no').notNull(),
    so_no: text('so_no').notNull(),
  },
  (t) => [
    primaryKey({ name: 'invoice_jobs_pk', columns: [t.inv_id, t.so_no] }),
    // text_pattern_ops: equality and the smart search's job#/SO# prefix (LIKE 'x%') both use them.
    index('invoice_jobs_job_idx').on(t.job_no.op('text_pattern_ops'), t.inv_id),
    index('invoice_jobs_so_idx').on(t.so_no.op('text_pattern_ops')),
  ],
);

/** General charge lines (002 §3). Amounts are computed from price, quantity and tax at save. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    inv_id: integer('inv_id')
      .notNull()
      .references(() => invoices.inv_id, { onDelete: 'cascade' }),
    line_no: smallint('line_no').notNull(),
    charge_code: text('charge_code')
      .notNull()
      .references(() => chargeCodes.charge_code),
    description: text('description').notNull(),
    reference: text('reference'),
    job_no: text('job_no'),
    unit_price: amount('unit_price').notNull(),
    price_includes_tax: boolean('price_includes_tax').notNull().default(false),
    quantity: numeric('quantity', { precision: 18, scale: 4, mode: 'string' }).notNull(),
    uom: text('uom').notNull(),
    dr_cr: text('dr_cr').notNull(),
    tax_code: text('tax_code'),
    tax_rate: numeric('tax_rate', { precision: 7, scale: 4, mode: 'string' }).notNull().default('0'),
    amount: amount('amount').notNull(),
    tax_amount: amount('tax_amount').notNull(),
    total_amount: amount('total_amount').notNull(),
    settled_amount: amount('settled_amount').notNull().default('0'),
    outstanding_amount: amount('outstanding_amount').notNull(),
  },
  (t) => [uniqueIndex('invoice_lines_inv_line_uq').on(t.inv_id, t.line_no)],
);

/** P&L lines (002 §3): revenue and cost per job from the job's AR and AP, filled by the GP work of the next issue. */
export const invoicePlLines = pgTable(
  'invoice_pl_lines',
  {
    id: serial('id').primaryKey(),
    inv_id: integer('inv_id')
      .notNull()
      .references(() => invoices.inv_id, { onDelete: 'cascade' }),
    job_no: text('job_no').notNull(),
    currency: text('currency').notNull(),
    revenue: amount('revenue').notNull().default('0'),
    cost: amount('cost').notNull().default('0'),
    profit: amount('profit').notNull().default('0'),
    share_percent: numeric('share_percent', { precision: 7, scale: 4, mode: 'string' }),
  },
  (t) => [index('invoice_pl_lines_inv_idx').on(t.inv_id)],
);

/** Cheque request of a CR invoice (002 §3): one per invoice. */
export const invoiceChequeRequests = pgTable('invoice_cheque_requests', {
  inv_id: integer('inv_id')
    .primaryKey()
    .references(() => invoices.inv_id, { onDelete: 'cascade' }),
  available_date: day('available_date'),
  free_to_combine: boolean('free_to_combine').notNull().default(false),
  foreign_currency: text('foreign_currency'),
  cheque_currency: text('cheque_currency'),
  issued_to: text('issued_to'),
});
