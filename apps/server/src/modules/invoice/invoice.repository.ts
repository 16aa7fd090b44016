import {
  INVOICE_FILTER_FIELDS,
  type INVOICE_SORTABLE,
  type InvoiceStageDef,
  type TInvoiceListQuery,
  type TInvoiceType,
  type TListQuery,
} from '@portal/contracts';
import { asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import {
  type DbOrTx,
  executePrepared,
  executeRendered,
  hasRowWith,
  placeholders,
  runRendered,
} from '../../platform/db/client';
import { type AmongSet, type PagePlan, readPage, renderedSelect } from '../../platform/db/rendered-select';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import {
  amongSetOf,
  COUNT_CACHE_MIN_ROWS,
  COUNT_CACHE_MS,
  type ListSpec,
  listOrder,
  listPage,
  listWhere,
} from '../../platform/list/list-query';
import { parties } from '../party';
import { invoiceChequeRequests, invoiceJobs, invoiceLines, invoices } from './invoice.tables';
import { pendingCreationRows } from './invoice-creation.repository';
import { searchSql } from './invoice-number-search.repository';
import { notDeleted, stageColourSql, stageSql } from './invoice-stage.repository';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
type Sort = (typeof INVOICE_SORTABLE)[number];

const spec: ListSpec<Sort> = {
  table: invoices,
  sortable: {
    invoice_no: invoices.invoice_no,
    account_code: invoices.account_code,
    invoice_date: invoices.invoice_date,
    status: invoices.status,
    total_amount: invoices.total_amount,
    created_at: invoices.created_at,
    updated_at: invoices.updated_at,
  },
  defaultSort: 'invoice_no',
  tiebreak: invoices.inv_id,
  // search_text is stored lower-cased; the trigram index invoices_search_trgm_idx covers it.
  searchText: sql`${invoices.search_text}`,
};

/** The custom filter whitelist (contracts INVOICE_FILTER_FIELDS names the kinds for clients). */
const filterFields = filterFieldsOf(INVOICE_FILTER_FIELDS, {
  invoice_no: invoices.invoice_no,
  account_code: invoices.account_code,
  kind: invoices.kind,
  status: invoices.status,
  currency: invoices.currency,
  invoice_date: invoices.invoice_date,
  ap_ref: invoices.ap_ref,
  group_no: invoices.group_no,
  office_code: invoices.office_code,
  total_amount: invoices.total_amount,
});

/**
 * The invoice columns a list row shows and exports (presentInvoiceRow, invoice.export.ts), with the ageing
 * clocks: not the whole row. A page of `invoices.*` carried ~70 columns, search_text among them, which
 * PostgreSQL had to send and the server to parse for every row (issue 40).
 */
const listInvoiceColumns = {
  inv_id: invoices.inv_id,
  invoice_no: invoices.invoice_no,
  inv_type: invoices.inv_type,
  kind: invoices.kind,
  status: invoices.status,
  account_code: invoices.account_code,
  hbl_no: invoices.hbl_no,
  currency: invoices.currency,
  base_currency: invoices.base_currency,
  total_amount: invoices.total_amount,
  base_total_amount: invoices.base_total_amount,
  settled_amount: invoices.settled_amount,
  outstanding_amount: invoices.outstanding_amount,
  invoice_date: invoices.invoice_date,
  ap_ref: invoices.ap_ref,
  group_no: invoices.group_no,
  office_code: invoices.office_code,
  gov_invoice_no: invoices.gov_invoice_no,
  payment_ref: invoices.payment_ref,
  payment_marker: invoices.payment_marker,
  created_at: invoices.created_at,
  updated_at: invoices.updated_at,
  prepared_at: invoices.prepared_at,
  approved_1_at: invoices.approved_1_at,
  approved_2_at: invoices.approved_2_at,
  printed_at: invoices.printed_at,
  posted_at: invoices.posted_at,
  version: invoices.version,
};
type ListInvoice = { [K in keyof typeof listInvoiceColumns]: InvoiceRow[K] };

/**
 * A list row's statement head: the invoice's list columns, its account's name and its job numbers, rendered once
 * (renderedSelect: Drizzle rendered these 30 columns and the join again on every page, issue 40).
 */
const listHead = renderedSelect(
  {
    ...listInvoiceColumns,
    account_name: sql<string>`coalesce(${parties.full_name}, '')`,
    job_nos: sql<
      string[]
    >`coalesce((select array_agg(distinct j.job_no order by j.job_no) from ${invoiceJobs} j where j.inv_id = ${invoices.inv_id}), '{}')`,
  },
  sql`${invoices} left join ${parties} on ${eq(parties.party_id, invoices.party_id)}`,
);
export type InvoiceListRow = { inv: ListInvoice; account_name: string; job_nos: string[] };
type FlatListRow = ListInvoice & { account_name: string; job_nos: string[] };

/** List rows matching `where` in `orderBy` order: one statement on the pre-rendered head (readPage). */
async function listRows(
  db: DbOrTx,
  o: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number },
  among?: AmongSet,
  plan: PagePlan = 'custom',
): Promise<InvoiceListRow[]> {
  // Planning a stage's page was 1.0-1.15 ms of its ~2 ms of PostgreSQL CPU at 2 M invoices (issue 40, session
  // 56); its statuses and conditions are constants in the text (stageSql), so its generic plan proves the stage's
  // partial index.
  const rows = await readPage<FlatListRow & Record<string, unknown>>(db, listHead, o, among, plan);
  return rows.map(({ account_name, job_nos, ...inv }) => ({ inv, account_name, job_nos }));
}

type CardCounts = { count: number; yellow: number; red: number };
/** Dashboard cards by side and stage (stageCounts). */
const cardCache = new Map<string, { at: number; value: Promise<CardCounts> }>();

/** Invoice queries (the only place with invoice SQL). */
export const invoiceRepository = {
  // The lookups of one invoice by its id, read by every move, save and detail: prepared (client.ts
  // runRendered), rendered, parsed and planned once per connection.
  async byId(db: DbOrTx, id: number, forUpdate = false): Promise<typeof invoices.$inferSelect | undefined> {
    const [row] = await runRendered<(typeof invoices.$inferSelect)[]>(
      db,
      forUpdate ? 'invoice.byId:forUpdate' : 'invoice.byId',
      () => {
        const query = db
          .select()
          .from(invoices)
          .where(eq(invoices.inv_id, sql.placeholder('id')));
        return forUpdate ? query.for('update') : query;
      },
      { id },
    );
    return row;
  },

  /**
   * The invoice locked for a move (`for update`), with its row version (`xmin`, as text) as it was committed: what
   * a derived figure's hook carries across the move (invoice-change-hooks.ts InvoiceCarryHook). One statement: the
   * version was a round trip of its own on every approval move (issue 40).
   */
  async lockForMove(
    db: DbOrTx,
    id: number,
  ): Promise<{ row: typeof invoices.$inferSelect; rowVersion: string } | undefined> {
    const [found] = await runRendered<(typeof invoices.$inferSelect & { row_version: string })[]>(
      db,
      'invoice.lockForMove',
      () =>
        db
          .select({ ...getTableColumns(invoices), row_version: sql<string>`${invoices}.xmin::text` })
          .from(invoices)
          .where(eq(invoices.inv_id, sql.placeholder('id')))
          .for('update'),
      { id },
    );
    if (!found) return undefined;
    const { row_version, ...row } = found;
    return { row, rowVersion: row_version };
  },

  lines: (db: DbOrTx, id: number): Promise<(typeof invoiceLines.$inferSelect)[]> =>
    runRendered(
      db,
      'invoice.lines',
      () =>
        db
          .select()
          .from(invoiceLines)
          .where(eq(invoiceLines.inv_id, sql.placeholder('id')))
          .orderBy(asc(invoiceLines.line_no)),
      { id },
    ),

  jobs: (db: DbOrTx, id: number): Promise<(typeof invoiceJobs.$inferSelect)[]> =>
    runRendered(
      db,
      'invoice.jobs',
      () =>
        db
          .select()
          .from(invoiceJobs)
          .where(eq(invoiceJobs.inv_id, sql.placeholder('id')))
          .orderBy(asc(invoiceJobs.job_no), asc(invoiceJobs.so_no)),
      { id },
    ),

  async insert(db: DbOrTx, values: InvoiceInsert) {
    const [row] = await db.insert(invoices).values(values).returning();
    return row;
  },

  /** Whether an invoice already carries this number (one the sequence did not number): the sequence skips it. */
  numberInUse: (db: DbOrTx, invoiceNo: string) => hasRowWith(db, invoices, invoices.invoice_no, invoiceNo),

  /**
   * A new invoice with its jobs, lines and cheque request in ONE statement (issue 20: a create's round trips):
   * the header's INSERT … RETURNING feeds the children's inserts as data-modifying CTEs, and the answer is the
   * stored header row with the lines' ids (in line order), so the create need not read back what it wrote.
   */
  async insertWithChildren(
    db: DbOrTx,
    values: InvoiceInsert,
    c: {
      jobs: { job_no: string; so_no: string }[];
      lines: Omit<typeof invoiceLines.$inferInsert, 'inv_id'>[];
      cheque: Omit<typeof invoiceChequeRequests.$inferInsert, 'inv_id'> | null;
    },
  ): Promise<{ row: InvoiceRow; lineIds: number[] } | undefined> {
    // Rendered once per set of columns given (and which of them are null): the values are placeholders, filled
    // on each call (client.ts executeRendered).
    const { given, shape, fill, renderable } = placeholders(values);
    const filled: Record<string, unknown> = {
      ...fill,
      _job_nos: c.jobs.map((x) => x.job_no),
      _so_nos: c.jobs.map((x) => x.so_no),
      _lines: JSON.stringify(c.lines),
      _cheque: JSON.stringify(c.cheque ? [c.cheque] : []),
    };
    const { rows } = await executeRendered<InvoiceRow & { line_ids: number[] | null }>(
      db,
      renderable ? `invoice.insertWithChildren:${shape}` : null,
      () => {
        // A number already in use writes nothing (no row back: undefined), rather than failing the transaction.
        const head = db
          .insert(invoices)
          .values(given as PgInsertValue<typeof invoices>)
          .onConflictDoNothing({ target: invoices.invoice_no })
          .returning()
          .getSQL();
        return sql`
      with inv as (${head}),
      j as (insert into ${invoiceJobs} (inv_id, job_no, so_no)
            select inv.inv_id, x.job_no, x.so_no
              from inv, unnest(${sql.placeholder('_job_nos')}::text[],
                               ${sql.placeholder('_so_nos')}::text[]) as x(job_no, so_no)),
      l as (insert into ${invoiceLines} (inv_id, line_no, charge_code, description, reference, job_no, unit_price,
                                         price_includes_tax, quantity, uom, dr_cr, tax_code, tax_rate, amount,
                                         tax_amount, total_amount, outstanding_amount)
            select inv.inv_id, x.line_no, x.charge_code, x.description, x.reference, x.job_no, x.unit_price,
                   x.price_includes_tax, x.quantity, x.uom, x.dr_cr, x.tax_code, x.tax_rate, x.amount,
                   x.tax_amount, x.total_amount, x.outstanding_amount
              from inv, jsonb_to_recordset(${sql.placeholder('_lines')}::jsonb) as x(line_no smallint, charge_code text,
                   description text, reference text, job_no text, unit_price numeric, price_includes_tax boolean,
                   quantity numeric, uom text, dr_cr text, tax_code text, tax_rate numeric, amount numeric,
                   tax_amount numeric, total_amount numeric, outstanding_amount numeric)
            returning id, line_no),
      c as (insert into ${invoiceChequeRequests} (inv_id, available_date, free_to_combine, foreign_currency,
                                                  cheque_currency, issued_to)
            select inv.inv_id, x.available_date, x.free_to_combine, x.foreign_currency, x.cheque_currency, x.issued_to
              from inv, jsonb_to_recordset(${sql.placeholder('_cheque')}::jsonb) as x(available_date date,
                   free_to_combine boolean, foreign_currency text, cheque_currency text, issued_to text))
      select inv.*, (select array_agg(l.id order by l.line_no) from l) as line_ids from inv`;
      },
      filled,
    );
    if (!rows[0]) return undefined;
    const { line_ids, ...row } = rows[0];
    return { row: row as InvoiceRow, lineIds: line_ids ?? [] };
  },

  /** Updates only while the stored version is `version` (and raises it); undefined otherwise. */
  updateIfVersion: versionedUpdate(invoices, invoices.inv_id),

  /**
   * Replaces the jobs, lines and cheque request of an invoice (a save writes them whole); `fresh` (an invoice
   * inserted in this transaction, which has none yet) skips the three deletes.
   */
  async replaceChildren(
    db: DbOrTx,
    id: number,
    c: {
      jobs: { job_no: string; so_no: string }[];
      lines: Omit<typeof invoiceLines.$inferInsert, 'inv_id'>[];
      cheque: Omit<typeof invoiceChequeRequests.$inferInsert, 'inv_id'> | null;
    },
    fresh = false,
  ) {
    if (!fresh) {
      await db.delete(invoiceJobs).where(eq(invoiceJobs.inv_id, id));
      await db.delete(invoiceLines).where(eq(invoiceLines.inv_id, id));
      await db.delete(invoiceChequeRequests).where(eq(invoiceChequeRequests.inv_id, id));
    }
    if (c.jobs.length) await db.insert(invoiceJobs).values(c.jobs.map((j) => ({ ...j, inv_id: id })));
    if (c.lines.length) await db.insert(invoiceLines).values(c.lines.map((l) => ({ ...l, inv_id: id })));
    if (c.cheque) await db.insert(invoiceChequeRequests).values({ ...c.cheque, inv_id: id });
  },

  /** The orders of these jobs (002 §5 job checks): office, ETD, mode, bills, customer and containers. */
  async ordersOfJobs(db: DbOrTx, jobNos: string[]) {
    if (!jobNos.length) return [];
    const { rows } = await executePrepared<{
      so_no: string;
      job_no: string;
      hbl_no: string | null;
      handling_office: string;
      etd: string;
      transport_mode: string;
      salesman: string | null;
      customer_id: number;
      container_nos: string[];
    }>(
      db,
      sql`select so.so_no, so.job_no, so.hbl_no, so.handling_office, so.etd::text as etd, so.transport_mode,
                  so.salesman, so.customer_id,
                  coalesce((select array_agg(c.container_no) from so_containers c
                             where c.so_id = so.so_id and c.container_no is not null), '{}') as container_nos
             from shipping_orders so
            where so.job_no = any(${sql.param(jobNos)}::text[])
            order by so.job_no, so.so_no`,
    );
    return rows;
  },

  async partyByCode(db: DbOrTx, code: string) {
    const [row] = await db
      .select({
        party_id: parties.party_id,
        party_code: parties.party_code,
        full_name: parties.full_name,
        country_code: parties.country_code,
        bank_currency: parties.bank_currency,
        status: parties.status,
      })
      .from(parties)
      .where(eq(parties.party_code, code));
    return row;
  },

  /**
   * An invoice's lines, jobs, cheque request and its two parties' codes and names in one statement (what a move
   * answers and an invoice's page reads; five round trips before, issue 40). The lines are the statement's rows
   * (none: one row of nulls), the rest one JSON value each; numbers come as their text, as the tables' own reads
   * give them.
   */
  async children(db: DbOrTx, id: number, partyId: number | null, issuePartyId: number | null) {
    const { rows } = await executePrepared<
      Partial<typeof invoiceLines.$inferSelect> & {
        x_jobs: (typeof invoiceJobs.$inferSelect)[];
        x_cheque: typeof invoiceChequeRequests.$inferSelect | null;
        x_account: { party_code: string; full_name: string } | null;
        x_issue: { party_code: string; full_name: string } | null;
      }
    >(
      db,
      sql`
      select l.*, x.x_jobs, x.x_cheque, x.x_account, x.x_issue
        from (select coalesce((select json_agg(json_build_object('inv_id', j.inv_id, 'job_no', j.job_no,
                                                                 'so_no', j.so_no) order by j.job_no, j.so_no)
                                 from invoice_jobs j where j.inv_id = ${id}::int), '[]') as x_jobs,
                     (select json_build_object('inv_id', c.inv_id, 'available_date', c.available_date::text,
                                               'free_to_combine', c.free_to_combine,
                                               'foreign_currency', c.foreign_currency,
                                               'cheque_currency', c.cheque_currency, 'issued_to', c.issued_to)
                        from invoice_cheque_requests c where c.inv_id = ${id}::int) as x_cheque,
                     (select json_build_object('party_code', p.party_code, 'full_name', p.full_name)
                        from parties p where p.party_id = ${partyId}::int) as x_account,
                     (select json_build_object('party_code', p.party_code, 'full_name', p.full_name)
                        from parties p where p.party_id = ${issuePartyId}::int) as x_issue) x
        left join invoice_lines l on l.inv_id = ${id}::int
       order by l.line_no`,
    );
    const [first] = rows;
    return {
      lines: rows
        .filter((r) => r.id !== null)
        .map(({ x_jobs, x_cheque, x_account, x_issue, ...line }) => line as typeof invoiceLines.$inferSelect),
      jobs: first.x_jobs,
      cheque: first.x_cheque,
      account: first.x_account ?? undefined,
      issue: first.x_issue ?? undefined,
    };
  },

  async officeCountry(db: DbOrTx, officeCode: string) {
    const { rows } = await db.execute<{ country_code: string }>(
      sql`select country_code from offices where code = ${officeCode}`,
    );
    return rows[0]?.country_code ?? null;
  },

  /** The condition of a list: smart search, side, status, kind, custom filter and `extra` (a stage). */
  async listCondition(db: DbOrTx, q: TInvoiceListQuery | TListQuery, extra: (SQL | undefined)[] = []) {
    return (await invoiceRepository.listFilter(db, q, extra)).where;
  },

  /** listCondition, and whether the page must be read among a large set of searched ids (selectPageAmong). */
  async listFilter(db: DbOrTx, q: TInvoiceListQuery | TListQuery, extra: (SQL | undefined)[] = []) {
    const f = q as TInvoiceListQuery;
    const search = await searchSql(db, q.q);
    const custom = customFilterSql(f.filters, filterFields);
    const where = listWhere(spec, undefined, [
      search?.where,
      f.inv_type ? eq(invoices.inv_type, f.inv_type) : undefined,
      f.status ? eq(invoices.status, f.status) : notDeleted,
      f.kind ? eq(invoices.kind, f.kind) : undefined,
      ...custom,
      ...extra,
    ]);
    // A status or kind picked in the Search list is a skewed equality (a few REJECTED among millions of
    // POSTED): planned for its value, as are a search and a custom filter.
    const plan: PagePlan = search?.byIds
      ? 'ids'
      : search || f.status || f.kind || custom.length
        ? 'custom'
        : 'stable';
    return { where, among: search?.among ?? false, plan };
  },

  /** A page of invoices matching the smart search and filters, with `extra` conditions (a stage). */
  async page(db: DbOrTx, q: TInvoiceListQuery | TListQuery, extra: (SQL | undefined)[] = []) {
    const { where, among, plan } = await invoiceRepository.listFilter(db, q, extra);
    return listPage<InvoiceListRow, Sort>(
      db,
      spec,
      q,
      where,
      (o) => listRows(db, o, among ? amongSetOf(spec, q) : undefined, plan),
      undefined,
      { prepared: plan === 'ids' },
    );
  },

  /**
   * Σ per currency of a list's rows over the whole filter (issue 38: an approver must not approve blind): the
   * count, total and outstanding of each currency. Reads at most `cap` + 1 matching rows (the filter's own
   * index, as the capped list count does); more than `cap` answers `capped` and no sums, since a sum over part
   * of the rows would be a wrong figure.
   */
  async totals(db: DbOrTx, q: TInvoiceListQuery | TListQuery, extra: (SQL | undefined)[], cap: number) {
    const where = await invoiceRepository.listCondition(db, q, extra);
    const { rows } = await db.execute<{
      currency: string;
      count: number;
      total_amount: string;
      outstanding_amount: string;
    }>(sql`
      select x.currency, count(*)::int as count, sum(x.total_amount)::text as total_amount,
             sum(x.outstanding_amount)::text as outstanding_amount
        from (select ${invoices.currency} as currency, ${invoices.total_amount} as total_amount,
                     ${invoices.outstanding_amount} as outstanding_amount
                from ${invoices} where ${where ?? sql`true`} limit ${cap + 1}) x
       group by x.currency order by x.currency`);
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  },

  /** Every matching row in list order, at most `limit` (the Excel export). */
  async all(db: DbOrTx, q: TInvoiceListQuery | TListQuery, extra: (SQL | undefined)[], limit: number) {
    const { where, among, plan } = await invoiceRepository.listFilter(db, q, extra);
    return listRows(
      db,
      { where, orderBy: listOrder(spec, q), limit },
      among ? amongSetOf(spec, q) : undefined,
      plan,
    );
  },

  /**
   * Revenue (AR) and cost (AP) of these jobs in the base currency, net of tax, from every invoice line that
   * is not deleted (the P&L tab and GP summary; a line's share is its net × the invoice's rate).
   */
  async jobProfit(db: DbOrTx, jobNos: string[]) {
    if (!jobNos.length) return [];
    const { rows } = await db.execute<{
      job_no: string;
      revenue: string;
      cost: string;
      invoices: number;
    }>(sql`
      with inv as (
        select distinct j.job_no, i.inv_id, i.inv_type, i.net_amount, i.exchange_rate
          from invoice_jobs j join invoices i on i.inv_id = j.inv_id
         where j.job_no = any(${sql.param(jobNos)}::text[]) and i.status <> 'DELETED')
      select job_no,
             coalesce(sum(net_amount * exchange_rate) filter (where inv_type = 'AR'), 0)::text as revenue,
             coalesce(sum(net_amount * exchange_rate) filter (where inv_type = 'AP'), 0)::text as cost,
             count(*)::int as invoices
        from inv group by job_no order by job_no`);
    return rows;
  },

  /** PendingCreation (invoice-creation.repository.ts: the one definition late invoicing shares). */
  pendingCreation: (db: DbOrTx, type: string, overseas: boolean, limit: number) =>
    pendingCreationRows(db, type as TInvoiceType, overseas, limit),

  /**
   * Count, yellow and red of one stage (002 §2 dashboard card); yellow from `days`, red from 2 × days. A card of
   * COUNT_CACHE_MIN_ROWS or more is reused for COUNT_CACHE_MS per instance and concurrent callers share one
   * query, as list counts are (a dashboard is ~15 counts; 20 users opening it at once queued on the pool).
   * Smaller cards are always exact, so a user sees the invoice they just moved.
   */
  stageCounts(db: DbOrTx, type: string, stage: InvoiceStageDef) {
    if (COUNT_CACHE_MS <= 0) return invoiceRepository.stageCountsNow(db, type, stage);
    const key = `${type}|${stage.name}`;
    const now = Date.now();
    const hit = cardCache.get(key);
    if (hit && now - hit.at < COUNT_CACHE_MS) return hit.value;
    const value = invoiceRepository.stageCountsNow(db, type, stage);
    cardCache.set(key, { at: now, value });
    value.then(
      (r) => {
        if (r.count < COUNT_CACHE_MIN_ROWS && cardCache.get(key)?.value === value) cardCache.delete(key);
      },
      () => cardCache.delete(key),
    );
    return value;
  },

  async stageCountsNow(db: DbOrTx, type: string, stage: InvoiceStageDef): Promise<CardCounts> {
    const where = stageSql(type, stage);
    const c = stageColourSql(stage);
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        yellow: c ? sql<number>`count(*) filter (where ${c.yellow})::int` : sql<number>`0`,
        red: c ? sql<number>`count(*) filter (where ${c.red})::int` : sql<number>`0`,
      })
      .from(invoices)
      .where(where);
    return { count: Number(row.count), yellow: Number(row.yellow), red: Number(row.red) };
  },

  /** Backdates an invoice's clocks (demo seed only: ages for the colours). */
  async setClocks(db: DbOrTx, id: number, values: Partial<InvoiceInsert>) {
    await db.update(invoices).set(values).where(eq(invoices.inv_id, id));
  },
};
