import {
  ANALYTICS_MSG,
  type TAnalyticsDocuments,
  type TAnalyticsDocumentsQuery,
  type TAnalyticsDrill,
  type TAnalyticsFilters,
  type TAnalyticsResult,
  type TAnalyticsTable,
} from '@portal/contracts';
import { AppError } from '../../platform/errors/app-error';
import { type AnalyticsCtx, bookingDocuments, registerAnalyticsPage } from '../analytics';
import { factsWhere, pageSource, co2eRepository as repo } from './co2e.repository';
import { type Co2eGroup, type Co2eTableRow, co2ePageRepository as pageRepo } from './co2e-page.repository';

const NS = 'analytics-co2e';
const k = (key: string) => `${NS}:${key}`;
/** Rows the page's table shows (the export has up to EXPORT_ROWS). */
const TABLE_ROWS = 200;
const EXPORT_ROWS = 10_000;
const DRILL_KEYS = new Set(['month', 'mode', 'lane', 'customer', 'so']);

const filterUnknown = () => new AppError(400, ANALYTICS_MSG.filterUnknown);

async function customerIdOf(ctx: AnalyticsCtx, code: string | undefined) {
  if (!code) return null;
  const id = await repo.partyIdByCode(ctx.db, code);
  if (id === null) throw filterUnknown();
  return id;
}

/** A drill's keys, checked: unknown keys or a malformed month are 400s, a customer code becomes its party id. */
async function drillOf(ctx: AnalyticsCtx, drill: TAnalyticsDrill) {
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(drill)) {
    if (!DRILL_KEYS.has(key)) throw new AppError(400, ANALYTICS_MSG.drillInvalid);
    if (key === 'month' && !/^\d{4}-(0[1-9]|1[0-2])$/.test(v))
      throw new AppError(400, ANALYTICS_MSG.drillInvalid);
    out[key] = key === 'customer' ? String(await customerIdOf(ctx, v)) : v;
  }
  return out;
}

async function tableRows(ctx: AnalyticsCtx, filters: TAnalyticsFilters, limit: number) {
  const src = pageSource(ctx.actor, filters, await customerIdOf(ctx, filters.customer));
  return pageRepo.table(ctx.db, src, limit);
}

const COLUMNS: TAnalyticsTable['columns'] = [
  { key: 'customer', labelKey: k('col.customer'), kind: 'text' },
  { key: 'lane', labelKey: k('col.lane'), kind: 'text' },
  { key: 'mode', labelKey: k('col.mode'), kind: 'text' },
  { key: 'shipments', labelKey: k('col.shipments'), kind: 'count' },
  { key: 'teu', labelKey: k('col.teu'), kind: 'teu' },
  { key: 'tonnes', labelKey: k('col.tonnes'), kind: 'decimal' },
  { key: 'distance', labelKey: k('col.avgDistance'), kind: 'decimal' },
  { key: 'kg', labelKey: k('col.kgCo2e'), kind: 'co2e' },
];

function toTable(rows: Co2eTableRow[], limit: number, totals: Co2eGroup): TAnalyticsTable {
  return {
    columns: COLUMNS,
    rows: rows.slice(0, limit).map((r) => ({
      cells: {
        customer: `${r.code} ${r.name}`,
        lane: `${r.pol}-${r.pod}`,
        mode: r.mode,
        shipments: String(r.shipments),
        teu: r.teu,
        tonnes: r.tonnes,
        distance: r.distance,
        kg: r.kg,
      },
      drill: { customer: r.code, lane: `${r.pol}-${r.pod}`, mode: r.mode },
    })),
    totals: {
      customer: null,
      lane: null,
      mode: null,
      shipments: String(totals.shipments),
      teu: totals.teu,
      tonnes: totals.tonnes,
      distance: null,
      kg: totals.kg,
    },
    truncated: rows.length > limit,
  };
}

/** CO2eEmissionReportPBI (docs/co2e.md, docs/analytics.md): CO2e by month and mode, lane and customer. */
export async function computeCo2ePage(
  ctx: AnalyticsCtx,
  filters: TAnalyticsFilters,
): Promise<TAnalyticsResult> {
  const customerId = await customerIdOf(ctx, filters.customer);
  const src = pageSource(ctx.actor, filters, customerId);
  // One read of the cubes for every figure (the export keeps its own, longer table read).
  const { totals: tot, byMonth, byLane, table: rows } = await pageRepo.figures(ctx.db, src, 10, TABLE_ROWS);

  const modes = [...new Set(byMonth.map((r) => r.mode))].sort();
  const months = new Map<string, Record<string, string | null>>();
  for (const r of byMonth) {
    const m = months.get(r.month) ?? Object.fromEntries(modes.map((x) => [x, '0']));
    m[r.mode] = r.kg;
    months.set(r.month, m);
  }
  const kgPerTeu = Number(tot.teu) > 0 ? (Number(tot.kg) / Number(tot.teu)).toFixed(1) : null;
  const kgPerShipment = tot.shipments > 0 ? (Number(tot.kg) / tot.shipments).toFixed(1) : null;
  return {
    page: 'CO2eEmissionReportPBI',
    generatedAt: new Date().toISOString(),
    periodBasisKey: k('basis.etd'),
    kpis: [
      { key: 'kg', labelKey: k('kpi.totalCo2e'), value: tot.kg, kind: 'co2e', drill: {} },
      {
        key: 'shipments',
        labelKey: k('kpi.shipments'),
        value: String(tot.shipments),
        kind: 'count',
        drill: {},
      },
      { key: 'perShipment', labelKey: k('kpi.perShipment'), value: kgPerShipment, kind: 'co2e' },
      { key: 'perTeu', labelKey: k('kpi.perTeu'), value: kgPerTeu, kind: 'co2e' },
      { key: 'missing', labelKey: k('kpi.missing'), value: String(tot.missing), kind: 'count' },
    ],
    charts: [
      {
        key: 'month',
        titleKey: k('chart.byMonthMode'),
        type: 'stackedBar',
        series: modes.map((m) => ({ key: m, label: m, kind: 'co2e' as const })),
        points: [...months].map(([month, values]) => ({ x: month, values, drill: { month } })),
      },
      {
        key: 'lane',
        titleKey: k('chart.byLane'),
        type: 'bar',
        series: [{ key: 'kg', labelKey: k('col.kgCo2e'), kind: 'co2e' }],
        points: byLane.map((r) => ({
          x: `${r.pol}-${r.pod}`,
          values: { kg: r.kg },
          drill: { lane: `${r.pol}-${r.pod}` },
        })),
      },
    ],
    table: toTable(rows, TABLE_ROWS, tot),
    noteKeys: [k('note.method'), k('note.factors'), k('note.missing')],
  };
}

/** The bookings behind a figure, each with its kg CO2e. */
export async function co2eDocuments(
  ctx: AnalyticsCtx,
  query: TAnalyticsDocumentsQuery,
  drill: TAnalyticsDrill,
): Promise<TAnalyticsDocuments> {
  const where = factsWhere(
    ctx.actor,
    query,
    await customerIdOf(ctx, query.customer),
    await drillOf(ctx, drill),
  );
  const { n, rows } = await pageRepo.documents(
    ctx.db,
    where,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return bookingDocuments(
    rows.map((r) => ({ ...r, date: r.etd, value: r.kg })),
    n,
    query,
    'co2e',
    k('col.kgCo2e'),
  );
}

let registered = false;
/** Registers the page with the analytics module (once, from the routes function). */
export function registerCo2ePage() {
  if (registered) return;
  registered = true;
  registerAnalyticsPage({
    page: 'CO2eEmissionReportPBI',
    compute: computeCo2ePage,
    documents: co2eDocuments,
    async exportTable(ctx, filters) {
      const customerId = await customerIdOf(ctx, filters.customer);
      const tot = await pageRepo.totals(ctx.db, pageSource(ctx.actor, filters, customerId));
      return toTable(await tableRows(ctx, filters, EXPORT_ROWS), EXPORT_ROWS, tot);
    },
  });
}
