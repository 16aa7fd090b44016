// Over 600 lines: the GP analytics pages (profitability, sales, invoice GP, vendors, MIS, manor) and the
// PAGES registry that gives each its figures and documents; they share the helpers at the top.
import {
  money,
  type TAnalyticsChart,
  type TAnalyticsDocuments,
  type TAnalyticsDocumentsQuery,
  type TAnalyticsDrill,
  type TAnalyticsFilters,
  type TAnalyticsPageName,
  type TAnalyticsResult,
  type TAnalyticsTable,
} from '@portal/contracts';
import type { AnalyticsCtx, AnalyticsPageDef } from '../analytics';
import { overdueReceivables } from '../finance';
import { type GpAnWhere, type GpSums, analyticsGpRepository as repo } from './analytics-gp.repository';
import {
  addMonths,
  assertInternal,
  type Base,
  changePct,
  col,
  DOC_CAP,
  EXPORT_ROWS,
  figures,
  kpi,
  monthsOf,
  NS,
  series,
  stacked,
  sumOf,
  TABLE_ROWS,
  whereOf,
  withDrill as withDrillOf,
} from './analytics-gp.shared';

/**
 * The GP-based analytics pages (issue 17; docs/analytics.md "GP pages"). Figures are the GP module's
 * (docs/gp-reports.md): revenue from AR, cost from AP invoices, net of tax, in the base currency, every
 * invoice not deleted ("all invoices" basis), GP = revenue − cost, margin = GP ÷ revenue.
 */

const BASIS_JOB = `${NS}:basis.jobMonth`;
const BASIS_INV = `${NS}:basis.invoiceDate`;
const NOTE_FIGURES = `${NS}:note.figures`;
const NOTE_JOB_MONTH = `${NS}:note.jobMonth`;

type Row = TAnalyticsTable['rows'][number];

const result = (
  page: TAnalyticsPageName,
  periodBasisKey: string,
  parts: Pick<TAnalyticsResult, 'kpis' | 'charts' | 'table' | 'noteKeys'>,
): TAnalyticsResult => ({ page, generatedAt: new Date().toISOString(), periodBasisKey, ...parts });

const table = (
  columns: TAnalyticsTable['columns'],
  rows: Row[],
  totals: Record<string, string | null> | null,
  limit: number,
): TAnalyticsTable => ({ columns, rows: rows.slice(0, limit), totals, truncated: rows.length > limit });

/** The GP measure columns every job-grain table ends with. */
const GP_COLS = [
  col('shipments', 'count'),
  col('teu', 'teu'),
  col('revenue', 'money'),
  col('cost', 'money'),
  col('gp', 'money'),
  col('margin', 'pct'),
  col('gpPerTeu', 'money'),
  col('gpPerShipment', 'money'),
];

/** The GP KPI cards of a total (shipments and GP drill to the whole filtered set). */
function gpKpis(t: ReturnType<typeof figures>) {
  return [
    kpi('revenue', t.revenue, 'money', {}),
    kpi('cost', t.cost, 'money', {}),
    kpi('gp', t.gp, 'money', {}),
    kpi('margin', t.margin, 'pct'),
    kpi('shipments', t.shipments, 'count', {}),
    kpi('teu', t.teu, 'teu', {}),
    kpi('gpPerTeu', t.gpPerTeu, 'money'),
    kpi('gpPerShipment', t.gpPerShipment, 'money'),
  ];
}

/** A bar chart of the top groups by GP (revenue and GP side by side). */
function topChart(
  key: string,
  rows: { x: string; label?: string; f: ReturnType<typeof figures>; drill: TAnalyticsDrill }[],
): TAnalyticsChart {
  return {
    key,
    titleKey: `${NS}:chart.${key}`,
    type: 'bar',
    series: [series('revenue', 'money'), series('gp', 'money')],
    points: rows.slice(0, 10).map((r) => ({
      x: r.x,
      ...(r.label ? { label: r.label } : {}),
      values: { revenue: r.f.revenue, gp: r.f.gp },
      drill: r.drill,
    })),
  };
}

/** Revenue, cost and GP by job month over the period (every month shown, zero when empty). */
async function monthlyChart(ctx: AnalyticsCtx, w: GpAnWhere, base: Base): Promise<TAnalyticsChart> {
  const rows = await repo.jobSummary(ctx.db, ['job_month'], w);
  const by = new Map(rows.map((r) => [String(r.job_month), r]));
  const months = monthsOf(w.months?.[0] ?? '', w.months?.[1] ?? '');
  return {
    key: 'gpByMonth',
    titleKey: `${NS}:chart.gpByMonth`,
    type: 'bar',
    series: [series('revenue', 'money'), series('cost', 'money'), series('gp', 'money')],
    points: months.map((m) => {
      const f = figures(by.get(m) ?? { jobs: 0, teu: '0', revenue: '0', cost: '0' }, base);
      return { x: m, values: { revenue: f.revenue, cost: f.cost, gp: f.gp }, drill: { month: m } };
    }),
  };
}

const laneOf = (r: Record<string, unknown>) => `${r.pol}-${r.pod}`;
const salesmanOf = (r: Record<string, unknown>) => (r.salesman ? String(r.salesman) : '-');

/** Jobs behind a figure (gp_job_facts): value = the job's GP. */
async function jobDocuments(
  ctx: AnalyticsCtx,
  q: TAnalyticsDocumentsQuery,
  drill: TAnalyticsDrill,
  allowed: readonly string[],
): Promise<TAnalyticsDocuments> {
  assertInternal(ctx);
  const w = await withDrillOf(ctx, await whereOf(ctx, q, 'jobMonth'), drill, allowed);
  const { rows, total } = await repo.jobDocuments(ctx.db, w, q.page, q.pageSize, DOC_CAP);
  return {
    rows: rows.map((r) => ({
      kind: 'job' as const,
      key: r.job_no,
      number: r.job_no,
      status: null,
      date: r.job_month,
      party: r.customer,
      office: r.office,
      value: money.round(r.gp, { scale: 2 }),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
    valueKind: 'money',
    valueLabelKey: `${NS}:col.gp`,
  };
}

/** Invoices behind a figure (gp_invoice_facts): value = the invoice's amount on the jobs in scope. */
async function invoiceDocuments(
  ctx: AnalyticsCtx,
  q: TAnalyticsDocumentsQuery,
  drill: TAnalyticsDrill,
  allowed: readonly string[],
  apOnly: boolean,
): Promise<TAnalyticsDocuments> {
  assertInternal(ctx);
  const w0 = await whereOf(ctx, q, 'invoiceDate');
  if (apOnly) w0.eq.inv_type = 'AP';
  const w = await withDrillOf(ctx, w0, drill, allowed);
  const { rows, total } = await repo.invoiceDocuments(ctx.db, w, q.page, q.pageSize, DOC_CAP);
  return {
    rows: rows.map((r) => ({
      kind: 'invoice' as const,
      key: String(r.inv_id),
      number: r.invoice_no,
      status: r.status,
      date: r.inv_date,
      party: r.party,
      office: r.office,
      value: money.round(r.amount, { scale: 2 }),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
    valueKind: 'money',
    valueLabelKey: apOnly ? `${NS}:col.cost` : `${NS}:col.amount`,
  };
}

// ---------------------------------------------------------------------------------------------------------
// ProfitabilityReportPBI (by customer) and ProfitabilityReportPBI2 (the same page by lane)
// ---------------------------------------------------------------------------------------------------------

async function profitability(
  ctx: AnalyticsCtx,
  f: TAnalyticsFilters,
  base: Base,
  page: 'ProfitabilityReportPBI' | 'ProfitabilityReportPBI2',
  limit: number,
): Promise<TAnalyticsResult> {
  assertInternal(ctx);
  const w = await whereOf(ctx, f, 'jobMonth');
  const byCustomer = page === 'ProfitabilityReportPBI';
  // Independent reads side by side (each on its own pool connection): the first load waits for the slowest.
  const [[totals], customers, lanes, monthly] = await Promise.all([
    repo.jobSummary(ctx.db, [], w),
    repo.jobSummary(ctx.db, ['customer_id'], w, 'gp', byCustomer ? limit + 1 : 10),
    repo.jobSummary(ctx.db, ['pol', 'pod'], w, 'gp', byCustomer ? 10 : limit + 1),
    monthlyChart(ctx, w, base),
  ]);
  const t = figures(totals ?? { jobs: 0, teu: '0', revenue: '0', cost: '0' }, base);
  const custRows = customers.map((r) => ({
    x: String(r.customer_code ?? r.customer_id),
    label: String(r.customer_name ?? ''),
    f: figures(r, base),
    drill: { customer: String(r.customer_code ?? '') },
  }));
  const laneRows = lanes.map((r) => ({ x: laneOf(r), f: figures(r, base), drill: { lane: laneOf(r) } }));
  const rows: Row[] = byCustomer
    ? custRows.map((r) => ({ cells: { customer: r.x, customerName: r.label, ...r.f }, drill: r.drill }))
    : laneRows.map((r) => ({ cells: { lane: r.x, ...r.f }, drill: r.drill }));
  const keyCols = byCustomer ? [col('customer', 'text'), col('customerName', 'text')] : [col('lane', 'text')];
  const charts = [topChart('gpByCustomer', custRows), topChart('gpByLane', laneRows), monthly];
  return result(page, BASIS_JOB, {
    kpis: gpKpis(t),
    charts: byCustomer ? charts : [charts[1], charts[0], charts[2]],
    table: table([...keyCols, ...GP_COLS], rows, { ...t }, limit),
    noteKeys: [NOTE_FIGURES, NOTE_JOB_MONTH],
  });
}

// ---------------------------------------------------------------------------------------------------------
// SalesProfitabilityReportPBI (by salesman) and PBI2 (by month × salesman)
// ---------------------------------------------------------------------------------------------------------

async function salesProfitability(
  ctx: AnalyticsCtx,
  f: TAnalyticsFilters,
  base: Base,
  page: 'SalesProfitabilityReportPBI' | 'SalesProfitabilityReportPBI2',
  limit: number,
): Promise<TAnalyticsResult> {
  assertInternal(ctx);
  const w = await whereOf(ctx, f, 'jobMonth');
  const [bySalesman, byMonth] = await Promise.all([
    repo.jobSummary(ctx.db, ['salesman'], w, 'gp'),
    repo.jobSummary(ctx.db, ['job_month', 'salesman'], w),
  ]);
  const t = figures(sumOf(bySalesman), base);
  const months = monthsOf(w.months?.[0] ?? '', w.months?.[1] ?? '');
  const salesRows = bySalesman.map((r) => ({
    x: salesmanOf(r),
    f: figures(r, base),
    drill: { salesman: salesmanOf(r) },
  }));
  const rows: Row[] =
    page === 'SalesProfitabilityReportPBI'
      ? salesRows.map((r) => ({ cells: { salesman: r.x, ...r.f }, drill: r.drill }))
      : byMonth.map((r) => ({
          cells: { month: String(r.job_month), salesman: salesmanOf(r), ...figures(r, base) },
          drill: { month: String(r.job_month), salesman: salesmanOf(r) },
        }));
  const keyCols =
    page === 'SalesProfitabilityReportPBI'
      ? [col('salesman', 'text')]
      : [col('month', 'text'), col('salesman', 'text')];
  const gpBySalesman: TAnalyticsChart = {
    key: 'gpBySalesman',
    titleKey: `${NS}:chart.gpBySalesman`,
    type: 'bar',
    series: [series('revenue', 'money'), series('gp', 'money'), series('margin', 'pct')],
    points: salesRows.slice(0, 20).map((r) => ({
      x: r.x,
      values: { revenue: r.f.revenue, gp: r.f.gp, margin: r.f.margin },
      drill: r.drill,
    })),
  };
  const gpMonthSalesman = stacked(
    'gpByMonthSalesman',
    byMonth.map((r) => ({
      x: String(r.job_month),
      s: salesmanOf(r),
      v: money.sub(String(r.revenue), String(r.cost)),
    })),
    months,
  );
  return result(page, BASIS_JOB, {
    kpis: [...gpKpis(t).slice(0, 6), kpi('salesmen', String(bySalesman.length), 'count')],
    charts:
      page === 'SalesProfitabilityReportPBI'
        ? [gpBySalesman, gpMonthSalesman]
        : [gpMonthSalesman, gpBySalesman],
    table: table([...keyCols, ...GP_COLS], rows, { ...t }, limit),
    noteKeys: [NOTE_FIGURES, NOTE_JOB_MONTH],
  });
}

// ---------------------------------------------------------------------------------------------------------
// InvoiceGPPBI: GP by invoice month × job month (period = invoice date)
// ---------------------------------------------------------------------------------------------------------

async function invoiceGp(ctx: AnalyticsCtx, f: TAnalyticsFilters, base: Base, limit: number) {
  assertInternal(ctx);
  const w = await whereOf(ctx, f, 'invoiceDate');
  const [rows, [tot]] = await Promise.all([
    repo.invoiceSummary(ctx.db, ['inv_month', 'job_month'], w),
    repo.invoiceSummary(ctx.db, [], w),
  ]);
  const invMonths = monthsOf(f.from.slice(0, 7), f.to.slice(0, 7));
  const t = figures(tot ?? { jobs: 0, teu: '0', revenue: '0', cost: '0' }, base);
  const fig = (r: Pick<GpSums, 'jobs' | 'teu' | 'revenue' | 'cost'>) => {
    const x = figures(r, base);
    return { revenue: x.revenue, cost: x.cost, gp: x.gp, margin: x.margin };
  };
  const byInv = new Map<string, GpSums[]>();
  const byJob = new Map<string, GpSums[]>();
  for (const r of rows) {
    byInv.set(String(r.inv_month), [...(byInv.get(String(r.inv_month)) ?? []), r]);
    byJob.set(String(r.job_month), [...(byJob.get(String(r.job_month)) ?? []), r]);
  }
  const jobMonths = [...byJob.keys()].sort();
  return result('InvoiceGPPBI', BASIS_INV, {
    kpis: [
      kpi('revenue', t.revenue, 'money', {}),
      kpi('cost', t.cost, 'money', {}),
      kpi('gp', t.gp, 'money', {}),
      kpi('margin', t.margin, 'pct'),
      kpi('invoices', String(tot?.invoices ?? 0), 'count', {}),
    ],
    charts: [
      {
        key: 'gpByInvoiceMonth',
        titleKey: `${NS}:chart.gpByInvoiceMonth`,
        type: 'bar',
        series: [series('revenue', 'money'), series('cost', 'money'), series('gp', 'money')],
        points: invMonths.map((m) => ({
          x: m,
          values: fig(sumOf(byInv.get(m) ?? [])),
          drill: { invMonth: m },
        })),
      },
      {
        key: 'gpByJobMonth',
        titleKey: `${NS}:chart.gpByJobMonth`,
        type: 'line',
        series: [series('gp', 'money'), series('revenue', 'money')],
        points: jobMonths.map((m) => ({
          x: m,
          values: fig(sumOf(byJob.get(m) ?? [])),
          drill: { jobMonth: m },
        })),
      },
    ],
    table: table(
      [
        col('invMonth', 'text'),
        col('jobMonth', 'text'),
        col('invoices', 'count'),
        col('revenue', 'money'),
        col('cost', 'money'),
        col('gp', 'money'),
        col('margin', 'pct'),
      ],
      rows.map((r) => ({
        cells: {
          invMonth: String(r.inv_month),
          jobMonth: String(r.job_month),
          invoices: String(r.invoices),
          ...fig(r),
        },
        drill: { invMonth: String(r.inv_month), jobMonth: String(r.job_month) },
      })),
      { invoices: String(tot?.invoices ?? 0), revenue: t.revenue, cost: t.cost, gp: t.gp, margin: t.margin },
      limit,
    ),
    noteKeys: [NOTE_FIGURES, `${NS}:note.invoiceDate`],
  });
}

// ---------------------------------------------------------------------------------------------------------
// VendorReportPBI: AP cost by vendor (the AP invoice's party), month and mode (period = invoice date)
// ---------------------------------------------------------------------------------------------------------

async function vendors(ctx: AnalyticsCtx, f: TAnalyticsFilters, base: Base, limit: number) {
  assertInternal(ctx);
  const w = await whereOf(ctx, f, 'invoiceDate');
  w.eq.inv_type = 'AP';
  // Every vendor (a few hundred at most: the count and the share need them all); the table shows `limit`.
  const [byVendor, [count], byMonthMode] = await Promise.all([
    repo.invoiceSummary(ctx.db, ['party_id'], w, 'cost'),
    repo.invoiceSummary(ctx.db, [], w),
    repo.invoiceSummary(ctx.db, ['inv_month', 'mode'], w),
  ]);
  const cost = money.round(count?.cost ?? '0', base);
  const share = (c: string) =>
    money.compare(cost, '0') !== 0 ? money.round(money.div(money.mul(c, 100), cost, 12), { scale: 1 }) : null;
  const vrows = byVendor.map((r) => ({
    code: String(r.party_code ?? r.party_id),
    name: String(r.party_name ?? ''),
    invoices: String(r.invoices),
    cost: money.round(String(r.cost), base),
  }));
  const months = monthsOf(f.from.slice(0, 7), f.to.slice(0, 7));
  return result('VendorReportPBI', BASIS_INV, {
    kpis: [
      kpi('apCost', cost, 'money', {}),
      kpi('vendors', String(byVendor.length), 'count'),
      kpi('apInvoices', String(count?.invoices ?? 0), 'count', {}),
      kpi(
        'topVendorShare',
        vrows[0] ? share(vrows[0].cost) : null,
        'pct',
        vrows[0] ? { vendor: vrows[0].code } : undefined,
      ),
    ],
    charts: [
      {
        key: 'topVendors',
        titleKey: `${NS}:chart.topVendors`,
        type: 'bar',
        series: [series('cost', 'money')],
        points: vrows.slice(0, 10).map((v) => ({
          x: v.code,
          label: v.name,
          values: { cost: v.cost },
          drill: { vendor: v.code },
        })),
      },
      stacked(
        'costByMonthMode',
        byMonthMode.map((r) => ({ x: String(r.inv_month), s: String(r.mode), v: String(r.cost) })),
        months,
        'invMonth',
      ),
    ],
    table: table(
      [
        col('vendor', 'text'),
        col('vendorName', 'text'),
        col('invoices', 'count'),
        col('cost', 'money'),
        col('share', 'pct'),
      ],
      vrows.map((v) => ({
        cells: {
          vendor: v.code,
          vendorName: v.name,
          invoices: v.invoices,
          cost: v.cost,
          share: share(v.cost),
        },
        drill: { vendor: v.code },
      })),
      {
        invoices: String(count?.invoices ?? 0),
        cost,
        share: money.compare(cost, '0') !== 0 ? '100.0' : null,
      },
      limit,
    ),
    noteKeys: [`${NS}:note.vendor`, `${NS}:note.invoiceDate`],
  });
}

// ---------------------------------------------------------------------------------------------------------
// MISTest (monthly management summary) and MISTestImport (the same by mode × service)
// ---------------------------------------------------------------------------------------------------------

/** The period, the one before it (as many months) and the same months a year earlier. */
function comparePeriods(w: GpAnWhere) {
  const [m1, m2] = w.months ?? ['', ''];
  const n = monthsOf(m1, m2).length;
  return {
    cur: [m1, m2] as const,
    prev: [addMonths(m1, -n), addMonths(m1, -1)] as const,
    ly: [addMonths(m1, -12), addMonths(m2, -12)] as const,
  };
}

async function mis(
  ctx: AnalyticsCtx,
  f: TAnalyticsFilters,
  base: Base,
  page: 'MISTest' | 'MISTestImport',
  limit: number,
): Promise<TAnalyticsResult> {
  assertInternal(ctx);
  const w = await whereOf(ctx, f, 'jobMonth');
  const p = comparePeriods(w);
  const start = p.prev[0] < p.ly[0] ? p.prev[0] : p.ly[0];
  // Receivables are a position, not a flow: overdue as of today, by the office and customer filters only.
  const [monthly, open] = await Promise.all([
    repo.jobSummary(ctx.db, ['job_month'], { ...w, months: [start, p.cur[1]] }),
    overdueReceivables(
      ctx.db,
      { office: f.office, customer: f.customer },
      new Date().toISOString().slice(0, 10),
    ),
  ]);
  const within = (r: Record<string, unknown>, [a, b]: readonly [string, string]) =>
    String(r.job_month) >= a && String(r.job_month) <= b;
  const cur = figures(sumOf(monthly.filter((r) => within(r, p.cur))), base);
  const prev = figures(sumOf(monthly.filter((r) => within(r, p.prev))), base);
  const ly = figures(sumOf(monthly.filter((r) => within(r, p.ly))), base);
  const byMonth = new Map(monthly.map((r) => [String(r.job_month), r]));
  const empty = { jobs: 0, teu: '0', revenue: '0', cost: '0' };
  const months = monthsOf(p.cur[0], p.cur[1]);
  const lyCols = [col('gpLastYear', 'money'), col('gpChangeLastYear', 'pct')];
  const measureCols = [
    col('shipments', 'count'),
    col('teu', 'teu'),
    col('revenue', 'money'),
    col('cost', 'money'),
    col('gp', 'money'),
    col('margin', 'pct'),
  ];
  const pick = (x: ReturnType<typeof figures>) => ({
    shipments: x.shipments,
    teu: x.teu,
    revenue: x.revenue,
    cost: x.cost,
    gp: x.gp,
    margin: x.margin,
  });
  let tbl: TAnalyticsTable;
  if (page === 'MISTest') {
    tbl = table(
      [col('month', 'text'), ...measureCols, ...lyCols],
      months.map((m) => {
        const x = figures(byMonth.get(m) ?? empty, base);
        const l = figures(byMonth.get(addMonths(m, -12)) ?? empty, base);
        return {
          cells: { month: m, ...pick(x), gpLastYear: l.gp, gpChangeLastYear: changePct(x.gp, l.gp) },
          drill: { month: m },
        };
      }),
      { ...pick(cur), gpLastYear: ly.gp, gpChangeLastYear: changePct(cur.gp, ly.gp) },
      limit,
    );
  } else {
    const [now, before] = await Promise.all([
      repo.jobSummary(ctx.db, ['mode', 'service'], w),
      repo.jobSummary(ctx.db, ['mode', 'service'], { ...w, months: p.ly }),
    ]);
    const key = (r: Record<string, unknown>) => `${r.mode}\t${r.service}`;
    const lyBy = new Map(before.map((r) => [key(r), r]));
    const keys = [...new Set([...now.map(key), ...before.map(key)])].sort();
    const nowBy = new Map(now.map((r) => [key(r), r]));
    tbl = table(
      [col('mode', 'text'), col('service', 'text'), ...measureCols, ...lyCols],
      keys.map((k) => {
        const [mode, service] = k.split('\t');
        const x = figures(nowBy.get(k) ?? empty, base);
        const l = figures(lyBy.get(k) ?? empty, base);
        return {
          cells: { mode, service, ...pick(x), gpLastYear: l.gp, gpChangeLastYear: changePct(x.gp, l.gp) },
          drill: { mode, service },
        };
      }),
      { ...pick(cur), gpLastYear: ly.gp, gpChangeLastYear: changePct(cur.gp, ly.gp) },
      limit,
    );
  }
  return result(page, BASIS_JOB, {
    kpis: [
      kpi('shipments', cur.shipments, 'count', {}),
      kpi('teu', cur.teu, 'teu', {}),
      kpi('revenue', cur.revenue, 'money', {}),
      kpi('gp', cur.gp, 'money', {}),
      kpi('margin', cur.margin, 'pct'),
      kpi('gpVsPrevious', changePct(cur.gp, prev.gp), 'pct'),
      kpi('gpVsLastYear', changePct(cur.gp, ly.gp), 'pct'),
      kpi('shipmentsVsLastYear', changePct(cur.shipments, ly.shipments), 'pct'),
      kpi('overdueReceivables', money.round(open ?? '0', base), 'money'),
    ],
    charts: [
      {
        key: 'gpThisVsLastYear',
        titleKey: `${NS}:chart.gpThisVsLastYear`,
        type: 'bar',
        series: [series('revenue', 'money'), series('gp', 'money'), series('gpLastYear', 'money')],
        points: months.map((m) => {
          const x = figures(byMonth.get(m) ?? empty, base);
          const l = figures(byMonth.get(addMonths(m, -12)) ?? empty, base);
          return { x: m, values: { revenue: x.revenue, gp: x.gp, gpLastYear: l.gp }, drill: { month: m } };
        }),
      },
      {
        key: 'shipmentsByMonth',
        titleKey: `${NS}:chart.shipmentsByMonth`,
        type: 'line',
        series: [series('shipments', 'count'), series('shipmentsLastYear', 'count')],
        points: months.map((m) => ({
          x: m,
          values: {
            shipments: String(byMonth.get(m)?.jobs ?? 0),
            shipmentsLastYear: String(byMonth.get(addMonths(m, -12))?.jobs ?? 0),
          },
          drill: { month: m },
        })),
      },
    ],
    table: tbl,
    noteKeys: [NOTE_FIGURES, NOTE_JOB_MONTH, `${NS}:note.compare`, `${NS}:note.overdue`],
  });
}

// ---------------------------------------------------------------------------------------------------------
// ManorReportPBI: the management P&L by office, against the same period last year
// ---------------------------------------------------------------------------------------------------------

async function manor(ctx: AnalyticsCtx, f: TAnalyticsFilters, base: Base, limit: number) {
  assertInternal(ctx);
  const w = await whereOf(ctx, f, 'jobMonth');
  const p = comparePeriods(w);
  const [now, before, monthOffice] = await Promise.all([
    repo.jobSummary(ctx.db, ['office'], w),
    repo.jobSummary(ctx.db, ['office'], { ...w, months: p.ly }),
    repo.jobSummary(ctx.db, ['job_month', 'office'], w),
  ]);
  const lyBy = new Map(before.map((r) => [String(r.office), r]));
  const nowBy = new Map(now.map((r) => [String(r.office), r]));
  const offices = [...new Set([...nowBy.keys(), ...lyBy.keys()])].sort();
  const empty = { jobs: 0, teu: '0', revenue: '0', cost: '0' };
  const t = figures(sumOf(now), base);
  const tly = figures(sumOf(before), base);
  const orows = offices.map((o) => ({
    o,
    x: figures(nowBy.get(o) ?? empty, base),
    l: figures(lyBy.get(o) ?? empty, base),
  }));
  return result('ManorReportPBI', BASIS_JOB, {
    kpis: [
      kpi('revenue', t.revenue, 'money', {}),
      kpi('cost', t.cost, 'money', {}),
      kpi('gp', t.gp, 'money', {}),
      kpi('margin', t.margin, 'pct'),
      kpi('shipments', t.shipments, 'count', {}),
      kpi('gpVsLastYear', changePct(t.gp, tly.gp), 'pct'),
      kpi('offices', String(now.length), 'count'),
    ],
    charts: [
      {
        key: 'plByOffice',
        titleKey: `${NS}:chart.plByOffice`,
        type: 'bar',
        series: [series('revenue', 'money'), series('cost', 'money'), series('gp', 'money')],
        points: orows.map((r) => ({
          x: r.o,
          values: { revenue: r.x.revenue, cost: r.x.cost, gp: r.x.gp },
          drill: { office: r.o },
        })),
      },
      stacked(
        'gpByMonthOffice',
        monthOffice.map((r) => ({
          x: String(r.job_month),
          s: String(r.office),
          v: money.sub(String(r.revenue), String(r.cost)),
        })),
        monthsOf(p.cur[0], p.cur[1]),
      ),
    ],
    table: table(
      [
        col('office', 'text'),
        ...GP_COLS.filter((c) => c.key !== 'gpPerTeu'),
        col('gpLastYear', 'money'),
        col('gpChangeLastYear', 'pct'),
      ],
      orows.map((r) => {
        const { gpPerTeu: _omit, ...x } = r.x;
        return {
          cells: { office: r.o, ...x, gpLastYear: r.l.gp, gpChangeLastYear: changePct(r.x.gp, r.l.gp) },
          drill: { office: r.o },
        };
      }),
      (() => {
        const { gpPerTeu: _omit, ...x } = t;
        return { ...x, gpLastYear: tly.gp, gpChangeLastYear: changePct(t.gp, tly.gp) };
      })(),
      limit,
    ),
    noteKeys: [NOTE_FIGURES, NOTE_JOB_MONTH, `${NS}:note.manor`],
  });
}

// ---------------------------------------------------------------------------------------------------------
// The definitions
// ---------------------------------------------------------------------------------------------------------

type Compute = (
  ctx: AnalyticsCtx,
  f: TAnalyticsFilters,
  base: Base,
  limit: number,
) => Promise<TAnalyticsResult>;

/** Every GP page: its computation (table capped at `limit` rows) and the documents behind its figures. */
const PAGES: {
  page: TAnalyticsPageName;
  compute: Compute;
  docs: 'jobs' | 'invoices' | 'apInvoices';
  drill: readonly string[];
}[] = [
  {
    page: 'VendorReportPBI',
    compute: (c, f, b, l) => vendors(c, f, b, l),
    docs: 'apInvoices',
    drill: ['vendor', 'invMonth', 'mode'],
  },
  {
    page: 'InvoiceGPPBI',
    compute: (c, f, b, l) => invoiceGp(c, f, b, l),
    docs: 'invoices',
    drill: ['invMonth', 'jobMonth'],
  },
  {
    page: 'ProfitabilityReportPBI',
    compute: (c, f, b, l) => profitability(c, f, b, 'ProfitabilityReportPBI', l),
    docs: 'jobs',
    drill: ['customer', 'lane', 'month'],
  },
  {
    page: 'ProfitabilityReportPBI2',
    compute: (c, f, b, l) => profitability(c, f, b, 'ProfitabilityReportPBI2', l),
    docs: 'jobs',
    drill: ['customer', 'lane', 'month'],
  },
  {
    page: 'SalesProfitabilityReportPBI',
    compute: (c, f, b, l) => salesProfitability(c, f, b, 'SalesProfitabilityReportPBI', l),
    docs: 'jobs',
    drill: ['salesman', 'month'],
  },
  {
    page: 'SalesProfitabilityReportPBI2',
    compute: (c, f, b, l) => salesProfitability(c, f, b, 'SalesProfitabilityReportPBI2', l),
    docs: 'jobs',
    drill: ['salesman', 'month'],
  },
  { page: 'MISTest', compute: (c, f, b, l) => mis(c, f, b, 'MISTest', l), docs: 'jobs', drill: ['month'] },
  {
    page: 'MISTestImport',
    compute: (c, f, b, l) => mis(c, f, b, 'MISTestImport', l),
    docs: 'jobs',
    drill: ['month', 'mode', 'service'],
  },
  {
    page: 'ManorReportPBI',
    compute: (c, f, b, l) => manor(c, f, b, l),
    docs: 'jobs',
    drill: ['office', 'month'],
  },
];

/** The page definitions for the analytics registry, money rounded to the base currency's `baseScale`. */
export function gpAnalyticsPages(baseScale: number): AnalyticsPageDef[] {
  const base = { scale: baseScale };
  return PAGES.map((p) => ({
    page: p.page,
    compute: (ctx, f) => p.compute(ctx, f, base, TABLE_ROWS),
    exportTable: async (ctx, f) => (await p.compute(ctx, f, base, EXPORT_ROWS)).table,
    documents: (ctx, q, drill) =>
      p.docs === 'jobs'
        ? jobDocuments(ctx, q, drill, p.drill)
        : invoiceDocuments(ctx, q, drill, p.drill, p.docs === 'apInvoices'),
  }));
}
