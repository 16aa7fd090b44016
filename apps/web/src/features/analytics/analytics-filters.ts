import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_PRESETS,
  type TAnalyticsDrill,
  type TAnalyticsFilterKey,
} from '@portal/contracts';

// ---------------------------------------------------------------------------------------------------------
// The analytics filter bar's state (issue 17, docs/analytics.md "Using the analytics pages"). The filters live
// in the URL query so a view can be shared, bookmarked and reached again with Back. A preset stays relative
// (?preset=last3m means "the last 3 months" on the day the link is opened); a picked range is absolute
// (?from=…&to=…). Pure functions: the page and the unit test share them.
// ---------------------------------------------------------------------------------------------------------

export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];
/** The period a page opens with when the URL names none: twelve whole months up to today. */
export const DEFAULT_PRESET: AnalyticsPreset = 'last12m';

/** The optional filters (everything but the period), in the bar's order. */
export const ANALYTICS_CHOICE_KEYS = ['office', 'mode', 'service', 'carrier', 'customer', 'lane'] as const;
export type AnalyticsChoiceKey = (typeof ANALYTICS_CHOICE_KEYS)[number];

export type AnalyticsFilterValues = { from: string; to: string } & Partial<
  Record<AnalyticsChoiceKey, string>
>;

/** What the URL says: the filters sent to the server and the preset the period came from (null = a range). */
export interface AnalyticsUrlState {
  filters: AnalyticsFilterValues;
  preset: AnalyticsPreset | null;
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const pad = (n: number) => String(n).padStart(2, '0');
/** YYYY-MM-DD of a local calendar day. */
export const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

const isPreset = (v: string | null): v is AnalyticsPreset =>
  !!v && (ANALYTICS_PRESETS as readonly string[]).includes(v);

/**
 * The days a preset covers, ending today. The month presets start on the first of a month (the current month
 * counts as one), so a chart by month shows whole months and the last bar grows during the month:
 * last30d = today − 29 … today; last3m/6m/12m = the 1st of the month 2/5/11 months back … today;
 * thisYear = 1 January … today; lastYear = last year's 1 January … 31 December.
 */
export function presetRange(preset: AnalyticsPreset, today: Date = new Date()): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  const to = ymd(today);
  switch (preset) {
    case 'last30d':
      return { from: ymd(new Date(y, m, today.getDate() - 29)), to };
    case 'last3m':
      return { from: ymd(new Date(y, m - 2, 1)), to };
    case 'last6m':
      return { from: ymd(new Date(y, m - 5, 1)), to };
    case 'last12m':
      return { from: ymd(new Date(y, m - 11, 1)), to };
    case 'thisYear':
      return { from: `${y}-01-01`, to };
    case 'lastYear':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  }
}

/** Days from `from` to `to`, both counted (calendar days, no time zone drift: computed in UTC). */
export function daysCovered(from: string, to: string): number {
  const a = Date.UTC(+from.slice(0, 4), +from.slice(5, 7) - 1, +from.slice(8, 10));
  const b = Date.UTC(+to.slice(0, 4), +to.slice(5, 7) - 1, +to.slice(8, 10));
  return Math.round((b - a) / 86_400_000) + 1;
}

/** True for a range the server accepts: two real days in order, at most ANALYTICS_MAX_DAYS long. */
export function isValidRange(from: string | null, to: string | null): boolean {
  if (!from || !to || !DAY.test(from) || !DAY.test(to) || from > to) return false;
  return daysCovered(from, to) <= ANALYTICS_MAX_DAYS;
}

/**
 * Reads the URL: ?preset wins, then a valid ?from&to, else DEFAULT_PRESET; the choices are kept when not
 * empty (upper-cased codes are the server's business: it answers msgAnalyticsFilterUnknown for a wrong one).
 */
export function readUrlState(params: URLSearchParams, today: Date = new Date()): AnalyticsUrlState {
  const p = params.get('preset');
  const from = params.get('from');
  const to = params.get('to');
  let state: AnalyticsUrlState;
  if (isPreset(p)) state = { filters: presetRange(p, today), preset: p };
  else if (from && to && isValidRange(from, to)) state = { filters: { from, to }, preset: null };
  else state = { filters: presetRange(DEFAULT_PRESET, today), preset: DEFAULT_PRESET };
  for (const k of ANALYTICS_CHOICE_KEYS) {
    const v = params.get(k)?.trim();
    if (v) state.filters[k] = v;
  }
  return state;
}

/** A change of the bar: a preset, a range or choices (undefined or '' removes one). */
export type AnalyticsPatch =
  | { preset: AnalyticsPreset }
  | { from: string; to: string }
  | Partial<Record<AnalyticsChoiceKey, string | undefined>>
  | { reset: true };

/** The next URL query after a change; other parameters of the URL are kept. */
export function applyPatch(prev: URLSearchParams, patch: AnalyticsPatch): URLSearchParams {
  const next = new URLSearchParams(prev);
  if ('reset' in patch) {
    for (const k of [...ANALYTICS_CHOICE_KEYS, 'preset', 'from', 'to']) next.delete(k);
    return next;
  }
  if ('preset' in patch) {
    next.delete('from');
    next.delete('to');
    if (patch.preset === DEFAULT_PRESET) next.delete('preset');
    else next.set('preset', patch.preset);
    return next;
  }
  if ('from' in patch && 'to' in patch) {
    next.delete('preset');
    next.set('from', patch.from);
    next.set('to', patch.to);
    return next;
  }
  for (const [k, v] of Object.entries(patch) as [AnalyticsChoiceKey, string | undefined][]) {
    if (v?.trim()) next.set(k, v.trim());
    else next.delete(k);
  }
  return next;
}

/** The query of …/documents: the filters, the figure's keys as drill_<key>=<value>, and the page. */
export function documentsQuery(
  filters: AnalyticsFilterValues,
  drill: TAnalyticsDrill,
  page: number,
  pageSize: number,
): Record<string, string | number> {
  const q: Record<string, string | number> = { ...filters, page, pageSize };
  for (const [k, v] of Object.entries(drill)) q[`drill_${k}`] = v;
  return q;
}

/** The filters as a plain query (export, API calls). */
export const filterQuery = (f: AnalyticsFilterValues): Record<string, string> => {
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(f) as [TAnalyticsFilterKey, string | undefined][]) if (v) q[k] = v;
  return q;
};
