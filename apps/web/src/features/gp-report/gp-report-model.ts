import { GP_REPORT_NAMES, type TGpDim, type TGpReportName, type TGpRow } from '@portal/contracts';

/**
 * The GP reports' filter, drill-down and chart models without React: the report a route names, the filters
 * in the address, what a figure opens, and the chart's bars and series.
 */

/** The report filters as URL parameters (period, office, mode, service, customer, salesman, POL, basis). */
export const GP_FILTER_NAMES = [
  'from',
  'to',
  'office',
  'mode',
  'service',
  'customer',
  'salesman',
  'pol',
  'basis',
] as const;
export type GpFilterValues = Partial<Record<(typeof GP_FILTER_NAMES)[number], string>>;
/** A drill-down: the filters plus the figure's keys (month, office …) or a job. */
export type GpDrill = GpFilterValues & { month?: string; job_no?: string };

/** The report named by the route (/INV/GPReport2 → GPReport2); GPReport for anything else. */
export function reportNameOf(pathname: string): TGpReportName {
  const last = pathname.split('/').filter(Boolean).at(-1) ?? '';
  return (GP_REPORT_NAMES as string[]).includes(last) ? (last as TGpReportName) : 'GPReport';
}

/** The filters: the default period and every basis, then what the address says. */
export function gpFilterOf(params: URLSearchParams, period: { from: string; to: string }): GpFilterValues {
  const filter: GpFilterValues = { from: period.from, to: period.to, basis: 'all' };
  for (const n of GP_FILTER_NAMES) {
    const v = params.get(n);
    if (v) filter[n] = v;
  }
  return filter;
}

/** The address after a filter change: a value sets its parameter, an empty one takes it off. */
export function patchedParams(prev: URLSearchParams, patch: GpFilterValues): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(patch)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}

/**
 * What a figure opens: the filters narrowed by the figure's keys (a row without a salesman asks for '-', the
 * jobs without one), named by its keys or, for the totals, by `totalLabel`.
 */
export function drillOf(
  filter: GpFilterValues,
  keys: Record<string, string>,
  totalLabel: string,
): { at: GpDrill; label: string } {
  const at: GpDrill = { ...filter };
  for (const [d, v] of Object.entries(keys))
    (at as Record<string, string>)[d] = d === 'salesman' && !v ? '-' : v;
  return { at, label: Object.values(keys).filter(Boolean).join(' · ') || totalLabel };
}

/**
 * The chart: GP by the first dim, stacked by the second dim's values (the first `maxSeries` of them, in the
 * order they appear) when there is one, else one 'gp' series.
 */
export function gpChartModel(rows: readonly TGpRow[], dims: readonly TGpDim[], maxSeries: number) {
  const [x, s] = dims;
  const series = s ? [...new Set(rows.map((r) => r.keys[s]))].slice(0, maxSeries) : ['gp'];
  const by = new Map<string, { name: string; values: Record<string, number> }>();
  for (const r of rows) {
    const k = r.keys[x] ?? '';
    const point = by.get(k) ?? { name: k, values: {} };
    const key = s ? r.keys[s] : 'gp';
    if (series.includes(key)) point.values[key] = (point.values[key] ?? 0) + Number(r.gp);
    by.set(k, point);
  }
  return { series, data: [...by.values()] };
}
