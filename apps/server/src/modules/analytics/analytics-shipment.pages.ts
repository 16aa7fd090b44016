import {
  MAX_EXPORT_ROWS,
  type TAnalyticsChart,
  type TAnalyticsDocuments,
  type TAnalyticsFilters,
  type TAnalyticsPageName,
  type TAnalyticsResult,
  type TAnalyticsTable,
} from '@portal/contracts';
import { analyticsRepository as repo } from './analytics.repository';
import { aggregate, type Dim, type Group, type Scope, scopeOf, withDrill } from './analytics.service';
import { registerAnalyticsLabels } from './analytics-labels';
import { type AnalyticsCtx, registerAnalyticsPage } from './analytics-registry';

/**
 * The shipment pages (source `shipment`; docs/analytics.md "Shipment pages"): volumes from the shipment facts
 * and cubes, every figure with its drill keys, the documents behind a figure = the bookings.
 */

const NS = 'analytics-shipment';
const k = (key: string) => `${NS}:${key}`;
/** Rows the page's table shows (the export has all, up to MAX_EXPORT_ROWS). */
const TABLE_ROWS = 500;
const TOP = 10;

type Kind = 'volume' | 'carrier' | 'agent' | 'booking';
interface PageCfg {
  page: TAnalyticsPageName;
  kind: Kind;
  /** The table's grouping. */
  table: Dim[];
  /** Air pages: mode AIR whatever the filter says. */
  air?: boolean;
}

/** Each page and view with its table grouping (the views are the same figures grouped another way). */
const PAGES: PageCfg[] = [
  { page: 'ShipmentReport', kind: 'volume', table: ['month'] },
  { page: 'ShipmentReportPBIDirectQuery', kind: 'volume', table: ['lane'] },
  { page: 'ShipmentReportPBIDataImport', kind: 'volume', table: ['customer'] },
  { page: 'ShipmentReportPBI2', kind: 'volume', table: ['office', 'mode'] },
  { page: 'CarrierReportPBI', kind: 'carrier', table: ['carrier'] },
  { page: 'AgentReportPBI', kind: 'agent', table: ['agent'] },
  { page: 'AgentReportPBI2', kind: 'agent', table: ['agent', 'month'] },
  { page: 'AirShipmentReportPBI', kind: 'volume', table: ['month'], air: true },
  { page: 'AirShipmentReportPBI2', kind: 'volume', table: ['lane'], air: true },
  { page: 'AirAgentReportPBI', kind: 'agent', table: ['agent'], air: true },
  { page: 'AirAgentReportPBI2', kind: 'agent', table: ['agent', 'month'], air: true },
  { page: 'BookingPBI', kind: 'booking', table: ['month'] },
];

// ---- numbers ------------------------------------------------------------------------------------------------
const num = (s: string | undefined) => Number(s ?? 0);
const int = (s: string | undefined) => String(Math.round(num(s)));
/** Decimal strings without float noise: sums of numeric(18,3) are exact; ratios get fixed decimals. */
const dec = (s: string | undefined) => {
  const v = s ?? '0';
  return v.includes('.') ? v.replace(/\.?0+$/, '') || '0' : v;
};
const ratio = (a: number, b: number, digits: number) => (b ? (a / b).toFixed(digits) : null);
const pct = (a: number, b: number) => (b ? ((a * 100) / b).toFixed(1) : null);
const avgDays = (g: Group['m']) => ratio(num(g.confirm_hours), num(g.confirmed) * 24, 2);

const sumGroups = (gs: Group[]): Group['m'] => {
  const t = {
    bookings: 0,
    shipments: 0,
    ebookings: 0,
    confirmed: 0,
    cancelled: 0,
    confirm_hours: 0,
    teu: 0,
    cbm: 0,
    kg: 0,
  };
  for (const g of gs) for (const key of Object.keys(t) as (keyof typeof t)[]) t[key] += num(g.m[key]);
  // Three decimals as the facts keep them (sums of numeric(18,3)).
  const fix = (v: number) => dec(v.toFixed(3));
  return {
    bookings: String(t.bookings),
    shipments: String(t.shipments),
    ebookings: String(t.ebookings),
    confirmed: String(t.confirmed),
    cancelled: String(t.cancelled),
    confirm_hours: fix(t.confirm_hours),
    teu: fix(t.teu),
    cbm: fix(t.cbm),
    kg: fix(t.kg),
  };
};

/** The measure a volume page leads with: TEU by sea, gross kg by air. */
const lead = (cfg: PageCfg) => (cfg.air ? 'kg' : 'teu');

// ---- table --------------------------------------------------------------------------------------------------
/** The status dimension holds booking statuses (codes the web app words from its catalogue). */
const CODE_KIND = { codeKind: 'booking' };

const DIM_LABEL: Record<Dim, string> = {
  month: k('dim.month'),
  office: k('dim.office'),
  mode: k('dim.mode'),
  service: k('dim.service'),
  carrier: k('dim.carrier'),
  lane: k('dim.lane'),
  customer: k('dim.customer'),
  agent: k('dim.agent'),
  status: k('dim.status'),
  channel: k('dim.channel'),
};

function dimColumns(dims: Dim[]): TAnalyticsTable['columns'] {
  return dims.flatMap((d) => {
    // A status is a booking's (the cube's rows are bookings): the web app words it (issue 39).
    const col = {
      key: d,
      labelKey: DIM_LABEL[d],
      kind: 'text' as const,
      ...(d === 'status' ? CODE_KIND : {}),
    };
    return d === 'customer' || d === 'agent'
      ? [col, { key: `${d}Name`, labelKey: k(`dim.${d}Name`), kind: 'text' as const }]
      : [col];
  });
}

const dimCells = (g: Group, dims: Dim[]) => {
  const cells: Record<string, string | null> = {};
  for (const d of dims) {
    cells[d] = g.keys[d] ?? null;
    if (d === 'customer' || d === 'agent') cells[`${d}Name`] = g.names[d] ?? null;
  }
  return cells;
};

const volumeCells = (m: Group['m']) => ({
  shipments: int(m.shipments),
  teu: dec(m.teu),
  cbm: dec(m.cbm),
  kg: dec(m.kg),
});
const VOLUME_COLS: TAnalyticsTable['columns'] = [
  { key: 'shipments', labelKey: k('m.shipments'), kind: 'count' },
  { key: 'teu', labelKey: k('m.teu'), kind: 'teu' },
  { key: 'cbm', labelKey: k('m.cbm'), kind: 'cbm' },
  { key: 'kg', labelKey: k('m.kg'), kind: 'kg' },
];
const bookingCells = (m: Group['m']) => ({
  bookings: int(m.bookings),
  ebookings: int(m.ebookings),
  manual: String(num(m.bookings) - num(m.ebookings)),
  ebookingShare: pct(num(m.ebookings), num(m.bookings)),
  confirmed: int(m.confirmed),
  cancelled: int(m.cancelled),
  avgDaysToConfirm: avgDays(m),
});
const BOOKING_COLS: TAnalyticsTable['columns'] = [
  { key: 'bookings', labelKey: k('m.bookings'), kind: 'count' },
  { key: 'ebookings', labelKey: k('m.ebookings'), kind: 'count' },
  { key: 'manual', labelKey: k('m.manual'), kind: 'count' },
  { key: 'ebookingShare', labelKey: k('m.ebookingShare'), kind: 'pct' },
  { key: 'confirmed', labelKey: k('m.confirmed'), kind: 'count' },
  { key: 'cancelled', labelKey: k('m.cancelled'), kind: 'count' },
  { key: 'avgDaysToConfirm', labelKey: k('m.avgDaysToConfirm'), kind: 'days' },
];

function buildTable(cfg: PageCfg, groups: Group[], limit: number): TAnalyticsTable {
  const booking = cfg.kind === 'booking';
  const measureCols = booking ? BOOKING_COLS : VOLUME_COLS;
  const total = sumGroups(groups);
  const share = cfg.kind === 'carrier';
  const columns = [
    ...dimColumns(cfg.table),
    ...measureCols,
    ...(share ? [{ key: 'share', labelKey: k('m.share'), kind: 'pct' as const }] : []),
  ];
  // Largest first for carriers, agents, lanes, customers; in key order for months and office × mode.
  const sorted =
    cfg.table[0] === 'month' || cfg.table[0] === 'office'
      ? groups
      : [...groups].sort(
          (a, b) =>
            num(b.m[lead(cfg)]) - num(a.m[lead(cfg)]) ||
            num(b.m.shipments) - num(a.m.shipments) ||
            keyOrder(a, b, cfg.table[0] as Dim),
        );
  const rows = sorted.slice(0, limit).map((g) => ({
    cells: {
      ...dimCells(g, cfg.table),
      ...(booking ? bookingCells(g.m) : volumeCells(g.m)),
      ...(share ? { share: pct(num(g.m.teu), num(total.teu)) } : {}),
    },
    drill: g.keys as Record<string, string>,
  }));
  const totals: Record<string, string | null> = {
    ...(booking ? bookingCells(total) : volumeCells(total)),
    ...(share ? { share: num(total.teu) ? '100.0' : null } : {}),
  };
  return { columns, rows, totals, truncated: sorted.length > limit };
}

/** Ties by key, the "none" group ('-': no carrier, no agent) last. */
function keyOrder(a: Group, b: Group, d: Dim) {
  const [x, y] = [a.keys[d] ?? '-', b.keys[d] ?? '-'];
  return Number(x === '-') - Number(y === '-') || x.localeCompare(y);
}

// ---- charts -------------------------------------------------------------------------------------------------
function barChart(
  key: string,
  dim: Dim,
  groups: Group[],
  measure: 'teu' | 'kg' | 'shipments' | 'bookings',
  type: TAnalyticsChart['type'] = 'bar',
  top?: number,
): TAnalyticsChart {
  const sorted = top
    ? [...groups].sort((a, b) => num(b.m[measure]) - num(a.m[measure]) || keyOrder(a, b, dim)).slice(0, top)
    : groups;
  const kind = measure === 'teu' ? 'teu' : measure === 'kg' ? 'kg' : 'count';
  return {
    key,
    titleKey: k(`chart.${key}`),
    type,
    ...(dim === 'status' ? { xCodeKind: CODE_KIND.codeKind } : {}),
    series: [{ key: measure, labelKey: k(`m.${measure}`), kind }],
    points: sorted.map((g) => ({
      x: g.keys[dim] ?? '-',
      ...(g.names[dim] ? { label: g.names[dim] } : {}),
      values: { [measure]: kind === 'count' ? int(g.m[measure]) : dec(g.m[measure]) },
      drill: { [dim]: g.keys[dim] ?? '-' },
    })),
  };
}

/** Months by a second dimension (a series per value), stacked. */
/** The channel codes' words (the measures of the same name). */
const CHANNEL_WORDS: Record<string, string> = { EBOOKING: k('m.ebookings'), MANUAL: k('m.manual') };

function stacked(
  key: string,
  groups: Group[],
  second: Dim,
  measure: 'shipments' | 'bookings' | 'teu' | 'kg',
) {
  const xs = [...new Set(groups.map((g) => g.keys.month ?? ''))].sort();
  const ss = [...new Set(groups.map((g) => g.keys[second] ?? '-'))].sort();
  const kind = measure === 'teu' ? ('teu' as const) : measure === 'kg' ? ('kg' as const) : ('count' as const);
  const chart: TAnalyticsChart = {
    key,
    titleKey: k(`chart.${key}`),
    type: 'stackedBar',
    // A booking's channel is a stored code: its series reads as the measure's word (issue 39: "EBOOKING").
    series: ss.map((s) => ({
      key: s,
      label: s,
      ...(CHANNEL_WORDS[s] && { labelKey: CHANNEL_WORDS[s] }),
      kind,
    })),
    points: xs.map((x) => {
      const values: Record<string, string | null> = {};
      for (const s of ss) {
        const g = groups.find((gg) => gg.keys.month === x && (gg.keys[second] ?? '-') === s);
        values[s] = g ? (kind === 'count' ? int(g.m[measure]) : dec(g.m[measure])) : '0';
      }
      return { x, values, drill: { month: x } };
    }),
  };
  return chart;
}

// ---- pages --------------------------------------------------------------------------------------------------
async function compute(cfg: PageCfg, ctx: AnalyticsCtx, f: TAnalyticsFilters): Promise<TAnalyticsResult> {
  const scope = await scopeOf(ctx, f, cfg.air ? { mode: 'AIR' } : {});
  // Every grouping the page shows is read side by side (each a cube read); the table's own is reused.
  const agg = (dims: Dim[]) => aggregate(ctx, scope, dims);
  const tableP = agg(cfg.table);
  const reuse = (dims: Dim[]) =>
    dims.length === cfg.table.length && dims.every((d, i) => cfg.table[i] === d) ? tableP : agg(dims);
  const extra =
    cfg.kind === 'booking'
      ? [agg(['status']), agg(['month', 'channel'])]
      : cfg.kind === 'volume'
        ? [reuse(['month']), reuse(['lane']), agg(cfg.air ? ['customer'] : ['service'])]
        : cfg.kind === 'carrier'
          ? [agg(['month', 'carrier'])]
          : [reuse(['month']), reuse(['agent'])];
  const [table, ...more] = await Promise.all([tableP, ...extra]);
  const total = sumGroups(table);
  const m = lead(cfg);
  const kpis: TAnalyticsResult['kpis'] = [];
  const charts: TAnalyticsChart[] = [];

  if (cfg.kind === 'booking') {
    kpis.push(
      { key: 'bookings', labelKey: k('kpi.bookings'), value: total.bookings, kind: 'count', drill: {} },
      {
        key: 'ebookingShare',
        labelKey: k('kpi.ebookingShare'),
        value: pct(num(total.ebookings), num(total.bookings)),
        kind: 'pct',
        drill: { channel: 'EBOOKING' },
      },
      { key: 'confirmed', labelKey: k('kpi.confirmed'), value: total.confirmed, kind: 'count', drill: {} },
      { key: 'avgDaysToConfirm', labelKey: k('kpi.avgDaysToConfirm'), value: avgDays(total), kind: 'days' },
      {
        key: 'cancelled',
        labelKey: k('kpi.cancelled'),
        value: total.cancelled,
        kind: 'count',
        drill: { status: 'CANCELLED' },
      },
    );
    const [byStatus = [], byChannel = []] = more;
    charts.push(barChart('byStatus', 'status', byStatus, 'bookings', 'pie'));
    charts.push(stacked('byChannel', byChannel, 'channel', 'bookings'));
    charts.push({
      key: 'timeToConfirm',
      titleKey: k('chart.timeToConfirm'),
      type: 'line',
      series: [{ key: 'avgDaysToConfirm', labelKey: k('m.avgDaysToConfirm'), kind: 'days' }],
      points: table.map((g) => ({
        x: g.keys.month ?? '',
        values: { avgDaysToConfirm: avgDays(g.m) },
        drill: { month: g.keys.month ?? '' },
      })),
    });
  } else {
    kpis.push(
      { key: 'shipments', labelKey: k('kpi.shipments'), value: total.shipments, kind: 'count', drill: {} },
      { key: 'teu', labelKey: k('kpi.teu'), value: total.teu, kind: 'teu', drill: {} },
      { key: 'cbm', labelKey: k('kpi.cbm'), value: total.cbm, kind: 'cbm', drill: {} },
      { key: 'kg', labelKey: k('kpi.kg'), value: total.kg, kind: 'kg', drill: {} },
    );
    if (cfg.air) kpis.splice(1, 1); // air: no TEU
    if (cfg.kind === 'volume') {
      const [byMonth = [], byLane = [], byService = []] = more;
      charts.push(barChart('byMonth', 'month', byMonth, m));
      charts.push(barChart('topLanes', 'lane', byLane, m, 'bar', TOP));
      charts.push(
        cfg.air
          ? barChart('topCustomers', 'customer', byService, 'kg', 'bar', TOP)
          : barChart('byService', 'service', byService, 'shipments', 'pie'),
      );
    } else if (cfg.kind === 'carrier') {
      const carriers = table.filter((g) => g.keys.carrier !== '-');
      kpis.unshift({
        key: 'carriers',
        labelKey: k('kpi.carriers'),
        value: String(carriers.length),
        kind: 'count',
      });
      const top = [...carriers].sort((a, b) => num(b.m.teu) - num(a.m.teu))[0];
      if (top)
        kpis.push({
          key: 'topCarrierShare',
          labelKey: k('kpi.topCarrierShare'),
          value: pct(num(top.m.teu), num(total.teu)),
          kind: 'pct',
          drill: { carrier: top.keys.carrier ?? '-' },
        });
      charts.push(barChart('teuByCarrier', 'carrier', table, 'teu', 'bar', 15));
      charts.push(stacked('carrierByMonth', more[0] ?? [], 'carrier', 'teu'));
    } else {
      const [byMonth = [], byAgent = []] = more;
      kpis.unshift({
        key: 'agents',
        labelKey: k('kpi.agents'),
        value: String(byAgent.filter((g) => g.keys.agent !== '-').length),
        kind: 'count',
      });
      charts.push(barChart('topAgents', 'agent', byAgent, m, 'bar', TOP));
      charts.push(barChart('byMonth', 'month', byMonth, m));
    }
  }
  return {
    page: cfg.page,
    generatedAt: new Date().toISOString(),
    periodBasisKey: k('basis.etd'),
    kpis,
    charts,
    table: buildTable(cfg, table, TABLE_ROWS),
    noteKeys: cfg.kind === 'booking' ? [k('note.booking')] : [k('note.volume')],
  };
}

async function documents(
  cfg: PageCfg,
  ctx: AnalyticsCtx,
  q: TAnalyticsFilters & { page: number; pageSize: number },
  drill: Record<string, string>,
): Promise<TAnalyticsDocuments> {
  const base: Scope = await scopeOf(ctx, q, cfg.air ? { mode: 'AIR' } : {});
  const scope = await withDrill(ctx, base, drill);
  const booking = cfg.kind === 'booking';
  // Volume figures count shipments (orders not cancelled): their documents are those orders, so the list's
  // length equals the figure; BookingPBI counts every order.
  const { rows, total } = await repo.documents(ctx.db, {
    conds: booking ? scope.conds : [...scope.conds, { col: 'shipments', value: 1 }],
    from: scope.from,
    to: scope.to,
    party: scope.party,
    offset: (q.page - 1) * q.pageSize,
    limit: q.pageSize,
  });
  const m = booking ? 'days' : lead(cfg);
  return bookingDocuments(
    rows.map((r) => ({
      ...r,
      date: r.etd,
      value: booking
        ? r.confirmed
          ? (Number(r.confirm_hours) / 24).toFixed(2)
          : null
        : dec(m === 'kg' ? r.kg : r.teu),
    })),
    total,
    q,
    booking ? 'days' : m === 'kg' ? 'kg' : 'teu',
    booking ? k('m.daysToConfirm') : k(`m.${m}`),
  );
}

/** A booking behind a figure: its number and the columns the documents list shows. */
export type BookingDocument = Omit<TAnalyticsDocuments['rows'][number], 'kind' | 'key' | 'number'> & {
  so_no: string;
};

/**
 * The documents answer of a page whose figures stand on bookings (this module's pages, the CO2e and carrier
 * pages): page `q` of `total`, each booking keyed and numbered by its SO#, its value of `valueKind`.
 */
export function bookingDocuments(
  rows: BookingDocument[],
  total: number,
  q: { page: number; pageSize: number },
  valueKind: TAnalyticsDocuments['valueKind'],
  valueLabelKey: string | null,
): TAnalyticsDocuments {
  return {
    rows: rows.map((r) => ({
      kind: 'booking' as const,
      key: r.so_no,
      number: r.so_no,
      status: r.status,
      date: r.date,
      party: r.party,
      office: r.office,
      value: r.value,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
    valueKind,
    valueLabelKey,
  };
}

let registered = false;
/** Registers the shipment pages with the analytics registry (from the analytics routes). */
export function registerShipmentPages() {
  if (registered) return;
  registered = true;
  registerAnalyticsLabels(EXPORT_LABELS);
  for (const cfg of PAGES) {
    registerAnalyticsPage({
      page: cfg.page,
      compute: (ctx, f) => compute(cfg, ctx, f),
      documents: (ctx, q, drill) => documents(cfg, ctx, q, drill),
      exportTable: async (ctx, f) => {
        const scope = await scopeOf(ctx, f, cfg.air ? { mode: 'AIR' } : {});
        return buildTable(cfg, await aggregate(ctx, scope, cfg.table), MAX_EXPORT_ROWS);
      },
    });
  }
}

const L = (en: string, hk: string, cn: string) => ({ 'en-US': en, 'zh-HK': hk, 'zh-CN': cn });
/** Export headers (the same words as analytics-shipment.json in the web app). */
const EXPORT_LABELS = {
  [k('dim.month')]: L('ETD Month', '開航月份', '开航月份'),
  [k('dim.office')]: L('Office', '辦事處', '办事处'),
  [k('dim.mode')]: L('Mode', '運輸方式', '运输方式'),
  [k('dim.service')]: L('Service', '服務類型', '服务类型'),
  [k('dim.carrier')]: L('Carrier', '承運人', '承运人'),
  [k('dim.lane')]: L('Trade Lane', '航線', '航线'),
  [k('dim.customer')]: L('Customer', '客戶', '客户'),
  [k('dim.customerName')]: L('Customer Name', '客戶名稱', '客户名称'),
  [k('dim.agent')]: L('Agent', '代理', '代理'),
  [k('dim.agentName')]: L('Agent Name', '代理名稱', '代理名称'),
  [k('dim.status')]: L('Status', '狀態', '状态'),
  [k('dim.channel')]: L('Channel', '渠道', '渠道'),
  [k('m.shipments')]: L('Shipments', '貨運數', '货运数'),
  [k('m.teu')]: L('TEU', '標準箱', '标准箱'),
  [k('m.cbm')]: L('CBM', '立方米', '立方米'),
  [k('m.kg')]: L('Gross Weight (kg)', '毛重 (公斤)', '毛重 (公斤)'),
  [k('m.share')]: L('Share of TEU %', '標準箱佔比 %', '标准箱占比 %'),
  [k('m.bookings')]: L('Bookings', '訂艙數', '订舱数'),
  [k('m.ebookings')]: L('E-bookings', '網上訂艙', '网上订舱'),
  [k('m.manual')]: L('Manual', '人手訂艙', '人工订舱'),
  [k('m.ebookingShare')]: L('E-booking %', '網上訂艙 %', '网上订舱 %'),
  [k('m.confirmed')]: L('Confirmed', '已確認', '已确认'),
  [k('m.cancelled')]: L('Cancelled', '已取消', '已取消'),
  [k('m.avgDaysToConfirm')]: L('Avg. Days to Confirm', '平均確認日數', '平均确认天数'),
};
