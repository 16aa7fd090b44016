// Over 600 lines: one union over every alert source (bookings, approvals, consolidations, invoices) in its
// full, narrow, cube and candidate shapes; a source and its shapes change together.
import {
  APPROVAL_LISTS,
  BOOKING_AGEING,
  BOOKING_LISTS,
  CONSOL_AGEING,
  CONSOL_LISTS,
  COUNT_CAP,
  INVOICE_STAGES,
  isExternalProfile,
  type TAgeingRule,
  type TConsolAgeingRule,
  type TInvoiceType,
  type TOperationAlertKind,
  type TOperationAlertQuery,
} from '@portal/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import {
  BOOKING_LIST_DEFS,
  bookingVisibleSql,
  type ShippingOrderListDef,
  shippingOrderColourSql,
} from '../booking';
import { APPROVAL_LIST_DEFS } from '../booking-approval';
import { CONSOL_LIST_DEFS, consolColourSql, PENDING_CREATION_DEF, planVisibleSql } from '../consolidation';
import { stageColourSql, stageSql } from '../invoice';
import { pageViews } from './operation-alert.tables';

/** Filters the alert union takes (the dashboard's, and the OperationAlertPBI page's office). */
export type AlertFilters = Pick<TOperationAlertQuery, 'office' | 'kind' | 'colour' | 'owner'>;

/**
 * The lists that make alerts, per kind (docs/operation-alerts.md). Subsets of another alerting list with the
 * same clock and rule are left out so one alert is not listed twice: pending_for_approval (inside
 * booking_confirmed), the AR stages New (inside PendingPreparation) and Export/Import (inside PendingPosting).
 */
const BOOKING_ALERT_LISTS = [
  'new_e_booking',
  'amend_e_booking',
  'cancel_e_booking',
  'new_manual_booking',
  'booking_confirmed',
  'booking_pending_si',
] as const;
const APPROVAL_ALERT_LISTS = ['request_approval', 'pending_customer_approval', 'booking_rejected'] as const;
const CONSOL_ALERT_LISTS = [
  'request_consolidation_approval',
  'pending_customer_consolidation_approval',
  'consolidation_rejected',
] as const;
const INVOICE_SKIPPED_STAGES: Record<TInvoiceType, string[]> = { AR: ['New', 'Export', 'Import'], AP: [] };

/** Which function a kind's documents need (a viewer without it does not get those alerts). */
const KIND_FUNC: Record<Exclude<TOperationAlertKind, 'invoice'>, string> = {
  booking: 'booking',
  booking_approval: 'booking_approval',
  consolidation: 'consolidation',
  load_plan: 'consolidation',
};

const OWNER = (t: string) => sql.raw(`coalesce(${t}.updated_by, ${t}.created_by)`);
const hours = (h: number) => sql`make_interval(hours => ${h})`;

export interface Source {
  kind: TOperationAlertKind;
  list: string;
  table: 'shipping_orders' | 'consol_plans' | 'invoices';
  /** The function id a viewer needs for this list's alerts. */
  func: string;
  /** Membership: the list's row filter and its "still ageing" condition, without time or visibility. */
  member: SQL;
  /** "Yellow or red now" as the list's own colour rule writes it (its index range on the clock). */
  alerting: SQL;
  /** Visibility, membership and alerting (the direct computation's filter). */
  where: SQL;
  red: SQL;
  /** The ageing clock (ordering: oldest first, which the partial indexes on the clocks serve). */
  clock: SQL;
  /** When the alert began: the clock plus the yellow (or red) threshold; ETD minus the yellow days for plans. */
  alertAt: SQL;
  /**
   * The instants the colour changes, as pure functions of the document (the candidates store them): `where`
   * holds exactly when member and yellowAt <= now(), `red` exactly when redAt <= now(). Both increase with
   * the clock, so ordering by yellowAt is ordering by the clock.
   */
  yellowAt: SQL;
  redAt: SQL;
}

function filtersSql(table: Source['table'], f: AlertFilters): SQL[] {
  const t = sql.raw(table);
  const office = table === 'invoices' ? sql`${t}.office_code` : sql`${t}.handling_office`;
  return [
    f.office ? sql`${office} = ${f.office}` : sql`true`,
    f.owner ? sql`${OWNER(table)} = ${f.owner}` : sql`true`,
  ];
}

/** Shipping-order sources: a booking, approval or consolidation list on the booking list framework. */
function soSource(
  kind: TOperationAlertKind,
  list: string,
  def: ShippingOrderListDef,
  rule: TAgeingRule,
): Omit<Source, 'where'> | null {
  const c = shippingOrderColourSql(def, rule);
  if (!c) return null;
  const t = BOOKING_AGEING[rule];
  const member = (and(def.where, def.agedOnly) as SQL | undefined) ?? sql`true`;
  const yellowAt = sql`(${c.clock} + ${hours(t.yellow ?? t.red)})`;
  return {
    kind,
    list,
    table: 'shipping_orders',
    func: KIND_FUNC[kind as keyof typeof KIND_FUNC],
    member,
    alerting: c.alerting,
    red: c.red,
    clock: c.clock,
    alertAt: yellowAt,
    yellowAt,
    redAt: sql`(${c.clock} + ${hours(t.red)})`,
  };
}

/**
 * Every alerting list with its rules, whoever reads it (no visibility): the direct computation filters these
 * per viewer (sources), the candidate triggers and rebuild (alert-candidates.ts) are generated from them.
 */
export function allSources(): Omit<Source, 'where'>[] {
  const out: (Omit<Source, 'where'> | null)[] = [];
  for (const list of BOOKING_ALERT_LISTS)
    out.push(soSource('booking', list, BOOKING_LIST_DEFS[list], BOOKING_LISTS[list].ageing));
  for (const list of APPROVAL_ALERT_LISTS)
    out.push(soSource('booking_approval', list, APPROVAL_LIST_DEFS[list], APPROVAL_LISTS[list].ageing));
  out.push(
    soSource('consolidation', 'pending_consolidation_creation', PENDING_CREATION_DEF, 'pendingConfirmation'),
  );
  const plans: [TOperationAlertKind, string, TConsolAgeingRule][] = [
    ...CONSOL_ALERT_LISTS.map(
      (list) =>
        ['consolidation', list, CONSOL_LISTS[list].ageing as TConsolAgeingRule] as [
          TOperationAlertKind,
          string,
          TConsolAgeingRule,
        ],
    ),
    ['load_plan', 'load_plan_pending_allocation', 'loadPlan'],
  ];
  for (const [kind, list, rule] of plans) {
    const def = CONSOL_LIST_DEFS[list as keyof typeof CONSOL_LIST_DEFS];
    if (!def.clock) continue;
    const c = consolColourSql(rule, def.clock);
    const plan = {
      kind,
      list,
      table: 'consol_plans' as const,
      func: KIND_FUNC[kind as keyof typeof KIND_FUNC],
      member: def.where ?? sql`true`,
      alerting: c.alerting,
      red: c.red,
    };
    if (rule === 'loadPlan') {
      const l = CONSOL_AGEING.loadPlan;
      // `etd < current_date + n` holds exactly from midnight (session time zone, as current_date) of ETD − (n − 1).
      const from = (n: number) => sql`((consol_plans.etd - ${n - 1}::int)::timestamptz)`;
      out.push({
        ...plan,
        clock: sql`consol_plans.etd`,
        alertAt: sql`((consol_plans.etd - ${l.yellowDaysBefore}::int)::timestamp at time zone 'UTC')`,
        yellowAt: from(l.yellowDaysBefore),
        redAt: from(l.redDaysBefore),
      });
      continue;
    }
    const t = CONSOL_AGEING[rule];
    const yellowAt = sql`(${def.clock}::timestamptz + ${hours(t.yellow ?? t.red)})`;
    out.push({
      ...plan,
      clock: sql`${def.clock}::timestamptz`,
      alertAt: yellowAt,
      yellowAt,
      redAt: sql`(${def.clock}::timestamptz + ${hours(t.red)})`,
    });
  }
  for (const type of ['AR', 'AP'] as const)
    for (const stage of INVOICE_STAGES[type]) {
      const c = stageColourSql(stage);
      if (!c || INVOICE_SKIPPED_STAGES[type].includes(stage.name)) continue;
      const days = stage.ageing?.days ?? 0;
      const yellowAt = sql`(${c.clock} + make_interval(days => ${days}))`;
      out.push({
        kind: 'invoice',
        list: `${type}:${stage.name}`,
        table: 'invoices',
        // The side's read function, as the invoice lists require (m_ar, m_ap).
        func: type === 'AR' ? 'm_ar' : 'm_ap',
        member: stageSql(type, stage) ?? sql`true`,
        alerting: c.alerting,
        red: c.red,
        clock: sql`${c.clock}`,
        alertAt: yellowAt,
        yellowAt,
        redAt: sql`(${c.clock} + make_interval(days => ${2 * days}))`,
      });
    }
  return out.filter((s): s is Omit<Source, 'where'> => s !== null);
}

/** The lists this viewer may read with these filters, each with its direct filter (visibility, membership, now). */
function sources(actor: Actor, f: AlertFilters): Source[] {
  const external = isExternalProfile(actor.profile_type);
  const soVisible = external ? bookingVisibleSql(actor, 'shipping_orders') : undefined;
  const planVisible = planVisibleSql(actor, 'consol_plans') ?? undefined;
  return allSources()
    .filter(
      (s) => (!f.kind || f.kind === s.kind) && (s.kind !== 'invoice' || !external) && actor.funcs.has(s.func),
    )
    .map((s) => {
      const visible =
        s.table === 'shipping_orders' ? soVisible : s.table === 'consol_plans' ? planVisible : undefined;
      return { ...s, where: and(visible, s.member, s.alerting) as SQL };
    });
}

/** The id column of a source's table. */
const idOf = (table: Source['table']) =>
  sql.raw(table === 'shipping_orders' ? 'so_id' : table === 'invoices' ? 'inv_id' : 'consol_id');

/**
 * One source's alerting rows, oldest first, at most COUNT_CAP + 1 (so "more than the cap" is known). `narrow`:
 * only what counting and ranking need (kind, list, id, owner, office, alert time, colour); detailSql adds the
 * rest for the rows shown.
 */
function sourceSql(s: Source, f: AlertFilters, shape: 'full' | 'narrow' = 'full'): SQL {
  const t = sql.raw(s.table);
  const isSo = s.table === 'shipping_orders';
  const isInv = s.table === 'invoices';
  const office = sql.raw(isInv ? 'office_code' : 'handling_office');
  const cols =
    shape === 'narrow'
      ? sql`${idOf(s.table)} as doc_id, ${office} as office`
      : isSo
        ? sql`so_id as doc_id, so_no as number, status, handling_office as office, is_e_booking, null::text as inv_type`
        : isInv
          ? sql`inv_id as doc_id, invoice_no as number, status, office_code as office, false as is_e_booking, inv_type`
          : sql`consol_id as doc_id, consol_no as number, status, handling_office as office, false as is_e_booking, null::text as inv_type`;
  const since = shape === 'narrow' ? sql`` : sql`${s.clock}::text as since, `;
  const colour = f.colour === 'red' ? s.red : f.colour === 'yellow' ? sql`not (${s.red})` : sql`true`;
  return sql`(select ${s.kind}::text as kind, ${s.list}::text as list, ${cols}, ${OWNER(s.table)} as owner,
      ${since}${s.alertAt} as alert_at,
      case when ${s.red} then 'red' else 'yellow' end as colour
    from ${t} where ${s.where} and ${colour} and ${sql.join(filtersSql(s.table, f), sql` and `)}
    order by ${s.clock}, ${idOf(s.table)} limit ${COUNT_CAP + 1})`;
}

/** The shown rows' number, status, flags and clock (as sourceSql's full shape), by id from `r`. */
function detailSql(s: Source): SQL {
  const t = sql.raw(s.table);
  const id = idOf(s.table);
  const cols =
    s.table === 'shipping_orders'
      ? sql`so_no as number, status, is_e_booking, null::text as inv_type`
      : s.table === 'invoices'
        ? sql`invoice_no as number, status, false as is_e_booking, inv_type`
        : sql`consol_no as number, status, false as is_e_booking, null::text as inv_type`;
  return sql`(select ${s.kind}::text as kind, ${s.list}::text as list, ${id} as doc_id, ${cols},
      ${s.clock}::text as since
    from ${t} where ${id} in (select r.doc_id from r where r.kind = ${s.kind} and r.list = ${s.list}))`;
}

/** One source's alerts (the rows sourceSql reads) counted by office, colour and the week the alert began. */
function sourceCubeSql(s: Source, f: AlertFilters): SQL {
  const t = sql.raw(s.table);
  const office = sql.raw(s.table === 'invoices' ? 'office_code' : 'handling_office');
  const colour = f.colour === 'red' ? s.red : f.colour === 'yellow' ? sql`not (${s.red})` : sql`true`;
  return sql`(select ${s.kind}::text as kind, office, colour, wk, count(*)::int as n from (
      select ${office} as office, case when ${s.red} then 'red' else 'yellow' end as colour,
             date_trunc('week', ${s.alertAt} at time zone 'UTC') as wk
        from ${t} where ${s.where} and ${colour} and ${sql.join(filtersSql(s.table, f), sql` and `)}
       order by ${s.clock}, ${idOf(s.table)} limit ${COUNT_CAP + 1}) x
    group by office, colour, wk)`;
}

/** Every alert the viewer may see with these filters (each source capped), as a CTE body. */
function alertUnion(actor: Actor, f: AlertFilters): SQL | null {
  const list = sources(actor, f);
  if (!list.length) return null;
  return sql.join(
    list.map((s) => sourceSql(s, f)),
    sql` union all `,
  );
}

export type AlertRowRaw = {
  kind: TOperationAlertKind;
  list: string;
  doc_id: number;
  number: string;
  status: string | null;
  office: string | null;
  is_e_booking: boolean;
  inv_type: string | null;
  owner: string | null;
  since: string;
  alert_at: string;
  colour: 'red' | 'yellow';
};

export interface AlertDashboardRaw {
  groups: { owner: string | null; office: string | null; yellow: number; red: number; first_at: string }[];
  kinds: { kind: TOperationAlertKind; colour: 'red' | 'yellow'; n: number }[];
  lists: { kind: string; list: string; n: number }[];
  rows: (AlertRowRaw & { rn: number })[];
}

export type AlertCubeRow = {
  kind: TOperationAlertKind;
  office: string | null;
  colour: 'red' | 'yellow';
  week: string;
  n: number;
};

const EMPTY: AlertDashboardRaw = { groups: [], kinds: [], lists: [], rows: [] };

/**
 * Databases whose alert candidates are kept by the triggers (alert-candidates.ts installed and rebuilt them in
 * this process). Internal viewers read those; external viewers (party scope on the documents' parties, which
 * the candidates do not carry) and databases without them read the documents directly.
 */
const candidateDbs = new WeakSet<object>();
export function markAlertCandidatesReady(db: object, ready = true) {
  if (ready) candidateDbs.add(db);
  else candidateDbs.delete(db);
}
/** How an answer is computed: 'auto' = from the candidates when they can serve it; 'direct' = the documents. */
export type AlertPath = 'auto' | 'direct';
const fromCandidates = (db: DbOrTx, actor: Actor, path: AlertPath) =>
  path === 'auto' && candidateDbs.has(db) && !isExternalProfile(actor.profile_type);

/**
 * One list's alerting rows from the candidates: the rows, cap and order of sourceSql (yellow_at increases with
 * the list's clock; ties by id), the colour decided against now(). Narrow shape plus the week; every column is
 * in the list's index, so this is one index-only range scan of at most COUNT_CAP + 1 entries.
 */
function candidateSql(s: Source, f: AlertFilters): SQL {
  const colour =
    f.colour === 'red' ? sql` and red_at <= now()` : f.colour === 'yellow' ? sql` and red_at > now()` : sql``;
  return sql`(select kind, list, doc_id, office, owner, alert_at,
      case when red_at <= now() then 'red' else 'yellow' end as colour, week
    from op_alert_candidates where list = ${s.list} and yellow_at <= now()${
      f.office ? sql` and office = ${f.office}` : sql``
    }${f.owner ? sql` and owner = ${f.owner}` : sql``}${colour}
    order by yellow_at, doc_id limit ${COUNT_CAP + 1})`;
}

/** The narrow alert rows (kind, list, doc_id, office, owner, alert_at, colour) of the lists, either way. */
function narrowUnion(list: Source[], f: AlertFilters, candidates: boolean): SQL {
  return sql.join(
    list.map((s) =>
      candidates
        ? sql`(select kind, list, doc_id, office, owner, alert_at, colour from ${candidateSql(s, f)} c)`
        : sourceSql(s, f, 'narrow'),
    ),
    sql` union all `,
  );
}

/**
 * Request coalescing: identical computations that overlap in time share one run (nothing is kept once it
 * settles, so no answer is older than the run that was already under way when it was asked for). The
 * dashboard and OperationAlertPBI are "now" screens many people keep open and refresh (every minute): without
 * this, ten viewers asking at once run the same ~60,000-row evaluation ten times on two cores.
 * The key is what decides the answer: the sources the viewer may read (kinds by function, party scope for
 * external profiles: their own user) and the filters.
 */
const inflight = new WeakMap<object, Map<string, Promise<unknown>>>();
function shared<T>(db: DbOrTx, key: string, run: () => Promise<T>): Promise<T> {
  let byKey = inflight.get(db);
  if (!byKey) {
    byKey = new Map();
    inflight.set(db, byKey);
  }
  const running = byKey.get(key) as Promise<T> | undefined;
  if (running) return running;
  const mine = byKey;
  const p = run().finally(() => mine.delete(key));
  mine.set(key, p);
  return p;
}
const scopeKey = (what: string, actor: Actor, f: AlertFilters, extra: unknown = null) =>
  JSON.stringify([
    what,
    isExternalProfile(actor.profile_type) ? actor.user_uid : null,
    ['booking', 'booking_approval', 'consolidation', 'm_ar', 'm_ap'].filter((x) => actor.funcs.has(x)),
    f.office ?? null,
    f.kind ?? null,
    f.colour ?? null,
    f.owner ?? null,
    extra,
  ]);

export const operationAlertRepository = {
  /**
   * The dashboard in one statement: group counts, kind × colour counts, per-list sizes and the first rows.
   * The counts and the ranking read narrow rows (kind, list, id, owner, office, alert time, colour); only the
   * rows shown (perGroup per group) are read again by primary key for their number, status and clock.
   */
  dashboard(db: DbOrTx, actor: Actor, f: AlertFilters, perGroup: number): Promise<AlertDashboardRaw> {
    return shared(db, scopeKey('dashboard', actor, f, perGroup), () =>
      operationAlertRepository.dashboardNow(db, actor, f, perGroup),
    );
  },

  /** The dashboard computed by this call (dashboard() shares it with identical calls under way). */
  async dashboardNow(
    db: DbOrTx,
    actor: Actor,
    f: AlertFilters,
    perGroup: number,
    path: AlertPath = 'auto',
  ): Promise<AlertDashboardRaw> {
    const list = sources(actor, f);
    if (!list.length) return EMPTY;
    const { rows } = await db.execute<{ j: AlertDashboardRaw }>(sql`
      with a as materialized (${narrowUnion(list, f, fromCandidates(db, actor, path))}),
      g as (select owner, office, count(*) filter (where colour = 'yellow')::int as yellow,
                   count(*) filter (where colour = 'red')::int as red, min(alert_at) as first_at
              from a group by owner, office),
      k as (select kind, colour, count(*)::int as n from a group by kind, colour),
      l as (select kind, list, count(*)::int as n from a group by kind, list),
      r as materialized (select * from (select a.*, row_number() over (partition by owner, office
                                order by alert_at, kind, doc_id, list) as rn from a) x
             where rn <= ${perGroup}),
      d as (${sql.join(
        list.map((s) => detailSql(s)),
        sql` union all `,
      )}),
      rr as (select r.kind, r.list, r.doc_id, d.number, d.status, r.office, d.is_e_booking, d.inv_type, r.owner,
                    d.since, r.alert_at, r.colour, r.rn
               from r join d on d.kind = r.kind and d.list = r.list and d.doc_id = r.doc_id)
      select json_build_object(
        'groups', (select coalesce(json_agg(g order by first_at, owner, office), '[]'::json) from g),
        'kinds', (select coalesce(json_agg(k), '[]'::json) from k),
        'lists', (select coalesce(json_agg(l), '[]'::json) from l),
        'rows', (select coalesce(json_agg(rr order by alert_at, kind, doc_id, list), '[]'::json) from rr)
      ) as j`);
    return rows[0]?.j ?? EMPTY;
  },

  /**
   * Alerts counted by kind, office, colour and the week the alert began (OperationAlertPBI). Each source is
   * counted on its own capped, oldest-first rows (the same rows as the dashboard's) reading only the office,
   * the colour and the week: no row is materialised with its number, owner and clock as text, and the week
   * is formatted once per group, not per row.
   */
  cube(db: DbOrTx, actor: Actor, f: AlertFilters): Promise<AlertCubeRow[]> {
    return shared(db, scopeKey('cube', actor, f), () => operationAlertRepository.cubeNow(db, actor, f));
  },

  /** The OperationAlertPBI counts computed by this call (cube() shares it with identical calls under way). */
  async cubeNow(
    db: DbOrTx,
    actor: Actor,
    f: AlertFilters,
    path: AlertPath = 'auto',
  ): Promise<AlertCubeRow[]> {
    const list = sources(actor, f);
    if (!list.length) return [];
    if (fromCandidates(db, actor, path)) {
      const { rows } = await db.execute<AlertCubeRow>(sql`
        select kind, office, colour, to_char(week, 'YYYY-MM-DD') as week, count(*)::int as n
          from (${sql.join(
            list.map((s) => sql`(select kind, office, colour, week from ${candidateSql(s, f)} c)`),
            sql` union all `,
          )}) u
         group by kind, office, colour, week`);
      return rows;
    }
    const { rows } = await db.execute<AlertCubeRow>(sql`
      select kind, office, colour, to_char(wk, 'YYYY-MM-DD') as week, sum(n)::int as n
        from (${sql.join(
          list.map((s) => sourceCubeSql(s, f)),
          sql` union all `,
        )}) u
       group by kind, office, colour, wk`);
    return rows;
  },

  /** A page of alerts (oldest first) for a drill-down. */
  async page(
    db: DbOrTx,
    actor: Actor,
    f: AlertFilters,
    limit: number,
    offset: number,
    path: AlertPath = 'auto',
  ) {
    const union = alertUnion(actor, f);
    if (!union) return { rows: [] as AlertRowRaw[], total: 0 };
    if (fromCandidates(db, actor, path)) {
      // The page's rows from the narrow candidate rows, their number, status and clock by id (as the dashboard).
      const list = sources(actor, f);
      const { rows } = await db.execute<AlertRowRaw & { total: number }>(sql`
        with a as materialized (${narrowUnion(list, f, true)}),
        r as (select * from a order by alert_at, kind, doc_id, list limit ${limit} offset ${offset}),
        d as (${sql.join(
          list.map((s) => detailSql(s)),
          sql` union all `,
        )})
        select r.kind, r.list, r.doc_id, d.number, d.status, r.office, d.is_e_booking, d.inv_type, r.owner,
               d.since, r.alert_at, r.colour, (select count(*)::int from a) as total
          from r join d on d.kind = r.kind and d.list = r.list and d.doc_id = r.doc_id
         order by r.alert_at, r.kind, r.doc_id, r.list`);
      return { rows, total: rows[0]?.total ?? 0 };
    }
    const { rows } = await db.execute<AlertRowRaw & { total: number }>(sql`
      with a as materialized (${union})
      select a.*, (select count(*)::int from a) as total from a
       order by alert_at, kind, doc_id, list limit ${limit} offset ${offset}`);
    return { rows, total: rows[0]?.total ?? 0 };
  },
};

// ------------------------------------------------------------------------------------------------------
// Page views (the usage pages' log)
// ------------------------------------------------------------------------------------------------------

/** A view's UTC day (the usage pages' periods are UTC days). */
const PV_DAY = sql.raw(`(viewed_at at time zone 'UTC')::date`);

/** A pair (alias p) whose first or last day has left the day rollup: its bounds need recomputing (the sweep). */
const PAIR_BOUNDS_GONE = sql`(not exists (select 1 from page_view_day_cube c
                                          where c.route = p.route and c.user_uid = p.user_uid and c.day = p.first_day)
                              or not exists (select 1 from page_view_day_cube c
                                              where c.route = p.route and c.user_uid = p.user_uid and c.day = p.last_day))`;

/** A view's UTC calendar month, 'YYYY-MM-01'. */
const monthOf = (at: string) => `${new Date(at).toISOString().slice(0, 7)}-01`;

/** Advisory lock space of the month rollup's per-user recompute. */
const USER_MONTH_LOCK = 0x70766d; // 'pvm'

/**
 * Recomputes page_view_user_month's rows of these (month, user) keys (parallel arrays, repeats allowed) from page_view_user_day,
 * after the caller changed those days in its transaction, as its last step (every writer takes its row locks
 * before these advisory locks: no wait cycle). The users are locked first (advisory, in one order):
 * a concurrent writer's day rows are either committed before this statement reads (it waited) or it recomputes
 * after this one commits, so the last recompute of a month always sees every committed day.
 */
async function refreshUserMonths(tx: DbOrTx, months: string[], users: string[]) {
  const m = sql`${sql.param(months)}::date[]`;
  const u = sql`${sql.param(users)}::uuid[]`;
  await tx.execute(sql`select pg_advisory_xact_lock(${USER_MONTH_LOCK}, h)
    from (select distinct hashtext(x::text) as h from unnest(${u}) as x) t order by h`);
  await tx.execute(sql`
    with k as (select distinct k.month, k.user_uid from unnest(${m}, ${u}) as k(month, user_uid)),
    agg as (select k.month, k.user_uid, count(distinct d.day)::int as days, sum(d.n)::int as n,
                   max(d.last_at) as last_at, array_agg(distinct d.profile_type order by d.profile_type) as profiles
              from k join page_view_user_day d
                on d.user_uid = k.user_uid and d.day >= k.month and d.day < (k.month + interval '1 month')::date
             group by k.month, k.user_uid),
    gone as (delete from page_view_user_month pm using k
              where pm.month = k.month and pm.user_uid = k.user_uid
                and not exists (select 1 from agg where agg.month = k.month and agg.user_uid = k.user_uid)
             returning 1)
    insert into page_view_user_month (month, user_uid, days, n, last_at, profiles)
    select month, user_uid, days, n, last_at, profiles from agg order by month, user_uid
    on conflict (month, user_uid) do update set
      days = excluded.days, n = excluded.n, last_at = excluded.last_at, profiles = excluded.profiles`);
}

export const pageViewRepository = {
  async insert(
    db: DbOrTx,
    rows: { user_uid: string; route: string; profile_type: string | null; viewed_at: string }[],
  ) {
    if (!rows.length) return;
    // The views and their rollups in one statement, each rollup's keys upserted in order; then the month rows of
    // the users and months written (page_view_user_month: recomputed, not added to), in the same transaction.
    await db.transaction(async (tx) => {
      await tx.execute(sql`
      with v as (
        insert into page_views (user_uid, route, profile_type, viewed_at)
        select r.user_uid, r.route, r.profile_type, r.viewed_at
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               as r(user_uid uuid, route text, profile_type text, viewed_at timestamptz)
        returning user_uid, route, profile_type, viewed_at),
      g as (select ${PV_DAY} as day, route, user_uid, coalesce(profile_type, '') as profile_type,
                   count(*)::int as n, max(viewed_at) as last_at
              from v group by 1, 2, 3, 4),
      ud as (
        insert into page_view_user_day (day, user_uid, profile_type, n, last_at)
        select day, user_uid, profile_type, sum(n)::int, max(last_at) from g group by 1, 2, 3 order by 1, 2, 3
        on conflict (day, user_uid, profile_type) do update set
          n = page_view_user_day.n + excluded.n, last_at = greatest(page_view_user_day.last_at, excluded.last_at)
        returning 1),
      rd as (
        insert into page_view_route_day (day, route, n, last_at)
        select day, route, sum(n)::int, max(last_at) from g group by 1, 2 order by 1, 2
        on conflict (day, route) do update set
          n = page_view_route_day.n + excluded.n, last_at = greatest(page_view_route_day.last_at, excluded.last_at)
        returning 1),
      pp as (
        insert into page_view_pairs (route, user_uid, first_day, last_day)
        select route, user_uid, min(day), max(day) from g group by 1, 2 order by 1, 2
        on conflict (route, user_uid) do update set
          first_day = least(page_view_pairs.first_day, excluded.first_day),
          last_day = greatest(page_view_pairs.last_day, excluded.last_day)
        returning 1)
      -- ud, rd and pp run whether or not they are read (a data-modifying WITH always completes).
      insert into page_view_day_cube (day, route, user_uid, profile_type, n, last_at)
      select day, route, user_uid, profile_type, n, last_at from g order by 1, 2, 3, 4
      on conflict (day, route, user_uid, profile_type) do update set
        n = page_view_day_cube.n + excluded.n, last_at = greatest(page_view_day_cube.last_at, excluded.last_at)`);
      await refreshUserMonths(
        tx,
        rows.map((r) => monthOf(r.viewed_at)),
        rows.map((r) => r.user_uid),
      );
    });
  },

  /**
   * Deletes views older than `days` (at most 10,000 a call, so a sweep never holds a long lock) and takes them
   * off the rollups (a key left with no view goes; a pair whose first or last day left the day rollup gets its
   * bounds again from it, or goes).
   */
  async sweep(db: DbOrTx, days: number) {
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ n: number; months: string[]; users: string[] }>(sql`
        with d as (delete from page_views where id in (select id from page_views
                     where viewed_at < now() - make_interval(days => ${days}) limit 10000)
                   returning user_uid, route, profile_type, viewed_at),
        g as (select ${PV_DAY} as day, route, user_uid, coalesce(profile_type, '') as profile_type, count(*)::int as n
                from d group by 1, 2, 3, 4),
        u as (update page_view_day_cube c set n = c.n - g.n from g
               where c.day = g.day and c.route = g.route and c.user_uid = g.user_uid
                 and c.profile_type = g.profile_type returning 1),
        ud as (update page_view_user_day c set n = c.n - x.n
                 from (select day, user_uid, profile_type, sum(n)::int as n from g group by 1, 2, 3) x
                where c.day = x.day and c.user_uid = x.user_uid and c.profile_type = x.profile_type returning 1),
        rd as (update page_view_route_day c set n = c.n - x.n
                 from (select day, route, sum(n)::int as n from g group by 1, 2) x
                where c.day = x.day and c.route = x.route returning 1)
        -- u, ud and rd run whether or not they are read (a data-modifying WITH always completes).
        -- The (month, user) keys touched, as two arrays of one aggregate pass (the same order; repeats are fine).
        select coalesce(sum(g.n), 0)::int as n,
               coalesce(array_agg(date_trunc('month', g.day)::date::text), '{}') as months,
               coalesce(array_agg(g.user_uid::text), '{}') as users
          from g`);
      await tx.execute(sql`delete from page_view_day_cube where n <= 0`);
      await tx.execute(sql`delete from page_view_user_day where n <= 0`);
      await tx.execute(sql`delete from page_view_route_day where n <= 0`);
      // The pairs to fix, locked in key order first (the insert upserts pairs in that order too): the update
      // below would lock them in scan order and could wait on a viewer's insert that waits on it.
      await tx.execute(
        sql`select 1 from page_view_pairs p where ${PAIR_BOUNDS_GONE} order by p.route, p.user_uid for update`,
      );
      await tx.execute(sql`
        with b as (
          select p.route, p.user_uid,
                 (select min(c.day) from page_view_day_cube c where c.route = p.route and c.user_uid = p.user_uid) as lo,
                 (select max(c.day) from page_view_day_cube c where c.route = p.route and c.user_uid = p.user_uid) as hi
            from page_view_pairs p where ${PAIR_BOUNDS_GONE}),
        del as (delete from page_view_pairs p using b
                 where b.lo is null and p.route = b.route and p.user_uid = b.user_uid returning 1)
        update page_view_pairs p set first_day = b.lo, last_day = b.hi from b
         where b.lo is not null and p.route = b.route and p.user_uid = b.user_uid`);
      // Last, as in the insert: both take their rows (days, pairs) before the users' advisory locks, so a sweep
      // and a user's insert never wait on each other in opposite orders.
      if (rows[0]?.months.length) await refreshUserMonths(tx, rows[0].months, rows[0].users);
      return rows[0]?.n ?? 0;
    });
  },

  /** Views exist but a rollup is empty: a database from before it (day cube session 27, the others 29). */
  async dayCubeMissing(db: DbOrTx) {
    const { rows } = await db.execute<{ missing: boolean }>(sql`
      select exists (select 1 from page_views)
             and (not exists (select 1 from page_view_day_cube) or not exists (select 1 from page_view_user_day)
                  or not exists (select 1 from page_view_route_day) or not exists (select 1 from page_view_pairs)
                  or not exists (select 1 from page_view_user_month))
             as missing`);
    return rows[0]?.missing === true;
  },

  /** The rollups from scratch (after a bulk load or the demo seed, which write the log directly). */
  async rebuildDayCube(db: DbOrTx) {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`truncate page_view_day_cube, page_view_user_day, page_view_route_day, page_view_pairs, page_view_user_month`,
      );
      await tx.execute(sql`
        insert into page_view_day_cube (day, route, user_uid, profile_type, n, last_at)
        select ${PV_DAY}, route, user_uid, coalesce(profile_type, ''), count(*)::int, max(viewed_at)
          from page_views group by 1, 2, 3, 4`);
      await tx.execute(sql`
        insert into page_view_user_day (day, user_uid, profile_type, n, last_at)
        select day, user_uid, profile_type, sum(n)::int, max(last_at) from page_view_day_cube group by 1, 2, 3`);
      await tx.execute(sql`
        insert into page_view_user_month (month, user_uid, days, n, last_at, profiles)
        select date_trunc('month', day)::date, user_uid, count(distinct day)::int, sum(n)::int, max(last_at),
               array_agg(distinct profile_type order by profile_type)
          from page_view_user_day group by 1, 2`);
      await tx.execute(sql`
        insert into page_view_route_day (day, route, n, last_at)
        select day, route, sum(n)::int, max(last_at) from page_view_day_cube group by 1, 2`);
      await tx.execute(sql`
        insert into page_view_pairs (route, user_uid, first_day, last_day)
        select route, user_uid, min(day), max(day) from page_view_day_cube group by 1, 2`);
    });
  },

  byUser: (db: DbOrTx, uid: string) =>
    db.select().from(pageViews).where(eq(pageViews.user_uid, uid)).orderBy(pageViews.viewed_at),
};
