import {
  ANALYTICS_MSG,
  type TAnalyticsDocuments,
  type TAnalyticsDocumentsQuery,
  type TAnalyticsDrill,
  type TAnalyticsFilters,
  type TAnalyticsPageName,
  type TAnalyticsResult,
  type TAnalyticsTable,
} from '@portal/contracts';
import { AppError } from '../../platform/errors/app-error';
import {
  type AnalyticsCtx,
  aggregateShipments,
  bookingDocuments,
  registerAnalyticsPage,
  shipmentScopeOf,
} from '../analytics';
import { visibleSoIdsSql } from '../co2e';
import {
  type MqcRow,
  ordersWhere,
  type ReliabilityRow,
  carrierAnalyticsRepository as repo,
  sailingsWhere,
} from './carrier-analytics.repository';

const k = (key: string) => `analytics-carrier:${key}`;
const bad = (key: string) => new AppError(400, key);
/** "Today" of the MQC run rate; tests replace it. */
let todayFn = () => new Date().toISOString().slice(0, 10);
export const setCarrierAnalyticsToday = (fn: () => string) => {
  todayFn = fn;
};

async function customerIdOf(ctx: AnalyticsCtx, code: string | undefined) {
  if (!code) return null;
  const id = await repo.partyIdByCode(ctx.db, code);
  if (id === null) throw bad(ANALYTICS_MSG.filterUnknown);
  return id;
}

function checkDrill(drill: TAnalyticsDrill, keys: string[]) {
  for (const [key, v] of Object.entries(drill)) {
    if (!keys.includes(key)) throw bad(ANALYTICS_MSG.drillInvalid);
    if (key === 'month' && !/^\d{4}-(0[1-9]|1[0-2])$/.test(v)) throw bad(ANALYTICS_MSG.drillInvalid);
  }
}

const pct = (on: number, n: number) => (n > 0 ? ((on * 100) / n).toFixed(1) : null);

// ---- CarrierPerformance and CarrierPerformanceSummary -------------------------------------------------------

interface PerfRow {
  key: string;
  rel: ReliabilityRow | undefined;
  bookings: number;
  rolled: number;
}

/**
 * Bookings with a carrier (not cancelled) by carrier, month or in all: the shipment analytics' `shipments`
 * summed from its cubes (carrier cube and day twin; the facts for a customer filter or an external viewer),
 * the same count as repo.bookings() over the orders without scanning them.
 */
async function bookingCounts(ctx: AnalyticsCtx, f: TAnalyticsFilters, by: 'carrier' | 'month' | 'all') {
  const scope = await shipmentScopeOf(ctx, f);
  const groups = await aggregateShipments(ctx, scope, by === 'month' ? ['month', 'carrier'] : ['carrier']);
  const n = new Map<string, number>();
  for (const g of groups) {
    if (g.keys.carrier === '-') continue; // no carrier yet
    const key = (by === 'carrier' ? g.keys.carrier : by === 'month' ? g.keys.month : 'all') ?? '';
    n.set(key, (n.get(key) ?? 0) + Number(g.m.shipments));
  }
  return [...n].filter(([, v]) => v > 0).map(([key, v]) => ({ key, n: v }));
}

async function performanceRows(ctx: AnalyticsCtx, f: TAnalyticsFilters, by: 'carrier' | 'month' | 'all') {
  const orders = ordersWhere(ctx.actor, f, await customerIdOf(ctx, f.customer));
  // Internal viewers read the reliability cube; an external one the sailings carrying its own bookings.
  const [rel, rolled, bookings] = await Promise.all([
    visibleSoIdsSql(ctx.actor)
      ? repo.reliability(ctx.db, sailingsWhere(ctx.actor, f), by)
      : repo.reliabilityFromCube(ctx.db, f, by),
    repo.rollovers(ctx.db, f, orders, by),
    bookingCounts(ctx, f, by),
  ]);
  const keys = [
    ...new Set([...rel.map((r) => r.key), ...rolled.map((r) => r.key), ...bookings.map((r) => r.key)]),
  ];
  keys.sort();
  return keys.map(
    (key): PerfRow => ({
      key,
      rel: rel.find((r) => r.key === key),
      bookings: bookings.find((r) => r.key === key)?.n ?? 0,
      rolled: rolled.find((r) => r.key === key)?.n ?? 0,
    }),
  );
}

function perfCells(r: PerfRow) {
  return {
    sailings: String(r.rel?.sailings ?? 0),
    depOnTime: r.rel ? pct(r.rel.dep_on, r.rel.dep_n) : null,
    arrOnTime: r.rel ? pct(r.rel.arr_on, r.rel.arr_n) : null,
    depDelay: r.rel?.dep_late_avg ?? null,
    arrDelay: r.rel?.arr_late_avg ?? null,
    bookings: String(r.bookings),
    rolled: String(r.rolled),
    rolledPct: pct(r.rolled, r.bookings),
  };
}

const perfColumns = (first: { key: string; labelKey: string }): TAnalyticsTable['columns'] => [
  { ...first, kind: 'text' },
  { key: 'sailings', labelKey: k('col.sailings'), kind: 'count' },
  { key: 'depOnTime', labelKey: k('col.depOnTime'), kind: 'pct' },
  { key: 'arrOnTime', labelKey: k('col.arrOnTime'), kind: 'pct' },
  { key: 'depDelay', labelKey: k('col.depDelay'), kind: 'days' },
  { key: 'arrDelay', labelKey: k('col.arrDelay'), kind: 'days' },
  { key: 'bookings', labelKey: k('col.bookings'), kind: 'count' },
  { key: 'rolled', labelKey: k('col.rolled'), kind: 'count' },
  { key: 'rolledPct', labelKey: k('col.rolledPct'), kind: 'pct' },
];

function perfKpis(total: PerfRow | undefined): TAnalyticsResult['kpis'] {
  const c = total ? perfCells(total) : perfCells({ key: 'all', rel: undefined, bookings: 0, rolled: 0 });
  return [
    { key: 'sailings', labelKey: k('kpi.sailings'), value: c.sailings, kind: 'count', drill: {} },
    { key: 'depOnTime', labelKey: k('kpi.depOnTime'), value: c.depOnTime, kind: 'pct' },
    {
      key: 'arrOnTime',
      labelKey: k('kpi.arrOnTime'),
      value: c.arrOnTime,
      kind: 'pct',
      drill: { measure: 'lateArrival' },
    },
    { key: 'arrDelay', labelKey: k('kpi.arrDelay'), value: c.arrDelay, kind: 'days' },
    {
      key: 'rolled',
      labelKey: k('kpi.rolled'),
      value: c.rolled,
      kind: 'count',
      drill: { measure: 'rolled' },
    },
    { key: 'rolledPct', labelKey: k('kpi.rolledPct'), value: c.rolledPct, kind: 'pct' },
  ];
}

const NOTES = [k('note.onTime'), k('note.actuals'), k('note.rollover')];

async function computePerformance(ctx: AnalyticsCtx, f: TAnalyticsFilters): Promise<TAnalyticsResult> {
  const [rows, [total], names] = await Promise.all([
    performanceRows(ctx, f, 'carrier'),
    performanceRows(ctx, f, 'all'),
    carrierNames(ctx),
  ]);
  const label = (code: string) => names.get(code) ?? code;
  return {
    page: 'CarrierPerformance',
    generatedAt: new Date().toISOString(),
    periodBasisKey: k('basis.plannedEtd'),
    kpis: perfKpis(total),
    charts: [
      {
        key: 'onTime',
        titleKey: k('chart.onTimeByCarrier'),
        type: 'bar',
        series: [
          { key: 'depOnTime', labelKey: k('col.depOnTime'), kind: 'pct' },
          { key: 'arrOnTime', labelKey: k('col.arrOnTime'), kind: 'pct' },
        ],
        points: rows
          .filter((r) => r.rel)
          .map((r) => {
            const c = perfCells(r);
            return {
              x: r.key,
              label: label(r.key),
              values: { depOnTime: c.depOnTime, arrOnTime: c.arrOnTime },
              drill: { carrier: r.key },
            };
          }),
      },
      {
        key: 'rolled',
        titleKey: k('chart.rolledByCarrier'),
        type: 'bar',
        series: [{ key: 'rolled', labelKey: k('col.rolled'), kind: 'count' }],
        points: rows.map((r) => ({
          x: r.key,
          label: label(r.key),
          values: { rolled: String(r.rolled) },
          drill: { carrier: r.key, measure: 'rolled' },
        })),
      },
    ],
    table: {
      columns: perfColumns({ key: 'carrier', labelKey: k('col.carrier') }),
      rows: rows.map((r) => ({
        cells: { carrier: label(r.key), ...perfCells(r) },
        drill: { carrier: r.key },
      })),
      totals: total ? { carrier: null, ...perfCells(total) } : null,
      truncated: false,
    },
    noteKeys: NOTES,
  };
}

async function computeSummary(ctx: AnalyticsCtx, f: TAnalyticsFilters): Promise<TAnalyticsResult> {
  const [rows, [total]] = await Promise.all([
    performanceRows(ctx, f, 'month'),
    performanceRows(ctx, f, 'all'),
  ]);
  return {
    page: 'CarrierPerformanceSummary',
    generatedAt: new Date().toISOString(),
    periodBasisKey: k('basis.plannedEtd'),
    kpis: perfKpis(total),
    charts: [
      {
        key: 'onTime',
        titleKey: k('chart.onTimeByMonth'),
        type: 'line',
        series: [
          { key: 'depOnTime', labelKey: k('col.depOnTime'), kind: 'pct' },
          { key: 'arrOnTime', labelKey: k('col.arrOnTime'), kind: 'pct' },
        ],
        points: rows.map((r) => {
          const c = perfCells(r);
          return {
            x: r.key,
            values: { depOnTime: c.depOnTime, arrOnTime: c.arrOnTime },
            drill: { month: r.key },
          };
        }),
      },
      {
        key: 'rolled',
        titleKey: k('chart.rolledByMonth'),
        type: 'bar',
        series: [{ key: 'rolled', labelKey: k('col.rolled'), kind: 'count' }],
        points: rows.map((r) => ({
          x: r.key,
          values: { rolled: String(r.rolled) },
          drill: { month: r.key, measure: 'rolled' },
        })),
      },
    ],
    table: {
      columns: perfColumns({ key: 'month', labelKey: k('col.month') }),
      rows: rows.map((r) => ({ cells: { month: r.key, ...perfCells(r) }, drill: { month: r.key } })),
      totals: total ? { month: null, ...perfCells(total) } : null,
      truncated: false,
    },
    noteKeys: NOTES,
  };
}

async function performanceDocuments(
  ctx: AnalyticsCtx,
  q: TAnalyticsDocumentsQuery,
  drill: TAnalyticsDrill,
): Promise<TAnalyticsDocuments> {
  checkDrill(drill, ['carrier', 'month', 'measure']);
  if (drill.measure && !['rolled', 'lateArrival', 'lateDeparture'].includes(drill.measure))
    throw bad(ANALYTICS_MSG.drillInvalid);
  const orders = ordersWhere(ctx.actor, q, await customerIdOf(ctx, q.customer));
  const offset = (q.page - 1) * q.pageSize;
  const rolled = drill.measure === 'rolled';
  const { n, rows } = rolled
    ? await repo.rolledBookings(ctx.db, q, orders, drill, q.pageSize, offset)
    : await repo.sailingBookings(ctx.db, sailingsWhere(ctx.actor, q, drill), orders, q.pageSize, offset);
  return bookingDocuments(rows, n, q, 'days', rolled ? k('doc.daysRolled') : k('doc.arrivalDelay'));
}

const carrierNames = (ctx: AnalyticsCtx) => repo.carrierNames(ctx.db);

// ---- CarrierMQC (and its view CarrierMQCShapiro) -----------------------------------------------------------

export interface MqcFigures {
  shipped: number;
  achieved: number | null;
  /** TEU per week so far. */
  runRate: number | null;
  /** TEU at the contract end at the run rate so far. */
  projected: number | null;
  projectedPct: number | null;
  /** TEU per week still needed over the remaining days (0 when met). */
  required: number | null;
}

/** Achievement, run rate and projection of one contract (docs/analytics.md "CarrierMQC"). */
export function mqcFigures(r: Pick<MqcRow, 'mqc_teu' | 'teu' | 'total_days' | 'elapsed_days'>): MqcFigures {
  const mqc = Number(r.mqc_teu);
  const shipped = Number(r.teu);
  const elapsed = r.elapsed_days;
  const remaining = r.total_days - elapsed;
  const runRate = elapsed > 0 ? (shipped / elapsed) * 7 : null;
  const projected = elapsed > 0 ? (shipped / elapsed) * r.total_days : null;
  return {
    shipped,
    achieved: mqc > 0 ? (shipped * 100) / mqc : null,
    runRate,
    projected,
    projectedPct: projected !== null && mqc > 0 ? (projected * 100) / mqc : null,
    required: remaining > 0 ? (Math.max(0, mqc - shipped) / remaining) * 7 : null,
  };
}

const fx = (v: number | null, d: number) => (v === null ? null : v.toFixed(d));

async function computeMqc(ctx: AnalyticsCtx, f: TAnalyticsFilters, page: TAnalyticsPageName) {
  // Contracts are internal commercial terms: an external viewer sees none.
  const today = todayFn();
  const list = visibleSoIdsSql(ctx.actor) ? [] : await repo.mqcContracts(ctx.db, f, today);
  // TEU per contract and month from the shipment cubes: the contracts' totals and the chart by month in one read.
  const teu = await repo.contractTeuByMonth(
    ctx.db,
    list.map((c) => c.contract_id),
    today,
  );
  const teuOf = new Map<number, number>();
  const monthTeu = new Map<string, number>();
  for (const r of teu) {
    teuOf.set(r.contract_id, (teuOf.get(r.contract_id) ?? 0) + Number(r.teu));
    monthTeu.set(r.month, (monthTeu.get(r.month) ?? 0) + Number(r.teu));
  }
  const contracts: MqcRow[] = list.map((c) => ({ ...c, teu: (teuOf.get(c.contract_id) ?? 0).toFixed(2) }));
  const byMonth = [...monthTeu]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, v]) => ({ month, teu: v.toFixed(2) }));
  const rows = contracts.map((c) => ({ c, m: mqcFigures(c) }));
  const totMqc = contracts.reduce((s, c) => s + Number(c.mqc_teu), 0);
  const totShipped = rows.reduce((s, r) => s + r.m.shipped, 0);
  const totProjected = rows.reduce((s, r) => s + (r.m.projected ?? r.m.shipped), 0);
  const atRisk = rows.filter((r) => (r.m.projectedPct ?? 0) < 100).length;
  const label = (c: MqcRow) => `${c.carrier_code} ${c.contract_no}`;
  const drill = (c: MqcRow) => ({ contract: `${c.carrier_code}|${c.contract_no}` });
  return {
    page,
    generatedAt: new Date().toISOString(),
    periodBasisKey: k('basis.contractPeriod'),
    kpis: [
      { key: 'contracts', labelKey: k('kpi.contracts'), value: String(contracts.length), kind: 'count' },
      { key: 'mqc', labelKey: k('kpi.mqcTeu'), value: totMqc.toFixed(2), kind: 'teu' },
      { key: 'shipped', labelKey: k('kpi.shippedTeu'), value: totShipped.toFixed(2), kind: 'teu' },
      {
        key: 'achieved',
        labelKey: k('kpi.achieved'),
        value: totMqc > 0 ? ((totShipped * 100) / totMqc).toFixed(1) : null,
        kind: 'pct',
      },
      {
        key: 'projected',
        labelKey: k('kpi.projectedPct'),
        value: totMqc > 0 ? ((totProjected * 100) / totMqc).toFixed(1) : null,
        kind: 'pct',
      },
      { key: 'atRisk', labelKey: k('kpi.atRisk'), value: String(atRisk), kind: 'count' },
    ],
    charts: [
      {
        key: 'contracts',
        titleKey: k('chart.shippedVsMqc'),
        type: 'bar',
        series: [
          { key: 'mqc', labelKey: k('col.mqcTeu'), kind: 'teu' },
          { key: 'shipped', labelKey: k('col.shippedTeu'), kind: 'teu' },
          { key: 'projected', labelKey: k('col.projectedTeu'), kind: 'teu' },
        ],
        points: rows.map(({ c, m }) => ({
          x: label(c),
          values: { mqc: c.mqc_teu, shipped: m.shipped.toFixed(2), projected: fx(m.projected, 2) },
          drill: drill(c),
        })),
      },
      {
        key: 'month',
        titleKey: k('chart.teuByMonth'),
        type: 'line',
        series: [{ key: 'teu', labelKey: k('col.shippedTeu'), kind: 'teu' }],
        points: byMonth.map((r) => ({ x: r.month, values: { teu: r.teu } })),
      },
    ],
    table: {
      columns: [
        { key: 'carrier', labelKey: k('col.carrier'), kind: 'text' },
        { key: 'contract', labelKey: k('col.contract'), kind: 'text' },
        { key: 'from', labelKey: k('col.validFrom'), kind: 'date' },
        { key: 'to', labelKey: k('col.validTo'), kind: 'date' },
        { key: 'lanes', labelKey: k('col.lanes'), kind: 'text' },
        { key: 'mqc', labelKey: k('col.mqcTeu'), kind: 'teu' },
        { key: 'shipped', labelKey: k('col.shippedTeu'), kind: 'teu' },
        { key: 'achieved', labelKey: k('col.achieved'), kind: 'pct' },
        { key: 'runRate', labelKey: k('col.runRate'), kind: 'decimal' },
        { key: 'required', labelKey: k('col.required'), kind: 'decimal' },
        { key: 'projected', labelKey: k('col.projectedTeu'), kind: 'teu' },
        { key: 'projectedPct', labelKey: k('col.projectedPct'), kind: 'pct' },
      ],
      rows: rows.map(({ c, m }) => ({
        cells: {
          carrier: c.carrier_name ?? c.carrier_code,
          contract: c.contract_no,
          from: c.valid_from,
          to: c.valid_to,
          lanes: c.lanes.length ? c.lanes.join(', ') : null,
          mqc: c.mqc_teu,
          shipped: m.shipped.toFixed(2),
          achieved: fx(m.achieved, 1),
          runRate: fx(m.runRate, 2),
          required: fx(m.required, 2),
          projected: fx(m.projected, 2),
          projectedPct: fx(m.projectedPct, 1),
        },
        drill: drill(c),
      })),
      totals: null,
      truncated: false,
    },
    noteKeys: [k('note.mqcTeu'), k('note.runRate')],
  } satisfies TAnalyticsResult;
}

async function mqcDocuments(
  ctx: AnalyticsCtx,
  q: TAnalyticsDocumentsQuery,
  drill: TAnalyticsDrill,
): Promise<TAnalyticsDocuments> {
  checkDrill(drill, ['contract']);
  const [carrier, no] = (drill.contract ?? '').split('|');
  if (!carrier || !no) throw bad(ANALYTICS_MSG.drillInvalid);
  const id = visibleSoIdsSql(ctx.actor) ? null : await repo.contractIdByNo(ctx.db, carrier, no);
  const { n, rows } =
    id === null
      ? { n: 0, rows: [] }
      : await repo.contractBookings(ctx.db, id, todayFn(), q.pageSize, (q.page - 1) * q.pageSize);
  return bookingDocuments(rows, n, q, 'teu', k('col.shippedTeu'));
}

let registered = false;
/** Registers the four carrier pages with the analytics module (once, from the routes function). */
export function registerCarrierPages() {
  if (registered) return;
  registered = true;
  registerAnalyticsPage({
    page: 'CarrierPerformance',
    compute: computePerformance,
    documents: performanceDocuments,
  });
  registerAnalyticsPage({
    page: 'CarrierPerformanceSummary',
    compute: computeSummary,
    documents: performanceDocuments,
  });
  for (const page of ['CarrierMQC', 'CarrierMQCShapiro'] as const)
    registerAnalyticsPage({ page, compute: (ctx, f) => computeMqc(ctx, f, page), documents: mqcDocuments });
}
