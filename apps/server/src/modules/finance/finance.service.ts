import {
  AP_STAGES,
  AR_STAGES,
  FINANCE_CARDS,
  FINANCE_INVOICE_LISTS,
  FINANCE_MSG,
  type InvoiceStageDef,
  isExternalProfile,
  MAX_EXPORT_ROWS,
  money,
  type TFinanceDashboard,
  type TFinanceFilter,
  type TFinanceListQuery,
  type TListQuery,
  type TOverdueReportQuery,
  type TOverdueReportResponse,
  type ZStatementEmailRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import { type Actor, actorName } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { AppError, forbidden, notFound } from '../../platform/errors/app-error';
import { assertExportSize } from '../../platform/export/excel';
import { assertOffsetAllowed, COUNT_CACHE_MS } from '../../platform/list/list-query';
import { coveringLetter, queuePdfMails } from '../../platform/mail/pdf-mail';
import {
  type LateSource,
  listSql,
  type OverdueReportDbRow,
  financeRepository as repo,
} from './finance.repository';
import { AGG_SHAPE, rebuildFinance } from './finance-aggregates';
import { financeAggregatesRepository as agg } from './finance-aggregates.repository';
import { renderStatementPdf, type StatementLanguage, type StatementPdfData } from './statement.pdf';

type InvoiceConfig = AppConfig['invoice'];
const COMPANY_DEFAULT = { companyName: 'Portal Freight Logistics Limited', address: [], bank: [] };

/** Today in UTC (the server's business day); tests and the report pass `as_of` instead. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * Finance is internal only (docs/finance.md): an external profile is refused whatever its role holds; the
 * route's function id (m_fin, m_fin_search, m_fin_customer_overdue_report) is checked by the access hook.
 */
function assertInternal(actor: Actor) {
  if (isExternalProfile(actor.profile_type)) throw forbidden();
}

/** The AR and AP stage definitions of an invoice stage name (either side may lack it). */
function stagesOf(name: string): { AR?: InvoiceStageDef; AP?: InvoiceStageDef } | null {
  const AR = AR_STAGES.find((s) => s.name === name);
  const AP = AP_STAGES.find((s) => s.name === name);
  return AR || AP ? { AR, AP } : null;
}

/** The condition of /FIN/Search/{list}: a finance list or an invoice stage; 404 for anything else. */
function listCondition(list: string, asOf: string) {
  const stage = (FINANCE_INVOICE_LISTS as readonly string[]).includes(list) ? null : stagesOf(list);
  if (!stage && !(FINANCE_INVOICE_LISTS as readonly string[]).includes(list))
    throw new AppError(404, FINANCE_MSG.listUnknown);
  return listSql(list, asOf, stage);
}

/**
 * Dashboards opened at once with the same filter share one computation for COUNT_CACHE_MS (as the invoice
 * cards do): ten users opening the finance dashboard cost one set of queries, not ten.
 */
const dashCache = new Map<string, { at: number; value: Promise<TFinanceDashboard> }>();

const latePageCursor = (row: { etd: string; job_no: string; inv_type: string }, sort: string | undefined) =>
  Buffer.from(
    JSON.stringify(
      sort === 'job_no' ? [row.job_no, row.inv_type, row.etd] : [row.etd, row.job_no, row.inv_type],
    ),
  ).toString('base64url');
function readLateCursor(raw: string): [string, string, string] {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'string'))
      return v as [string, string, string];
  } catch {
    // falls through to the 400 below
  }
  throw new AppError(400, 'msgListCursorInvalid', {
    details: [{ field: 'cursor', msgKey: 'msgListCursorInvalid' }],
  });
}

const round = (v: string, currency: string) => money.round(v, currency);

/** The open items, posted this period and unposted computed from the invoices (the reference computation). */
async function figuresDirect(db: Db, f: TFinanceFilter, asOf: string) {
  const [open, posted, unposted] = await Promise.all([
    repo.openFigures(db, f, asOf),
    repo.postedThisPeriod(db, f, asOf),
    repo.unposted(db, f, asOf, stagesOf('PendingPosting') ?? {}),
  ]);
  return { open, posted, unposted };
}

/** Built once per process when the aggregates were never built (a database from before them). */
let aggregatesReady: Promise<void> | null = null;
function ensureAggregates(db: Db) {
  aggregatesReady ??= agg.refreshState(db).then(async (state) => {
    if (!state || state.shape !== AGG_SHAPE) await rebuildFinance(db);
  });
  aggregatesReady.catch(() => {
    aggregatesReady = null;
  });
  return aggregatesReady;
}

/**
 * Credit-limit breaches without a customer or a date preset do not depend on the as-of day (each customer's open
 * receivables at the office/currency level against its limit, every customer's row read): dashboards within
 * COUNT_CACHE_MS share one count per level, as they share a whole dashboard of the same filter, so a dashboard
 * at a day nobody asked for yet costs the due-day cube read and the late count, not a pass over every customer.
 */
const breachCache = new Map<string, { at: number; value: Promise<number> }>();
function sharedBreaches(db: Db, f: TFinanceFilter, asOf: string) {
  if (f.customer || f.preset || COUNT_CACHE_MS <= 0) return agg.breaches(db, f, asOf);
  const key = `${f.office ?? ''}|${f.currency ?? ''}`;
  const hit = breachCache.get(key);
  if (hit && Date.now() - hit.at < COUNT_CACHE_MS) return hit.value;
  const value = agg.breaches(db, f, asOf);
  breachCache.set(key, { at: Date.now(), value });
  value.catch(() => breachCache.delete(key));
  return value;
}

/**
 * The same figures from the aggregates (docs/finance.md "Aggregates"); `shared`: the breaches may be another
 * dashboard's of the last COUNT_CACHE_MS (sharedBreaches).
 */
async function figuresFromAggregates(db: Db, f: TFinanceFilter, asOf: string, shared = false) {
  await ensureAggregates(db);
  const [a, breaches] = await Promise.all([
    agg.figures(db, f, asOf),
    shared ? sharedBreaches(db, f, asOf) : agg.breaches(db, f, asOf),
  ]);
  return {
    open: { ...a, breaches },
    posted: { n: a.posted_n, amt: a.posted_amt },
    unposted: { n: a.unposted_n, amt: a.unposted_amt },
  };
}

/**
 * Overdue receivables (base currency) as of a day for an office and/or customer, from the dashboard's aggregates:
 * analytics' MIS summary shows it beside the GP figures (the direct computation groups every open invoice).
 */
export async function overdueReceivables(
  db: Db,
  f: Pick<TFinanceFilter, 'office' | 'customer'>,
  asOf: string,
): Promise<string> {
  await ensureAggregates(db);
  return (await agg.figures(db, f, asOf)).overdue_amt;
}

type OverdueTotals = Pick<
  OverdueReportDbRow,
  't_current' | 't_d1_30' | 't_d31_60' | 't_d61_90' | 't_d90_plus' | 't_total'
>;

/**
 * The overdue report without grouping every open receivable (docs/finance.md "Speed"): the page's customers in
 * report order from fin_party_open (the default order by an index), the count and the bucket totals from the
 * aggregates, and only those customers' rows computed from their open invoices (the same SQL as the direct
 * report, restricted to them). A name search, a customer or "over the limit only" narrows the customers first,
 * and the totals are then those customers' items.
 */
async function overdueFromAggregates(
  db: Db,
  q: TOverdueReportQuery,
  asOf: string,
  limit: number,
  offset: number,
) {
  await ensureAggregates(db);
  let ids: number[];
  let total: number;
  let t: OverdueTotals;
  if (q.q?.trim() || q.breach || q.customer) {
    const every = await agg.overdueRanking(db, q, { limit: null, offset: 0 });
    ids = every.slice(offset, offset + limit);
    total = every.length;
    t = await agg.overdueTotals(db, q, asOf, every);
  } else
    [ids, total, t] = await Promise.all([
      agg.overdueRanking(db, q, { limit, offset }),
      agg.overdueCustomers(db, q),
      agg.overdueTotals(db, q, asOf, null),
    ]);
  const rows = ids.length ? await repo.overdueReport(db, q, asOf, { limit: ids.length, offset: 0 }, ids) : [];
  const byId = new Map(rows.map((r) => [r.party_id, r]));
  const rowsRaw = ids
    .map((id) => byId.get(id))
    .filter((r): r is OverdueReportDbRow => !!r)
    .map((r) => ({ ...r, ...t, n_all: total }));
  return { rowsRaw, total, t };
}

export const financeService = {
  async dashboard(
    db: Db,
    config: InvoiceConfig,
    actor: Actor,
    f: TFinanceFilter,
  ): Promise<TFinanceDashboard> {
    assertInternal(actor);
    const asOf = f.as_of ?? todayIso();
    const key = JSON.stringify({ ...f, as_of: asOf });
    const hit = dashCache.get(key);
    if (COUNT_CACHE_MS > 0 && hit && Date.now() - hit.at < COUNT_CACHE_MS) return hit.value;
    const value = financeService.dashboardNow(db, config, f, asOf, false, true);
    if (COUNT_CACHE_MS > 0) {
      dashCache.set(key, { at: Date.now(), value });
      if (dashCache.size > 500)
        for (const [k, e] of dashCache) if (Date.now() - e.at >= COUNT_CACHE_MS) dashCache.delete(k);
      value.catch(() => dashCache.delete(key));
    }
    return value;
  },

  /**
   * The dashboard's figures. By default from the aggregates (finance-aggregates.ts: one level of the cube read
   * by primary key, late invoicing from fin_late's ETD window); `direct` computes them from the invoices and
   * orders as before (the API test compares the two; the bench measures both). `shared` (the route): the
   * credit-limit breaches may be those another dashboard counted in the last COUNT_CACHE_MS.
   */
  async dashboardNow(
    db: Db,
    config: InvoiceConfig,
    f: TFinanceFilter,
    asOf: string,
    direct = false,
    shared = false,
  ): Promise<TFinanceDashboard> {
    const base = config.baseCurrency;
    const [{ open, posted, unposted }, late] = await Promise.all([
      direct ? figuresDirect(db, f, asOf) : figuresFromAggregates(db, f, asOf, shared),
      direct ? repo.lateCount(db, f, asOf) : ensureAggregates(db).then(() => agg.lateCount(db, f, asOf)),
    ]);
    const amt = (v: string) => round(v, base);
    const figures: Record<
      (typeof FINANCE_CARDS)[number],
      { count: number; capped?: boolean; amount: string | null }
    > = {
      receivable: { count: open.ar_n, amount: amt(open.ar_amt) },
      payable: { count: open.ap_n, amount: amt(open.ap_amt) },
      overdue: { count: open.overdue_n, amount: amt(open.overdue_amt) },
      lateInvoicing: { count: late.count, capped: late.capped, amount: null },
      dueThisWeek: { count: open.week_n, amount: amt(open.week_amt) },
      postedThisPeriod: { count: posted.n, amount: amt(posted.amt) },
      unposted: { count: unposted.n, amount: amt(unposted.amt) },
      creditBreaches: { count: open.breaches, amount: null },
    };
    return {
      as_of: asOf,
      base_currency: base,
      period: asOf.slice(0, 7),
      cards: FINANCE_CARDS.map((card) => ({
        card,
        count: figures[card].count,
        count_capped: figures[card].capped ?? false,
        amount: figures[card].amount,
      })),
      ageing: [
        { bucket: 'current', count: open.b_current_n, amount: amt(open.b_current) },
        { bucket: 'd1_30', count: open.b1_n, amount: amt(open.b1) },
        { bucket: 'd31_60', count: open.b2_n, amount: amt(open.b2) },
        { bucket: 'd61_90', count: open.b3_n, amount: amt(open.b3) },
        { bucket: 'd90_plus', count: open.b4_n, amount: amt(open.b4) },
      ],
    };
  },

  /**
   * /FIN/Search/{list}: a page of invoices. OverdueInvoicing without a search or custom filter takes its total
   * from the aggregates (the overdue card's figure, by due day) instead of counting every overdue item with
   * its party's terms; its rows, in invoice-date order, walk invoices_fin_open_date_idx. `counted` counts
   * the rows instead (the aggregate test compares the two).
   */
  async invoiceList(db: Db, actor: Actor, list: string, q: TFinanceListQuery, counted = false) {
    assertInternal(actor);
    const asOf = q.as_of ?? todayIso();
    const condition = listCondition(list, asOf);
    const fromAgg = list === 'OverdueInvoicing' && !counted && !q.q?.trim() && !q.filters?.length;
    const countOf = fromAgg
      ? () =>
          ensureAggregates(db).then(() =>
            agg.overdueCount(db, q, asOf, q.inv_type ? [q.inv_type] : ['AR', 'AP']),
          )
      : undefined;
    const p = await repo.page(db, q, asOf, condition, countOf);
    return { ...p, asOf };
  },

  async invoiceExport(db: Db, actor: Actor, list: string, q: TFinanceListQuery) {
    assertInternal(actor);
    const asOf = q.as_of ?? todayIso();
    const rows = await repo.all(db, q, asOf, listCondition(list, asOf), MAX_EXPORT_ROWS + 1);
    assertExportSize(rows.length);
    return rows;
  },

  /**
   * /FIN/Search/LateInvoicing: jobs past the creation threshold without their invoice, from fin_late (the
   * `orders` source computes them from the orders: the aggregate test compares the two).
   */
  async lateList(
    db: Db,
    actor: Actor,
    q: TListQuery & TFinanceFilter & { inv_type?: 'AR' | 'AP' },
    source: LateSource = 'aggregate',
  ) {
    assertInternal(actor);
    if (source === 'aggregate') await ensureAggregates(db);
    const asOf = q.as_of ?? todayIso();
    const after = q.cursor && q.direction !== 'prev' ? readLateCursor(q.cursor) : undefined;
    if (!after) assertOffsetAllowed(q.page, q.pageSize);
    const offset = after ? 0 : (q.page - 1) * q.pageSize;
    const [fetched, count] = await Promise.all([
      repo.latePage(
        db,
        q,
        asOf,
        { sort: q.sort, order: q.order, limit: q.pageSize + 1, offset, after },
        source,
      ),
      source === 'aggregate' ? agg.lateCount(db, q, asOf) : repo.lateCount(db, q, asOf),
    ]);
    const rows = fetched.slice(0, q.pageSize);
    const more = fetched.length > q.pageSize;
    return {
      rows,
      total: count.count,
      totalCapped: count.capped,
      page: q.page,
      pageSize: q.pageSize,
      nextCursor: more && rows.length ? latePageCursor(rows[rows.length - 1], q.sort) : null,
      prevCursor: null,
    };
  },

  async lateExport(
    db: Db,
    actor: Actor,
    q: TFinanceFilter & { inv_type?: 'AR' | 'AP'; sort?: string; order: 'asc' | 'desc' },
  ) {
    assertInternal(actor);
    await ensureAggregates(db);
    const rows = await repo.latePage(db, q, q.as_of ?? todayIso(), {
      sort: q.sort,
      order: q.order,
      limit: MAX_EXPORT_ROWS + 1,
      offset: 0,
    });
    assertExportSize(rows.length);
    return rows;
  },

  /**
   * The customer overdue report (page by number; the whole report for the export). By default the customers
   * are ranked and counted from the aggregates and only the page's customers are computed from their open
   * invoices (overdueFromAggregates); `direct` (and the over-90 order, which moves with the as-of day) groups
   * every open receivable as before.
   */
  async overdueReport(
    db: Db,
    config: InvoiceConfig,
    actor: Actor,
    q: TOverdueReportQuery,
    all = false,
    direct = false,
  ): Promise<TOverdueReportResponse & { rowsRaw: OverdueReportDbRow[] }> {
    assertInternal(actor);
    const asOf = q.as_of ?? todayIso();
    if (!all) assertOffsetAllowed(q.page, q.pageSize);
    const limit = all ? MAX_EXPORT_ROWS + 1 : q.pageSize;
    const offset = all ? 0 : (q.page - 1) * q.pageSize;
    let rowsRaw: OverdueReportDbRow[];
    let total: number;
    let t: OverdueTotals | undefined;
    if (direct || q.sort === 'd90_plus') {
      rowsRaw = await repo.overdueReport(db, q, asOf, { limit, offset });
      const first = rowsRaw[0];
      total = first?.n_all ?? 0;
      t = first;
      if (!first && q.page > 1) {
        // Past the last page: the totals still describe the whole report.
        const [head] = await repo.overdueReport(db, q, asOf, { limit: 1, offset: 0 });
        total = head?.n_all ?? 0;
        t = head;
      }
    } else ({ rowsRaw, total, t } = await overdueFromAggregates(db, q, asOf, limit, offset));
    if (all) assertExportSize(rowsRaw.length);
    const base = config.baseCurrency;
    const b = (v: string | null | undefined) => round(v ?? '0', base);
    return {
      as_of: asOf,
      base_currency: base,
      rows: rowsRaw.map((r) => ({
        party_id: r.party_id,
        account_code: r.account_code,
        account_name: r.account_name,
        payment_terms: r.payment_terms,
        credit_limit: money.round(r.credit_limit, { scale: 2 }),
        credit_deadline_days: r.credit_deadline_days,
        credit_reminder_days: r.credit_reminder_days,
        invoices: r.invoices,
        current: b(r.current),
        d1_30: b(r.d1_30),
        d31_60: b(r.d31_60),
        d61_90: b(r.d61_90),
        d90_plus: b(r.d90_plus),
        total: b(r.total),
        over_limit: b(r.over_limit),
        oldest_days: r.oldest_days,
        past_deadline:
          r.credit_deadline_days !== null && r.oldest_days !== null && r.oldest_days > r.credit_deadline_days,
        reminders_due: r.reminders_due,
      })),
      rowsRaw,
      total,
      totalCapped: false,
      page: q.page,
      pageSize: q.pageSize,
      nextCursor: null,
      prevCursor: null,
      totals: {
        current: b(t?.t_current),
        d1_30: b(t?.t_d1_30),
        d31_60: b(t?.t_d31_60),
        d61_90: b(t?.t_d61_90),
        d90_plus: b(t?.t_d90_plus),
        total: b(t?.t_total),
      },
    };
  },

  /** What a customer's statement of account shows (404 for an unknown customer). */
  async statementData(
    db: Db,
    config: InvoiceConfig,
    actor: Actor,
    code: string,
    asOf: string,
  ): Promise<StatementPdfData> {
    assertInternal(actor);
    const party = await repo.partyByCode(db, code);
    if (!party) throw notFound(FINANCE_MSG.customerNotFound);
    const lines = await repo.statementInvoices(db, party.party_id, asOf);
    const base = config.baseCurrency;
    const bucketOf = (d: number) =>
      d <= 0 ? 'current' : d <= 30 ? 'd1_30' : d <= 60 ? 'd31_60' : d <= 90 ? 'd61_90' : 'd90_plus';
    const sums = { current: '0', d1_30: '0', d31_60: '0', d61_90: '0', d90_plus: '0', total: '0' };
    const byCurrency = new Map<string, string>();
    for (const l of lines) {
      const k = bucketOf(l.days_past_due);
      sums[k] = money.add(sums[k], l.base_outstanding);
      sums.total = money.add(sums.total, l.base_outstanding);
      byCurrency.set(l.currency, money.add(byCurrency.get(l.currency) ?? '0', l.outstanding_amount));
    }
    const company = config.print ?? COMPANY_DEFAULT;
    return {
      company: { name: company.companyName, address: company.address, bank: company.bank },
      customer: {
        code: party.party_code,
        name: party.full_name,
        address: [party.address1, party.address2, party.city, party.country_code].filter(
          (l): l is string => !!l?.trim(),
        ),
        terms: party.payment_terms_ar,
        credit_limit: money.round(party.credit_limit, { scale: 2 }),
      },
      as_of: asOf,
      base_currency: base,
      lines: lines.map((l) => ({
        ...l,
        total_amount: round(l.total_amount, l.currency),
        outstanding_amount: round(l.outstanding_amount, l.currency),
      })),
      buckets: Object.fromEntries(
        Object.entries(sums).map(([k, v]) => [k, round(v, base)]),
      ) as StatementPdfData['buckets'],
      by_currency: [...byCurrency].map(([currency, v]) => ({ currency, outstanding: round(v, currency) })),
    };
  },

  async statementPdf(
    db: Db,
    config: InvoiceConfig,
    actor: Actor,
    code: string,
    asOf: string | undefined,
    lang: StatementLanguage,
  ) {
    const data = await financeService.statementData(db, config, actor, code, asOf ?? todayIso());
    return {
      fileName: `statement-${data.customer.code}-${data.as_of}.pdf`,
      pdf: await renderStatementPdf(data, lang),
    };
  },

  /**
   * E-mails the statement PDF through the mail outbox (one queued message per recipient, all in one
   * transaction, as the invoice e-mail does). Refused when nothing is outstanding.
   */
  async statementEmail(
    db: Db,
    config: InvoiceConfig,
    actor: Actor,
    code: string,
    req: z.output<typeof ZStatementEmailRequest>,
  ) {
    const data = await financeService.statementData(db, config, actor, code, req.as_of ?? todayIso());
    if (data.lines.length === 0) throw new AppError(422, FINANCE_MSG.statementEmpty);
    const pdf = await renderStatementPdf(data, req.lang);
    const subject =
      req.subject ||
      `Statement of account ${data.customer.code} as of ${data.as_of} from ${data.company.name}`;
    const text = coveringLetter({
      greeting: req.message || `Dear ${data.customer.name},`,
      paragraph: `Please find attached your statement of account as of ${data.as_of}: ${data.lines.length} open invoice(s), ${data.base_currency} ${data.buckets.total} outstanding, of which ${data.base_currency} ${money.round(money.sum([data.buckets.d1_30, data.buckets.d31_60, data.buckets.d61_90, data.buckets.d90_plus]), data.base_currency)} past due.`,
      sender: actorName(actor),
      company: data.company.name,
    });
    const to = [...new Set(req.to)];
    return db.transaction(async (tx) => {
      const ids = await queuePdfMails(tx, to, {
        subject,
        text,
        tag: 'statement',
        fileName: `statement-${data.customer.code}-${data.as_of}.pdf`,
        pdf,
      });
      return { msgKey: FINANCE_MSG.statementQueued, params: { count: to.length }, outbox_ids: ids };
    });
  },
};
