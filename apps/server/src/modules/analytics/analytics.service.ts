import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MSG,
  ANALYTICS_PAGES,
  type TAnalyticsDrill,
  type TAnalyticsFilters,
  type TAnalyticsOptions,
} from '@portal/contracts';
import type { SQL } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { ownPartyIdsSql } from '../party';
import {
  type Cond,
  CUBES,
  MEASURES,
  type Measure,
  analyticsRepository as repo,
} from './analytics.repository';
import type { AnalyticsCtx } from './analytics-registry';

/** 400 with a message key (the error handler sends it as is). */
const bad = (msgKey: string) => new AppError(400, msgKey);

/**
 * The checks every page's filters get before its computation runs (docs/analytics.md "API"): the period is
 * from ≤ to and at most ANALYTICS_MAX_DAYS long; an office, carrier or customer code that does not exist is
 * refused rather than answered with empty figures.
 */
export async function validateFilters(db: DbOrTx, f: TAnalyticsFilters) {
  const days = (Date.parse(f.to) - Date.parse(f.from)) / 86_400_000;
  if (!Number.isFinite(days) || days < 0 || days + 1 > ANALYTICS_MAX_DAYS)
    throw bad(ANALYTICS_MSG.periodInvalid);
  if (f.office && !(await repo.officeExists(db, f.office))) throw bad(ANALYTICS_MSG.filterUnknown);
  if (f.carrier && !(await repo.carrierExists(db, f.carrier))) throw bad(ANALYTICS_MSG.filterUnknown);
  if (f.customer && (await repo.partyIdByCode(db, f.customer)) === null)
    throw bad(ANALYTICS_MSG.filterUnknown);
  if (f.lane && !/^[A-Z0-9]{2,6}-[A-Z0-9]{2,6}$/.test(f.lane)) throw bad(ANALYTICS_MSG.filterUnknown);
}

/** The drill_<key>=<value> parameters of a documents query, as a drill object. */
export function drillOf(query: Record<string, unknown>): TAnalyticsDrill {
  const drill: TAnalyticsDrill = {};
  for (const [k, v] of Object.entries(query)) {
    if (k.startsWith('drill_') && typeof v === 'string') drill[k.slice(6)] = v;
  }
  return drill;
}

/** True when the actor holds at least one analytics page's function id (the options route's guard). */
export const holdsAnyAnalytics = (actor: Actor) =>
  Object.values(ANALYTICS_PAGES).some((p) => actor.funcs.has(p.funcId));

// -------------------------------------------------------------------------------------------------------------
// The shipment source's query layer: dimensions, scope (filters + party access) and the aggregate reader.
// -------------------------------------------------------------------------------------------------------------

/** Dimensions a shipment figure can be grouped or drilled by (the drill keys). */
export const DIMS = [
  'month',
  'office',
  'mode',
  'service',
  'carrier',
  'lane',
  'customer',
  'agent',
  'status',
  'channel',
] as const;
export type Dim = (typeof DIMS)[number];
const DIM_COLS: Record<Dim, string[]> = {
  month: ['month'],
  office: ['office'],
  mode: ['mode'],
  service: ['service'],
  carrier: ['carrier'],
  lane: ['pol', 'pod'],
  customer: ['customer_id'],
  agent: ['agent_id'],
  status: ['status'],
  channel: ['channel'],
};

/** The filters resolved to column conditions, with the viewer's party scope (null = internal, sees all). */
export interface Scope {
  from: string;
  to: string;
  conds: Cond[];
  party: SQL | null;
}

/** Resolves the filter bar (and a page's forced values, e.g. mode AIR) into conditions and party scope. */
export async function scopeOf(
  ctx: AnalyticsCtx,
  f: TAnalyticsFilters,
  forced: { mode?: string } = {},
): Promise<Scope> {
  const conds: Cond[] = [];
  if (f.office) conds.push({ col: 'office', value: f.office });
  const mode = forced.mode ?? f.mode;
  if (mode) conds.push({ col: 'mode', value: mode });
  if (f.service) conds.push({ col: 'service', value: f.service });
  if (f.carrier) conds.push({ col: 'carrier', value: f.carrier });
  if (f.lane) {
    const [pol, pod] = f.lane.split('-') as [string, string];
    conds.push({ col: 'pol', value: pol }, { col: 'pod', value: pod ?? '' });
  }
  if (f.customer) {
    const id = await repo.partyIdByCode(ctx.db, f.customer);
    if (id === null) throw bad(ANALYTICS_MSG.filterUnknown);
    conds.push({ col: 'customer_id', value: id });
  }
  return { from: f.from, to: f.to, conds, party: ownPartyIdsSql(ctx.actor) };
}

/** Adds a figure's drill keys to a scope (the documents behind it). Unknown keys or values: 400. */
export async function withDrill(ctx: AnalyticsCtx, scope: Scope, drill: TAnalyticsDrill): Promise<Scope> {
  const conds = [...scope.conds];
  let { from, to } = scope;
  for (const [key, value] of Object.entries(drill)) {
    switch (key as Dim) {
      case 'month': {
        if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw bad(ANALYTICS_MSG.drillInvalid);
        conds.push({ col: 'month', value });
        break;
      }
      case 'office':
      case 'mode':
      case 'service':
      case 'status':
      case 'channel':
        conds.push({ col: key, value });
        break;
      case 'carrier':
        conds.push({ col: 'carrier', value: value === '-' ? '' : value });
        break;
      case 'lane': {
        const [pol, pod] = value.split('-');
        if (!pol || !pod) throw bad(ANALYTICS_MSG.drillInvalid);
        conds.push({ col: 'pol', value: pol }, { col: 'pod', value: pod });
        break;
      }
      case 'customer':
      case 'agent': {
        const id = value === '-' ? 0 : await repo.partyIdByCode(ctx.db, value);
        if (id === null) throw bad(ANALYTICS_MSG.drillInvalid);
        conds.push({ col: key === 'customer' ? 'customer_id' : 'agent_id', value: id });
        break;
      }
      default:
        throw bad(ANALYTICS_MSG.drillInvalid);
    }
  }
  // A drill never widens the period (a figure's month lies inside it).
  from = from > scope.from ? from : scope.from;
  to = to < scope.to ? to : scope.to;
  return { from, to, conds, party: scope.party };
}

/** One aggregated group: its dimension values (customer/agent as codes, '-' for none) and its measures. */
export interface Group {
  keys: Partial<Record<Dim, string>>;
  /** Display names of customer and agent keys. */
  names: Partial<Record<Dim, string>>;
  m: Record<Measure, string>;
}

/**
 * The measures grouped by `dims` within a scope, read from the smallest source that has every column the
 * grouping and the filters need: a cube for internal viewers (whole months; the days outside them from the
 * facts), the facts otherwise and always for external viewers (the cubes cannot be scoped to parties).
 */
export async function aggregate(ctx: AnalyticsCtx, scope: Scope, dims: readonly Dim[]): Promise<Group[]> {
  const cols = dims.flatMap((d) => DIM_COLS[d]);
  const needed = new Set([...cols, ...scope.conds.map((c) => c.col)].filter((c) => c !== 'month'));
  const cube = CUBES.find((c) => [...needed].every((n) => (c.keys as readonly string[]).includes(n))) ?? null;
  const rows = await repo.aggregate(ctx.db, {
    cols,
    conds: scope.conds,
    from: scope.from,
    to: scope.to,
    cube,
    party: scope.party,
  });
  const partyIds = new Set<number>();
  for (const r of rows) {
    if (dims.includes('customer')) partyIds.add(Number(r.customer_id));
    if (dims.includes('agent') && Number(r.agent_id)) partyIds.add(Number(r.agent_id));
  }
  const parties = await repo.partiesById(ctx.db, [...partyIds]);
  return rows
    .map((r) => {
      const keys: Group['keys'] = {};
      const names: Group['names'] = {};
      for (const d of dims) {
        if (d === 'lane') keys.lane = `${r.pol}-${r.pod}`;
        else if (d === 'customer' || d === 'agent') {
          const id = Number(r[`${d}_id`]);
          const p = parties.get(id);
          keys[d] = p?.code ?? '-';
          if (p) names[d] = p.name;
        } else if (d === 'carrier') keys.carrier = r.carrier || '-';
        else keys[d] = String(r[d]);
      }
      const m = Object.fromEntries(MEASURES.map((x) => [x, r[x] ?? '0'])) as Record<Measure, string>;
      return { keys, names, m };
    })
    .filter((g) => Number(g.m.bookings) !== 0);
}

/** The filter bar's options for this viewer (external viewers: only values on their own orders). */
export async function analyticsOptions(db: DbOrTx, actor: Actor): Promise<TAnalyticsOptions> {
  return repo.options(db, ownPartyIdsSql(actor));
}
