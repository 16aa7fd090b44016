import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MSG,
  isExternalProfile,
  money,
  type TAnalyticsChart,
  type TAnalyticsDrill,
  type TAnalyticsFilters,
  type TAnalyticsTable,
} from '@portal/contracts';
import { badRequest, forbidden } from '../../platform/errors/app-error';
import type { AnalyticsCtx } from '../analytics';
import {
  type GpAnWhere,
  type GpCol,
  type GpSums,
  analyticsGpRepository as repo,
} from './analytics-gp.repository';

/** Namespace of every label this source returns (apps/web/src/features/analytics/locales/…/analytics-gp.json). */
export const NS = 'analytics-gp';
/** Rows a page's table shows; the export has up to EXPORT_ROWS. */
export const TABLE_ROWS = 500;
export const EXPORT_ROWS = 10_000;
/** Cap of a documents list's total (10,001 = "10,000 or more", contracts ZAnalyticsDocuments). */
export const DOC_CAP = 10_000;

type Kind = TAnalyticsTable['columns'][number]['kind'];

export const col = (key: string, kind: Kind) => ({ key, labelKey: `${NS}:col.${key}`, kind });
export const kpi = (key: string, value: string | null, kind: Kind, drill?: TAnalyticsDrill) => ({
  key,
  labelKey: `${NS}:kpi.${key}`,
  value,
  kind,
  ...(drill ? { drill } : {}),
});
export const series = (key: string, kind: Kind) => ({ key, labelKey: `${NS}:series.${key}`, kind });

/**
 * GP pages are internal only (docs/decisions.md): they show the forwarder's cost and margin, which no
 * customer, agent or vendor may see, so an external profile is refused even when a role grants the page.
 */
export function assertInternal(ctx: AnalyticsCtx) {
  if (isExternalProfile(ctx.actor.profile_type)) throw forbidden();
}

const DAY_MS = 86_400_000;

/** The period checked: from ≤ to, at most ANALYTICS_MAX_DAYS days. */
export function checkPeriod(f: TAnalyticsFilters) {
  const days = (Date.parse(f.to) - Date.parse(f.from)) / DAY_MS + 1;
  if (!(days >= 1 && days <= ANALYTICS_MAX_DAYS))
    throw badRequest([{ field: 'from', msgKey: ANALYTICS_MSG.periodInvalid }], ANALYTICS_MSG.periodInvalid);
}

/** 'YYYY-MM' shifted by n months. */
export function addMonths(month: string, n: number) {
  const [y, m] = month.split('-').map(Number);
  const t = y * 12 + (m - 1) + n;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
}

/** The months from..to inclusive. */
export function monthsOf(from: string, to: string) {
  const out: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) out.push(m);
  return out;
}

const unknown = (field: string) =>
  badRequest([{ field, msgKey: ANALYTICS_MSG.filterUnknown }], ANALYTICS_MSG.filterUnknown);
const LANE = /^([A-Z0-9]{2,10})-([A-Z0-9]{2,10})$/;

/**
 * The filter bar in GP-table terms. `basis` says which date the period filters: the job month (whole months
 * containing from..to) or the invoice date (gp_invoice_facts, exact days).
 */
export async function whereOf(
  ctx: AnalyticsCtx,
  f: TAnalyticsFilters,
  basis: 'jobMonth' | 'invoiceDate',
): Promise<GpAnWhere> {
  checkPeriod(f);
  const w: GpAnWhere =
    basis === 'jobMonth'
      ? { months: [f.from.slice(0, 7), f.to.slice(0, 7)], eq: {} }
      : { days: [f.from, f.to], eq: {} };
  if (f.office) w.eq.office = f.office;
  if (f.mode) w.eq.mode = f.mode;
  if (f.service) w.eq.service = f.service;
  if (f.carrier) w.eq.carrier = f.carrier;
  if (f.customer) {
    const id = await repo.partyIdByCode(ctx.db, f.customer);
    if (id === null) throw unknown('customer');
    w.eq.customer_id = id;
  }
  if (f.lane) {
    const m = LANE.exec(f.lane.toUpperCase());
    if (!m) throw unknown('lane');
    w.eq.pol = m[1];
    w.eq.pod = m[2];
  }
  return w;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A figure's drill keys added to the where (each page allows its own keys): month/jobMonth (job month),
 * invMonth (invoice month), customer and vendor (party codes), lane (POL-POD), salesman ('-' = none),
 * office, mode, service. Anything else is 400 msgAnalyticsDrillInvalid.
 */
export async function withDrill(
  ctx: AnalyticsCtx,
  w: GpAnWhere,
  drill: TAnalyticsDrill,
  allowed: readonly string[],
): Promise<GpAnWhere> {
  const bad = () =>
    badRequest([{ field: 'drill', msgKey: ANALYTICS_MSG.drillInvalid }], ANALYTICS_MSG.drillInvalid);
  const eq: GpAnWhere['eq'] = { ...w.eq };
  let never = w.never ?? false;
  const set = (c: GpCol, v: string | number) => {
    // A drill value that contradicts the filter bar gives no rows, not the drill's own rows.
    if (eq[c] !== undefined && eq[c] !== v) never = true;
    eq[c] = v;
  };
  for (const [k, v] of Object.entries(drill)) {
    if (!allowed.includes(k)) throw bad();
    switch (k) {
      case 'month':
      case 'jobMonth':
        if (!MONTH.test(v)) throw bad();
        set('job_month', v);
        break;
      case 'invMonth':
        if (!MONTH.test(v)) throw bad();
        set('inv_month', v);
        break;
      case 'customer':
      case 'vendor': {
        const id = await repo.partyIdByCode(ctx.db, v);
        if (id === null) throw bad();
        set(k === 'customer' ? 'customer_id' : 'party_id', id);
        break;
      }
      case 'lane': {
        const m = /^([A-Z0-9]{2,10})-([A-Z0-9]{0,10})$/.exec(v);
        if (!m) throw bad();
        set('pol', m[1]);
        set('pod', m[2]);
        break;
      }
      case 'salesman':
        set('salesman', v === '-' ? '' : v);
        break;
      case 'office':
      case 'mode':
      case 'service':
        set(k, v);
        break;
      default:
        throw bad();
    }
  }
  return { ...w, eq, never };
}

/** Base-currency rounding (HKD: 2). */
export type Base = { scale: number };

const nonZero = (v: string) => money.compare(v, '0') !== 0;

/** GP figures of one group's sums, every one a decimal string (null where undefined: no revenue, no units). */
export function figures(s: Pick<GpSums, 'jobs' | 'teu' | 'revenue' | 'cost'>, base: Base) {
  const revenue = money.round(s.revenue, base);
  const cost = money.round(s.cost, base);
  const gp = money.round(money.sub(revenue, cost), base);
  const jobs = String(Number(s.jobs));
  const teu = money.round(s.teu, { scale: 2 });
  return {
    shipments: jobs,
    teu,
    revenue,
    cost,
    gp,
    margin: nonZero(revenue) ? money.round(money.div(money.mul(gp, 100), revenue, 12), { scale: 1 }) : null,
    gpPerTeu: nonZero(teu) ? money.round(money.div(gp, teu, 12), base) : null,
    gpPerShipment: jobs !== '0' ? money.round(money.div(gp, jobs, 12), base) : null,
  };
}

/** (now − before) ÷ |before| in %, 1 decimal; null when before is 0. */
export function changePct(now: string, before: string) {
  if (!nonZero(before)) return null;
  const abs = money.compare(before, '0') < 0 ? money.mul(before, -1) : before;
  return money.round(money.div(money.mul(money.sub(now, before), 100), abs, 12), { scale: 1 });
}

/** Σ of groups' sums (exact decimals). */
export function sumOf(rows: readonly Pick<GpSums, 'jobs' | 'teu' | 'revenue' | 'cost'>[]) {
  return {
    jobs: rows.reduce((n, r) => n + Number(r.jobs), 0),
    teu: money.sum(rows.map((r) => r.teu)),
    revenue: money.sum(rows.map((r) => r.revenue)),
    cost: money.sum(rows.map((r) => r.cost)),
  };
}

/**
 * A stacked chart of one measure over x (months) by a second dimension: the `top` largest series by their
 * total, the rest summed as "other".
 */
export function stacked(
  key: string,
  rows: readonly { x: string; s: string; v: string }[],
  xs: readonly string[],
  drillKey = 'month',
  top = 8,
): TAnalyticsChart {
  const totals = new Map<string, string>();
  for (const r of rows) totals.set(r.s, money.add(totals.get(r.s) ?? '0', r.v));
  const keep = [...totals.entries()]
    .sort((a, b) => money.compare(b[1], a[1]) || a[0].localeCompare(b[0]))
    .slice(0, top)
    .map(([s]) => s);
  const other = totals.size > keep.length;
  const seriesList = [
    ...keep.map((s) => ({ key: `s_${s}`, label: s || '-', kind: 'money' as const })),
    ...(other ? [series('other', 'money')] : []),
  ];
  const points = xs.map((x) => {
    const values: Record<string, string | null> = {};
    for (const s of seriesList) values[s.key] = '0.00';
    for (const r of rows.filter((p) => p.x === x)) {
      const k = keep.includes(r.s) ? `s_${r.s}` : 'other';
      values[k] = money.round(money.add(values[k] ?? '0', r.v), { scale: 2 });
    }
    return { x, values, drill: { [drillKey]: x } };
  });
  return { key, titleKey: `${NS}:chart.${key}`, type: 'stackedBar', series: seriesList, points };
}
