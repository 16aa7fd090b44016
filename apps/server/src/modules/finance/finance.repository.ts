import {
  COUNT_CAP,
  FINANCE_DEFAULT_TERMS_DAYS,
  FINANCE_FILTER_FIELDS,
  FINANCE_PRESETS,
  type FINANCE_SORTABLE,
  INVOICE_CREATION_AGEING_DAYS,
  type InvoiceStageDef,
  type TFinanceFilter,
  type TFinanceListQuery,
  type TOverdueReportQuery,
} from '@portal/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type CountResult, type ListSpec, listOrder, listPage } from '../../platform/list/list-query';
import { awaitingInvoiceSql, billedPartySql, invoices, lateOnSql, stageSql } from '../invoice';
import { parties } from '../party';

type Sort = (typeof FINANCE_SORTABLE)[number];
/** The invoice's party in list queries (termsDays reads its terms as `fp`). */
const fp = alias(parties, 'fp');

/**
 * What finance calls "open" (docs/finance.md): an invoice in the ledger (Posted, or Closed with its period)
 * that is not fully settled. Drafts and invoices on their way to posting are not receivables yet; reversed
 * ones are no longer owed. The partial index invoices_fin_open_idx holds exactly these rows.
 */
export const OPEN_SQL = sql`${invoices.status} in ('POSTED', 'CLOSED') and ${invoices.outstanding_amount} <> 0`;

/** The document date ageing starts from: the invoice date, else when it was posted, else created. */
const DOC_DATE = sql`coalesce(${invoices.invoice_date}, (${invoices.posted_at})::date, (${invoices.created_at})::date)`;

/**
 * Days of credit of the invoice's party (contracts paymentTermsDays, the same rules): NETn → n, CASH/COD
 * → 0, else the credit deadline, else FINANCE_DEFAULT_TERMS_DAYS. AR invoices use the party's AR terms, AP
 * its AP terms. `p` is the parties alias of the query.
 */
const termsDays = (p: SQL) => sql`(case
    when (case when ${invoices.inv_type} = 'AR' then ${p}.payment_terms_ar else ${p}.payment_terms_ap end) ~ '^NET[0-9]+$'
      then substr(case when ${invoices.inv_type} = 'AR' then ${p}.payment_terms_ar else ${p}.payment_terms_ap end, 4)::int
    when (case when ${invoices.inv_type} = 'AR' then ${p}.payment_terms_ar else ${p}.payment_terms_ap end) in ('CASH', 'COD')
      then 0
    else coalesce(${p}.credit_deadline_days, ${FINANCE_DEFAULT_TERMS_DAYS}) end)`;

/** The due date in a query joined to parties as `fp`. */
export const DUE_JOINED = sql`(${DOC_DATE} + ${termsDays(sql.raw('fp'))})`;
/** The due date in a query on invoices alone (counts, exports): the party's terms by primary key. */
const DUE_ALONE = sql`(${DOC_DATE} + (select ${termsDays(sql.raw('tp'))} from parties tp where tp.party_id = ${invoices.party_id}))`;

const day = (asOf: string) => sql`${asOf}::date`;
export const BASE_OUTSTANDING = sql`(${invoices.outstanding_amount} * ${invoices.exchange_rate})`;

/** The filter bar's conditions on invoices (office, currency, customer, preset by document date). */
export function invoiceFilterSql(f: TFinanceFilter, asOf: string): SQL[] {
  const parts: SQL[] = [];
  if (f.office) parts.push(eq(invoices.office_code, f.office));
  if (f.currency) parts.push(eq(invoices.currency, f.currency));
  if (f.customer) parts.push(eq(invoices.account_code, f.customer));
  if (f.preset)
    parts.push(
      sql`${invoices.invoice_date} between ${day(asOf)} - ${FINANCE_PRESETS[f.preset]}::int and ${day(asOf)}`,
    );
  return parts;
}

const spec: ListSpec<Sort> = {
  table: invoices,
  sortable: {
    invoice_no: invoices.invoice_no,
    invoice_date: invoices.invoice_date,
    account_code: invoices.account_code,
    outstanding_amount: invoices.outstanding_amount,
    total_amount: invoices.total_amount,
    posted_at: invoices.posted_at,
  },
  defaultSort: 'invoice_date',
  tiebreak: invoices.inv_id,
  searchText: sql`${invoices.search_text}`,
};

const filterFields = filterFieldsOf(FINANCE_FILTER_FIELDS, {
  invoice_no: invoices.invoice_no,
  account_code: invoices.account_code,
  status: invoices.status,
  currency: invoices.currency,
  invoice_date: invoices.invoice_date,
  office_code: invoices.office_code,
  outstanding_amount: invoices.outstanding_amount,
});

/** A row of the finance invoice lists, before presentation. */
export interface FinanceInvoiceListRow {
  inv_id: number;
  invoice_no: string;
  inv_type: string;
  kind: string;
  status: string;
  account_code: string;
  account_name: string | null;
  office_code: string;
  currency: string;
  total_amount: string;
  outstanding_amount: string;
  base_outstanding: string;
  invoice_date: string | null;
  due_date: string | null;
  days_past_due: number | null;
  posted_at: string | null;
  acct_process_status: string;
}

const rowColumns = (asOf: string) => ({
  inv_id: invoices.inv_id,
  invoice_no: invoices.invoice_no,
  inv_type: invoices.inv_type,
  kind: invoices.kind,
  status: invoices.status,
  account_code: invoices.account_code,
  account_name: fp.full_name,
  office_code: invoices.office_code,
  currency: invoices.currency,
  total_amount: invoices.total_amount,
  outstanding_amount: invoices.outstanding_amount,
  base_outstanding: sql<string>`${BASE_OUTSTANDING}::text`,
  invoice_date: invoices.invoice_date,
  due_date: sql<string | null>`${DUE_JOINED}::text`,
  days_past_due: sql<number | null>`(${day(asOf)} - ${DUE_JOINED})::int`,
  posted_at: invoices.posted_at,
  acct_process_status: invoices.acct_process_status,
});

/** The condition of a named finance list (contracts FINANCE_INVOICE_LISTS) or an invoice stage. */
export function listSql(
  list: string,
  asOf: string,
  stage: { AR?: InvoiceStageDef; AP?: InvoiceStageDef } | null,
): SQL | undefined {
  switch (list) {
    case 'All':
      return sql`${invoices.status} <> 'DELETED'`;
    case 'Outstanding':
      return OPEN_SQL;
    case 'OverdueInvoicing':
      return and(OPEN_SQL, sql`${DUE_ALONE} < ${day(asOf)}`);
    case 'DueThisWeek':
      return and(OPEN_SQL, sql`${DUE_ALONE} between ${day(asOf)} and ${day(asOf)} + 6`);
    case 'PostedThisPeriod':
      return and(
        inArray(invoices.status, ['POSTED', 'CLOSED']),
        sql`${invoices.posted_at} >= date_trunc('month', ${day(asOf)}) and ${invoices.posted_at} < date_trunc('month', ${day(asOf)}) + interval '1 month'`,
      );
  }
  if (!stage) return undefined;
  return or(stage.AR ? stageSql('AR', stage.AR) : undefined, stage.AP ? stageSql('AP', stage.AP) : undefined);
}

export interface LateInvoicingListRow {
  job_no: string;
  inv_type: 'AR' | 'AP';
  etd: string;
  office_code: string;
  account_code: string;
  account_name: string;
  so_count: number;
  days_late: number;
}

/**
 * How far back late invoicing looks: the preset's days, and without one every ETD ("All", as every other card),
 * so the card counts every job PendingCreation colours late (issue 38: an old job was "Overdue" there and not
 * late here).
 */
export const lateWindowDays = (f: TFinanceFilter): number | null =>
  f.preset ? FINANCE_PRESETS[f.preset] : null;

/**
 * Where late invoicing is read: `orders` = the direct computation (the window's shipping orders anti-joined
 * against their jobs' invoices), `aggregate` = fin_late (finance-aggregates, the same rows kept as orders and
 * invoices change; what the dashboard and the list read).
 */
export type LateSource = 'orders' | 'aggregate';

/** Jobs of one side past the creation threshold (002 §9) with no invoice of that side, as a grouped SQL. */
function lateSideSql(side: 'AR' | 'AP', f: TFinanceFilter, asOf: string, source: LateSource): SQL {
  const window = lateWindowDays(f);
  const threshold = INVOICE_CREATION_AGEING_DAYS[side];
  // The party the side's invoice is made out to (the same rule as PendingCreation): AR the customer, AP the
  // vendor (carrier's party, else release agent, else nomination agent; none: no account shown).
  const party =
    side === 'AR'
      ? sql`join parties p on p.party_id = so.customer_id`
      : sql`left join parties p on p.party_id = ${billedPartySql('AP')}`;
  // fin_late's rows are the orders below with their job's side not invoiced (its columns named as here; AP
  // reads the order's carrier and agents for its vendor).
  const from =
    source === 'aggregate'
      ? side === 'AR'
        ? sql`(select job_no, etd, office_code as handling_office, customer_id from fin_late where inv_type = ${side}) so
      ${party}
     where true`
        : sql`(select l.job_no, l.etd, l.office_code as handling_office, l.customer_id, o.carrier_code,
                  o.release_agent_id, o.nomination_agent_id
             from fin_late l join shipping_orders o on o.so_id = l.so_id where l.inv_type = ${side}) so
      ${party}
     where true`
      : sql`shipping_orders so
      ${party}
     where ${awaitingInvoiceSql(side)}`;
  return sql`
    select so.job_no, ${side}::text as inv_type, min(so.etd) as etd, min(so.handling_office) as office_code,
           min(p.party_code) as account_code, min(p.full_name) as account_name, count(*)::int as so_count,
           (${day(asOf)} - min(so.etd) - ${threshold})::int as days_late
      from ${from}
       and ${lateOnSql(side, day(asOf))}
       ${window === null ? sql`` : sql`and so.etd >= ${day(asOf)} - ${window}::int`}
       ${f.office ? sql`and so.handling_office = ${f.office}` : sql``}
       ${f.customer ? sql`and so.customer_id in (select party_id from parties where party_code = ${f.customer})` : sql``}
     group by so.job_no`;
}

const lateSql = (f: TFinanceFilter & { inv_type?: 'AR' | 'AP' }, asOf: string, source: LateSource) =>
  f.inv_type
    ? lateSideSql(f.inv_type, f, asOf, source)
    : sql`${lateSideSql('AR', f, asOf, source)} union all ${lateSideSql('AP', f, asOf, source)}`;

/**
 * The open-item counts and amounts of the dashboard (AR, AP, overdue, due this week, the ageing buckets), as
 * the direct computation and the aggregates both read them.
 */
export interface OpenItemFigures extends Record<string, unknown> {
  ar_n: number;
  ar_amt: string;
  ap_n: number;
  ap_amt: string;
  overdue_n: number;
  overdue_amt: string;
  week_n: number;
  week_amt: string;
  b_current_n: number;
  b_current: string;
  b1_n: number;
  b1: string;
  b2_n: number;
  b2: string;
  b3_n: number;
  b3: string;
  b4_n: number;
  b4: string;
}

/** Dashboard figures of the open items: one scan of the open invoices (invoices_fin_open_idx). */
interface OpenFigures extends OpenItemFigures {
  breaches: number;
}

/** An open AR invoice on a customer's statement of account (statement.pdf.ts prints all but base_outstanding). */
export type StatementInvoiceRow = {
  invoice_no: string;
  invoice_date: string | null;
  due_date: string;
  days_past_due: number;
  currency: string;
  total_amount: string;
  outstanding_amount: string;
  /** The outstanding amount in the base currency (for the ageing buckets). */
  base_outstanding: string;
  job_nos: string[];
};

export interface OverdueReportDbRow extends Record<string, unknown> {
  party_id: number;
  account_code: string;
  account_name: string;
  payment_terms: string | null;
  credit_limit: string;
  credit_deadline_days: number | null;
  credit_reminder_days: number | null;
  invoices: number;
  current: string;
  d1_30: string;
  d31_60: string;
  d61_90: string;
  d90_plus: string;
  total: string;
  over_limit: string;
  oldest_days: number | null;
  reminders_due: number;
  n_all: number;
  t_current: string;
  t_d1_30: string;
  t_d31_60: string;
  t_d61_90: string;
  t_d90_plus: string;
  t_total: string;
}

const REPORT_ORDER: Record<string, string> = {
  account_code: 'account_code',
  total: 'total',
  d90_plus: 'd90_plus',
  over_limit: 'over_limit',
};

/** Finance queries (the only place with finance SQL). */
export const financeRepository = {
  async openFigures(db: DbOrTx, f: TFinanceFilter, asOf: string): Promise<OpenFigures> {
    const where = and(OPEN_SQL, ...invoiceFilterSql(f, asOf));
    const { rows } = await db.execute<OpenFigures>(sql`
      with o as materialized (
        select ${invoices.inv_type} as inv_type, ${invoices.party_id} as party_id,
               ${BASE_OUTSTANDING} as base, (${day(asOf)} - ${DUE_JOINED})::int as dpd
          from ${invoices} join parties fp on fp.party_id = ${invoices.party_id}
         where ${where}),
      ar as (select * from o where inv_type = 'AR')
      select
        (select count(*) from ar)::int as ar_n, (select coalesce(sum(base), 0) from ar)::text as ar_amt,
        (select count(*) from o where inv_type = 'AP')::int as ap_n,
        (select coalesce(sum(base), 0) from o where inv_type = 'AP')::text as ap_amt,
        a.*,
        (select count(*) from (select party_id, sum(base) as s from ar group by party_id) t
           join parties cp on cp.party_id = t.party_id
          where cp.credit_limit > 0 and t.s > cp.credit_limit)::int as breaches
      from (select
        count(*) filter (where dpd > 0)::int as overdue_n, coalesce(sum(base) filter (where dpd > 0), 0)::text as overdue_amt,
        count(*) filter (where dpd between -6 and 0)::int as week_n,
        coalesce(sum(base) filter (where dpd between -6 and 0), 0)::text as week_amt,
        count(*) filter (where dpd <= 0)::int as b_current_n, coalesce(sum(base) filter (where dpd <= 0), 0)::text as b_current,
        count(*) filter (where dpd between 1 and 30)::int as b1_n, coalesce(sum(base) filter (where dpd between 1 and 30), 0)::text as b1,
        count(*) filter (where dpd between 31 and 60)::int as b2_n, coalesce(sum(base) filter (where dpd between 31 and 60), 0)::text as b2,
        count(*) filter (where dpd between 61 and 90)::int as b3_n, coalesce(sum(base) filter (where dpd between 61 and 90), 0)::text as b3,
        count(*) filter (where dpd > 90)::int as b4_n, coalesce(sum(base) filter (where dpd > 90), 0)::text as b4
        from ar) a`);
    return rows[0];
  },

  /** Invoices posted in the as-of month (invoices_posted_at_idx), with their base totals. */
  async postedThisPeriod(db: DbOrTx, f: TFinanceFilter, asOf: string) {
    const where = and(listSql('PostedThisPeriod', asOf, null), ...invoiceFilterSql(f, asOf));
    const { rows } = await db.execute<{ n: number; amt: string }>(sql`
      select count(*)::int as n, coalesce(sum(${invoices.base_total_amount}), 0)::text as amt
        from ${invoices} where ${where}`);
    return rows[0];
  },

  /** Invoices approved and on their way to the ledger (the PendingPosting stage of both sides). */
  async unposted(
    db: DbOrTx,
    f: TFinanceFilter,
    asOf: string,
    stage: { AR?: InvoiceStageDef; AP?: InvoiceStageDef },
  ) {
    const where = and(listSql('PendingPosting', asOf, stage), ...invoiceFilterSql(f, asOf));
    const { rows } = await db.execute<{ n: number; amt: string }>(sql`
      select count(*)::int as n, coalesce(sum(${invoices.base_total_amount}), 0)::text as amt
        from ${invoices} where ${where}`);
    return rows[0];
  },

  /** Late invoicing jobs computed from the orders (the reference; the aggregate's count is in finance-aggregates), up to COUNT_CAP + 1. */
  async lateCount(db: DbOrTx, f: TFinanceFilter, asOf: string) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from (${lateSql(f, asOf, 'orders')}) l limit ${COUNT_CAP + 1}) t`,
    );
    const n = rows[0]?.n ?? 0;
    return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
  },

  /**
   * A page of late-invoicing jobs, oldest ETD first (or by job#), by keyset on (etd, job_no, side) when a
   * cursor is given, else by page number.
   */
  async latePage(
    db: DbOrTx,
    f: TFinanceFilter & { inv_type?: 'AR' | 'AP' },
    asOf: string,
    q: {
      sort?: string;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
      after?: [string, string, string];
    },
    source: LateSource = 'aggregate',
  ) {
    const desc = q.order === 'desc';
    const dir = sql.raw(desc ? 'desc' : 'asc');
    const byJob = q.sort === 'job_no';
    const key = byJob ? sql`(job_no, inv_type, etd::text)` : sql`(etd::text, job_no, inv_type)`;
    const after = q.after
      ? sql`where ${key} ${sql.raw(desc ? '<' : '>')} (${q.after[0]}, ${q.after[1]}, ${q.after[2]})`
      : sql``;
    const { rows } = await db.execute<LateInvoicingListRow & Record<string, unknown>>(sql`
      select job_no, inv_type, etd::text as etd, office_code, account_code, account_name, so_count, days_late
        from (${lateSql(f, asOf, source)}) l ${after}
       order by ${byJob ? sql`job_no ${dir}, inv_type ${dir}, etd ${dir}` : sql`etd ${dir}, job_no ${dir}, inv_type ${dir}`}
       limit ${q.limit} offset ${q.offset}`);
    return rows;
  },

  /**
   * A page of a finance invoice list (keyset or page number, capped count: platform/list). `countOf`: the
   * total from the aggregates when the caller has it (OverdueInvoicing without a search or custom filter).
   */
  page(
    db: DbOrTx,
    q: TFinanceListQuery,
    asOf: string,
    condition: SQL | undefined,
    countOf?: () => Promise<CountResult>,
  ) {
    const where = and(
      condition,
      q.inv_type ? eq(invoices.inv_type, q.inv_type) : undefined,
      q.q?.trim()
        ? sql`${invoices.search_text} like ${`%${q.q
            .trim()
            .toLowerCase()
            .replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
        : undefined,
      ...invoiceFilterSql(q, asOf),
      ...customFilterSql(q.filters, filterFields),
    );
    return listPage<FinanceInvoiceListRow, Sort>(
      db,
      spec,
      q,
      where,
      ({ where, orderBy, limit, offset }) =>
        db
          .select(rowColumns(asOf))
          .from(invoices)
          .leftJoin(fp, eq(fp.party_id, invoices.party_id))
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset) as unknown as Promise<FinanceInvoiceListRow[]>,
      countOf,
    );
  },

  /** Every row of a finance invoice list in list order, at most `limit` (the Excel export). */
  all(db: DbOrTx, q: TFinanceListQuery, asOf: string, condition: SQL | undefined, limit: number) {
    const where = and(
      condition,
      q.inv_type ? eq(invoices.inv_type, q.inv_type) : undefined,
      ...invoiceFilterSql(q, asOf),
      ...customFilterSql(q.filters, filterFields),
    );
    return db
      .select(rowColumns(asOf))
      .from(invoices)
      .leftJoin(fp, eq(fp.party_id, invoices.party_id))
      .where(where)
      .orderBy(...listOrder(spec, q))
      .limit(limit) as unknown as Promise<FinanceInvoiceListRow[]>;
  },

  /**
   * The customer overdue report: per customer, its open AR invoices by ageing bucket in the base currency,
   * with the grand totals and the number of customers (window aggregates over the grouped rows).
   */
  async overdueReport(
    db: DbOrTx,
    f: TOverdueReportQuery,
    asOf: string,
    page: { limit: number; offset: number },
    /** Only these customers (the page the aggregates ranked; docs/finance.md "Speed"). */
    partyIds?: readonly number[],
  ) {
    const where = and(
      OPEN_SQL,
      eq(invoices.inv_type, 'AR'),
      ...invoiceFilterSql(f, asOf),
      partyIds ? sql`${invoices.party_id} = any(${sql.param([...partyIds])}::int[])` : undefined,
    );
    const sortCol = sql.raw(REPORT_ORDER[f.sort ?? ''] ?? 'total');
    const dir = sql.raw(f.order === 'desc' || !f.sort ? 'desc' : 'asc');
    const search = f.q?.trim().toLowerCase();
    const { rows } = await db.execute<OverdueReportDbRow>(sql`
      with o as (
        select ${invoices.party_id} as party_id, ${BASE_OUTSTANDING} as base, ${DOC_DATE} as doc_date,
               (${day(asOf)} - ${DUE_JOINED})::int as dpd
          from ${invoices} join parties fp on fp.party_id = ${invoices.party_id}
         where ${where}),
      g as (
        select p.party_id, p.party_code as account_code, p.full_name as account_name, p.payment_terms_ar as payment_terms,
               p.credit_limit::text as credit_limit, p.credit_deadline_days, p.credit_reminder_days,
               count(*)::int as invoices,
               coalesce(sum(base) filter (where dpd <= 0), 0) as current,
               coalesce(sum(base) filter (where dpd between 1 and 30), 0) as d1_30,
               coalesce(sum(base) filter (where dpd between 31 and 60), 0) as d31_60,
               coalesce(sum(base) filter (where dpd between 61 and 90), 0) as d61_90,
               coalesce(sum(base) filter (where dpd > 90), 0) as d90_plus,
               sum(base) as total,
               case when p.credit_limit > 0 and sum(base) > p.credit_limit then sum(base) - p.credit_limit else 0 end as over_limit,
               (${day(asOf)} - min(doc_date))::int as oldest_days,
               count(*) filter (where dpd <= 0 and p.credit_reminder_days is not null
                                  and dpd >= -p.credit_reminder_days)::int as reminders_due
          from o join parties p on p.party_id = o.party_id
         ${search ? sql`where lower(p.party_code || ' ' || p.full_name) like ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}
         group by p.party_id)
      select g.party_id, g.account_code, g.account_name, g.payment_terms, g.credit_limit, g.credit_deadline_days,
             g.credit_reminder_days, g.invoices, g.current::text, g.d1_30::text, g.d31_60::text, g.d61_90::text,
             g.d90_plus::text, g.total::text, g.over_limit::text, g.oldest_days, g.reminders_due,
             count(*) over ()::int as n_all,
             (sum(g.current) over ())::text as t_current, (sum(g.d1_30) over ())::text as t_d1_30,
             (sum(g.d31_60) over ())::text as t_d31_60, (sum(g.d61_90) over ())::text as t_d61_90,
             (sum(g.d90_plus) over ())::text as t_d90_plus, (sum(g.total) over ())::text as t_total
        from g
       ${f.breach ? sql`where g.over_limit > 0` : sql``}
       -- g's numeric columns, not the ::text copies of the select list ("99" sorts after "586" as text)
       order by g.${sortCol} ${dir}, g.account_code
       limit ${page.limit} offset ${page.offset}`);
    return rows;
  },

  /** A customer's open AR invoices (the statement of account), oldest first. */
  async statementInvoices(db: DbOrTx, partyId: number, asOf: string) {
    const { rows } = await db.execute<StatementInvoiceRow>(sql`
      select ${invoices.invoice_no} as invoice_no, ${invoices.invoice_date}::text as invoice_date,
             ${DUE_JOINED}::text as due_date, (${day(asOf)} - ${DUE_JOINED})::int as days_past_due,
             ${invoices.currency} as currency, ${invoices.total_amount}::text as total_amount,
             ${invoices.outstanding_amount}::text as outstanding_amount, ${BASE_OUTSTANDING}::text as base_outstanding,
             coalesce((select array_agg(distinct j.job_no order by j.job_no) from invoice_jobs j
                        where j.inv_id = ${invoices.inv_id}), '{}') as job_nos
        from ${invoices} join parties fp on fp.party_id = ${invoices.party_id}
       where ${OPEN_SQL} and ${invoices.inv_type} = 'AR' and ${invoices.party_id} = ${partyId}
       order by ${DOC_DATE}, ${invoices.invoice_no}
       limit 2000`);
    return rows;
  },

  async partyByCode(db: DbOrTx, code: string) {
    const [row] = await db
      .select({
        party_id: parties.party_id,
        party_code: parties.party_code,
        full_name: parties.full_name,
        address1: parties.address1,
        address2: parties.address2,
        city: parties.city,
        country_code: parties.country_code,
        invoice_email: parties.invoice_email,
        payment_terms_ar: parties.payment_terms_ar,
        credit_limit: parties.credit_limit,
        credit_deadline_days: parties.credit_deadline_days,
      })
      .from(parties)
      .where(eq(parties.party_code, code));
    return row;
  },
};
