import { isExternalProfile, type TAnalyticsFilters } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { bookingVisibleSql } from '../booking';
import { planVisibleSql } from '../consolidation';
import { pageViewRepository } from './operation-alert.repository';

/** [from, to + 1 day) as timestamptz bounds (the period's days in UTC). */
const period = (f: TAnalyticsFilters) => ({
  from: sql`${f.from}::date::timestamp at time zone 'UTC'`,
  to: sql`(${f.to}::date + 1)::timestamp at time zone 'UTC'`,
});

/** The booking filters of the filter bar on shipping_orders (office, mode, service, carrier, customer, lane). */
function bookingFilters(actor: Actor, f: TAnalyticsFilters): SQL {
  const parts: SQL[] = [];
  if (isExternalProfile(actor.profile_type)) parts.push(bookingVisibleSql(actor, 'shipping_orders'));
  if (f.office) parts.push(sql`shipping_orders.handling_office = ${f.office}`);
  if (f.mode) parts.push(sql`shipping_orders.transport_mode = ${f.mode}`);
  if (f.service) parts.push(sql`shipping_orders.service_type = ${f.service}`);
  if (f.carrier) parts.push(sql`shipping_orders.carrier_code = ${f.carrier}`);
  if (f.customer)
    parts.push(
      sql`shipping_orders.customer_id in (select party_id from parties where party_code = ${f.customer})`,
    );
  if (f.lane) {
    const [pol, pod] = f.lane.split('-');
    parts.push(sql`shipping_orders.pol = ${pol ?? ''} and shipping_orders.pod = ${pod ?? ''}`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

function planFilters(actor: Actor, f: TAnalyticsFilters): SQL {
  const parts: SQL[] = [];
  const visible = planVisibleSql(actor, 'consol_plans');
  if (visible) parts.push(visible);
  if (f.office) parts.push(sql`consol_plans.handling_office = ${f.office}`);
  if (f.lane) {
    const [pol, pod] = f.lane.split('-');
    parts.push(sql`consol_plans.pol = ${pol ?? ''} and consol_plans.pod = ${pod ?? ''}`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** Invoices: internal viewers only (as the invoice screens), by office. */
function invoiceFilters(actor: Actor, f: TAnalyticsFilters): SQL {
  if (isExternalProfile(actor.profile_type)) return sql`false`;
  return f.office ? sql`invoices.office_code = ${f.office}` : sql`true`;
}

/** The operation steps (OperationReportPBI): each a document event with its time and the hours it took. */
export const OPERATION_STEPS = [
  'booking_created',
  'booking_confirmed',
  'booking_approved',
  'consol_created',
  'consol_approved',
  'invoice_created',
  'invoice_posted',
] as const;
export type TOperationStep = (typeof OPERATION_STEPS)[number];

/** Which table a step's documents live in. */
export type TStepTable = 'shipping_orders' | 'consol_plans' | 'invoices';

/**
 * A step's definition, shared by the live computation (stepSql) and the step facts (ops-steps.repository.ts),
 * so the aggregate can never count differently from the direct query: the table, the event time, the hours
 * since the previous step (null: none) and the condition the document must meet besides a time in the period.
 */
export interface StepDef {
  table: TStepTable;
  at: SQL;
  hours: SQL;
  extra: SQL;
}

// A step dated before the one it follows (history written out of order: imports, seeded documents) has no
// duration rather than a negative one.
const h = (a: SQL, b: SQL) => sql`case when ${a} >= ${b} then extract(epoch from (${a} - ${b})) / 3600.0 end`;
const none = sql`null::numeric`;

export const STEP_DEFS: Record<TOperationStep, StepDef> = {
  booking_created: {
    table: 'shipping_orders',
    at: sql`shipping_orders.created_at`,
    hours: none,
    extra: sql`true`,
  },
  booking_confirmed: {
    table: 'shipping_orders',
    at: sql`shipping_orders.confirmed_at`,
    hours: h(sql`shipping_orders.confirmed_at`, sql`shipping_orders.created_at`),
    extra: sql`true`,
  },
  booking_approved: {
    table: 'shipping_orders',
    at: sql`shipping_orders.approval_status_at`,
    hours: h(sql`shipping_orders.approval_status_at`, sql`shipping_orders.confirmed_at`),
    extra: sql`shipping_orders.approval_status = 'APPROVED'`,
  },
  consol_created: { table: 'consol_plans', at: sql`consol_plans.created_at`, hours: none, extra: sql`true` },
  consol_approved: {
    table: 'consol_plans',
    at: sql`consol_plans.status_changed_at`,
    hours: h(sql`consol_plans.status_changed_at`, sql`consol_plans.created_at`),
    extra: sql`consol_plans.status = 'APPROVED'`,
  },
  invoice_created: {
    table: 'invoices',
    at: sql`invoices.created_at`,
    hours: none,
    extra: sql`invoices.status <> 'DELETED'`,
  },
  invoice_posted: {
    table: 'invoices',
    at: sql`invoices.posted_at`,
    hours: h(sql`invoices.posted_at`, sql`invoices.created_at`),
    extra: sql`invoices.status <> 'DELETED'`,
  },
};

/** One SQL per step: doc key, number, office, the event time, hours since the previous step (or null). */
function stepSql(actor: Actor, f: TAnalyticsFilters, step: TOperationStep): SQL {
  const p = period(f);
  const d = STEP_DEFS[step];
  const inPeriod = sql`${d.at} >= ${p.from} and ${d.at} < ${p.to} and ${d.extra}`;
  switch (d.table) {
    case 'shipping_orders':
      return sql`select 'booking'::text as kind, shipping_orders.so_no as key, shipping_orders.so_no as number,
          shipping_orders.status, shipping_orders.handling_office as office, ${d.at} as at, ${d.hours} as hours
        from shipping_orders where ${inPeriod} and ${bookingFilters(actor, f)}`;
    case 'consol_plans':
      return sql`select 'consolidation'::text, consol_plans.consol_no, consol_plans.consol_no, consol_plans.status,
          consol_plans.handling_office, ${d.at}, ${d.hours}
        from consol_plans where ${inPeriod} and ${planFilters(actor, f)}`;
    case 'invoices':
      return sql`select 'invoice'::text, invoices.inv_id::text, invoices.invoice_no, invoices.status, invoices.office_code,
          ${d.at}, ${d.hours}
        from invoices where ${inPeriod} and ${invoiceFilters(actor, f)}`;
  }
}

const weekOf = (at: SQL) => sql`to_char(date_trunc('week', ${at} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** A document of a step or handled-documents drill, with the count of the whole drill. */
export type OpsDocRow = {
  kind: 'booking' | 'consolidation' | 'invoice';
  key: string;
  number: string;
  status: string | null;
  office: string | null;
  at: string;
  total: number;
};

export const opsAnalyticsRepository = {
  /**
   * Step counts and average hours by week and office (OperationReportPBI), computed live from the documents
   * (the page reads opsStepsRepository.cube when it can; this is the direct computation it must equal).
   */
  async operationCube(db: DbOrTx, actor: Actor, f: TAnalyticsFilters) {
    const parts = OPERATION_STEPS.map(
      (s) =>
        sql`(select ${s}::text as step, ${weekOf(sql`x.at`)} as week, x.office, count(*)::int as n,
              round(avg(x.hours)::numeric, 1)::text as avg_hours, sum(x.hours)::text as sum_hours,
              count(x.hours)::int as n_hours
            from (${stepSql(actor, f, s)}) x(kind, key, number, status, office, at, hours) group by 2, 3)`,
    );
    const { rows } = await db.execute<{
      step: string;
      week: string;
      office: string | null;
      n: number;
      avg_hours: string | null;
      sum_hours: string | null;
      n_hours: number;
    }>(sql.join(parts, sql` union all `));
    return rows;
  },

  /** The documents of one step (drill-down), newest event first. */
  async operationDocs(
    db: DbOrTx,
    actor: Actor,
    f: TAnalyticsFilters,
    step: TOperationStep,
    drill: { office?: string; week?: string },
    limit: number,
    offset: number,
  ) {
    const { rows } = await db.execute<OpsDocRow & { hours: string | null }>(sql`
      with x(kind, key, number, status, office, at, hours) as (${stepSql(actor, f, step)}),
      y as (select * from x where (${drill.office ?? null}::text is null or office = ${drill.office ?? null})
              and (${drill.week ?? null}::text is null or ${weekOf(sql`at`)} = ${drill.week ?? null}))
      select y.kind, y.key, y.number, y.status, y.office, y.at::text as at, round(y.hours::numeric, 1)::text as hours,
             (select count(*)::int from y) as total
        from y order by y.at desc, y.key limit ${limit} offset ${offset}`);
    return rows;
  },

  /** Status-history entries in the period per user, office and kind (ProductivityReportPBI). */
  async productivity(db: DbOrTx, actor: Actor, f: TAnalyticsFilters, user?: string) {
    const { rows } = await db.execute<{
      actor_uid: string | null;
      actor_name: string | null;
      office: string | null;
      kind: 'booking' | 'consolidation' | 'invoice';
      actions: number;
      docs: number;
    }>(sql`
      with h as (${handledSql(actor, f)})
      select actor_uid, max(actor_name) as actor_name, office, kind, count(*)::int as actions,
             count(distinct key)::int as docs
        from h where (${user ?? null}::text is null or actor_uid = ${user ?? null})
       group by actor_uid, office, kind`);
    return rows;
  },

  /** The documents one user handled in the period (drill-down). */
  async handledDocs(
    db: DbOrTx,
    actor: Actor,
    f: TAnalyticsFilters,
    drill: { user?: string; office?: string; kind?: string },
    limit: number,
    offset: number,
  ) {
    const { rows } = await db.execute<OpsDocRow & { actions: number }>(sql`
      with h as (${handledSql(actor, f)}),
      y as (select kind, key, max(number) as number, max(status) as status, office, max(at) as at,
                   count(*)::int as actions
              from h
             where (${drill.user ?? null}::text is null or actor_uid = ${drill.user ?? null})
               and (${drill.office ?? null}::text is null or office = ${drill.office ?? null})
               and (${drill.kind ?? null}::text is null or kind = ${drill.kind ?? null})
             group by kind, key, office)
      select y.*, y.at::text as at, (select count(*)::int from y) as total from y
       order by y.at desc, y.key limit ${limit} offset ${offset}`);
    return rows;
  },

  /**
   * InsightTrackerReportPBI's figures summed in the database: views, distinct users and last view per day, per
   * route and in all (part 'day' | 'route' | 'all'). Internal viewers read the session-29 rollups (per day from
   * page_view_user_day, per route from page_view_route_day, users per route from page_view_pairs with one probe
   * of page_view_day_cube per pair overlapping the period), so no read grows with the views or with routes × users
   * × days; an external viewer (own views only) reads its own rows of page_view_day_cube.
   */
  async insightFigures(db: DbOrTx, actor: Actor, f: TAnalyticsFilters) {
    const where = await pageViewWhere(db, actor, f);
    type Row = { part: string; key: string | null; n: number; users: number; last_at: string | null };
    if (isExternalProfile(actor.profile_type)) {
      const { rows } = await db.execute<Row>(sql`
        select case when grouping(v.day) = 0 then 'day' when grouping(v.route) = 0 then 'route' else 'all' end as part,
               coalesce(to_char(v.day, 'YYYY-MM-DD'), v.route) as key, coalesce(sum(v.n), 0)::int as n,
               count(distinct v.user_uid)::int as users, max(v.last_at)::text as last_at
          from page_view_day_cube v where ${where}
         group by grouping sets ((v.day), (v.route), ())`);
      return rows;
    }
    // Users per day: the (day, user) keys hashed first (a user rarely has two profile types a day); users in all
    // and per route: the pairs viewed in the period (materialised once, one probe each at most).
    const { rows } = await db.execute<Row>(sql`
      with ud as (select v.day, v.user_uid, sum(v.n) as n, max(v.last_at) as last_at
                    from page_view_user_day v where ${where} group by v.day, v.user_uid),
      d as (select day, sum(n)::int as n, count(*)::int as users, max(last_at) as last_at from ud group by day),
      ap as materialized (select p.route, p.user_uid from ${activePairs(f)}),
      r as (select v.route, sum(v.n)::int as n, max(v.last_at)::text as last_at
              from page_view_route_day v where ${where} group by v.route),
      ru as (select route, count(*)::int as users from ap group by route)
      select 'day'::text as part, to_char(day, 'YYYY-MM-DD') as key, n, users, last_at::text as last_at from d
      union all
      select 'all', null, (select coalesce(sum(n), 0)::int from d),
             (select count(distinct user_uid)::int from ap), (select max(last_at)::text from d)
      union all select 'route', r.route, r.n, coalesce(ru.users, 0), r.last_at from r left join ru using (route)`);
    return rows;
  },

  /**
   * WeblogTrackerReportPBI's figures summed in the database: per user (views, screens, days, last view, profile
   * types, with the login and name) and views per day × profile type (part 'user' | 'day'). Internal viewers read
   * page_view_user_day and page_view_pairs (screens per user: the pairs viewed in the period); an external viewer
   * its own rows of page_view_day_cube.
   */
  async weblogFigures(db: DbOrTx, actor: Actor, f: TAnalyticsFilters) {
    const where = await pageViewWhere(db, actor, f);
    type Row = {
      part: string;
      user_uid: string | null;
      login_id: string | null;
      user_name: string | null;
      day: string | null;
      profile_type: string | null;
      profiles: string[] | null;
      n: number;
      routes: number;
      days: number;
      last_at: string | null;
    };
    const g = isExternalProfile(actor.profile_type)
      ? sql`
        select case when grouping(v.user_uid) = 0 then 'user' else 'day' end as part, v.user_uid, v.day,
               v.profile_type, sum(v.n)::int as n, count(distinct v.route)::int as routes,
               count(distinct v.day)::int as days, max(v.last_at) as last_at,
               array_agg(distinct v.profile_type) as profiles
          from page_view_day_cube v where ${where}
         group by grouping sets ((v.user_uid), (v.day, v.profile_type))`
      : weblogInternalSql(f, where);
    const { rows } = await db.execute<Row>(sql`
      with g as (${g})
      select g.part, g.user_uid::text as user_uid, u.login_id, trim(u.first_name || ' ' || u.last_name) as user_name,
             to_char(g.day, 'YYYY-MM-DD') as day, g.profile_type, g.profiles, g.n, g.routes, g.days,
             g.last_at::text as last_at
        from g left join users u on u.user_uid = g.user_uid`);
    return rows;
  },

  /**
   * Page views in the period by day, route, user (the usage pages' drill-down); own views only for external viewers. Read
   * from the day rollup page_view_day_cube (the log grouped by the same keys; periods are UTC days).
   */
  async pageViewCube(db: DbOrTx, actor: Actor, f: TAnalyticsFilters) {
    const where = await pageViewWhere(db, actor, f);
    const { rows } = await db.execute<{
      day: string;
      route: string;
      user_uid: string;
      login_id: string | null;
      user_name: string | null;
      profile_type: string | null;
      n: number;
      last_at: string;
    }>(sql`
      select to_char(v.day, 'YYYY-MM-DD') as day, v.route, v.user_uid::text as user_uid,
             u.login_id, trim(u.first_name || ' ' || u.last_name) as user_name, nullif(v.profile_type, '') as profile_type,
             v.n, v.last_at::text as last_at
        from page_view_day_cube v left join users u on u.user_uid = v.user_uid
       where ${where}`);
    return rows;
  },
};

let dayCubeReady: Promise<void> | undefined;

/** The usage pages' rows of the day rollup (alias v): the period's days, own views only for an external viewer. */
async function pageViewWhere(db: DbOrTx, actor: Actor, f: TAnalyticsFilters): Promise<SQL> {
  // Once per process: a database whose log predates the rollup gets it built before the first read.
  dayCubeReady ??= pageViewRepository
    .dayCubeMissing(db)
    .then((missing) => (missing ? pageViewRepository.rebuildDayCube(db) : undefined));
  await dayCubeReady;
  const own = isExternalProfile(actor.profile_type) ? sql`v.user_uid = ${actor.user_uid}` : sql`true`;
  return sql`v.day between ${f.from}::date and ${f.to}::date and ${own}`;
}

/**
 * WeblogTracker's figures for an internal viewer: per user from the period's whole calendar months in
 * page_view_user_month plus its edge days from page_view_user_day (a month's days are disjoint from another's,
 * so days active add up across the parts), screens per user from the pairs, views per day × profile type.
 */
function weblogInternalSql(f: TAnalyticsFilters, where: SQL): SQL {
  const { wholeFrom, wholeTo } = wholeMonths(f.from, f.to);
  const edge = wholeFrom
    ? sql`(v.day >= ${f.from}::date and v.day < ${wholeFrom}::date) or (v.day >= ${wholeTo}::date and v.day <= ${f.to}::date)`
    : sql`v.day between ${f.from}::date and ${f.to}::date`;
  const whole = wholeFrom
    ? sql`union all select m.user_uid, m.days, m.n, m.last_at, m.profiles from page_view_user_month m
           where m.month >= ${wholeFrom}::date and m.month < ${wholeTo}::date`
    : sql``;
  return sql`
    with ru as (select p.user_uid, count(*)::int as routes from ${activePairs(f)} group by p.user_uid),
    ed as materialized (select v.day, v.user_uid, v.profile_type, v.n, v.last_at from page_view_user_day v
                         where ${edge}),
    parts as materialized (
      select user_uid, count(*)::int as days, sum(n)::int as n, max(last_at) as last_at, null::text[] as profiles
        from (select user_uid, day, sum(n) as n, max(last_at) as last_at from ed group by user_uid, day) x
       group by user_uid
      union all
      select user_uid, 0, 0, null, array_agg(distinct profile_type) from ed group by user_uid
      ${whole}),
    u as (select user_uid, sum(days)::int as days, sum(n)::int as n, max(last_at) as last_at from parts
           group by user_uid),
    pr as (select user_uid, array_agg(distinct p order by p) as profiles
             from parts cross join lateral unnest(parts.profiles) as p group by user_uid)
    select 'user'::text as part, u.user_uid, null::date as day, null::text as profile_type, u.n,
           coalesce(ru.routes, 0) as routes, u.days, u.last_at, pr.profiles
      from u join pr using (user_uid) left join ru using (user_uid)
    union all
    select 'day', null, v.day, v.profile_type, sum(v.n)::int, 0, 1, max(v.last_at), null
      from page_view_user_day v where ${where}
     group by v.day, v.profile_type`;
}

/**
 * The whole calendar months inside [from, to] (YYYY-MM-DD, UTC days) as [wholeFrom, wholeTo): the first of the
 * first whole month and the first of the month after the last; no months (wholeFrom null) when none fits.
 */
function wholeMonths(from: string, to: string): { wholeFrom: string | null; wholeTo: string | null } {
  const first = (y: number, m: number) => new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  const [fy, fm, fd] = from.split('-').map(Number);
  const wholeFrom = fd === 1 ? from : first(fy, fm); // months are 0-based in Date.UTC: fm is the next month
  const next = new Date(`${to}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const wholeTo =
    next.getUTCDate() === 1
      ? next.toISOString().slice(0, 10)
      : first(next.getUTCFullYear(), next.getUTCMonth());
  return wholeFrom < wholeTo ? { wholeFrom, wholeTo } : { wholeFrom: null, wholeTo: null };
}

/**
 * The (route, user) pairs viewed in the period (alias p). A pair's first and last days are days it was viewed
 * (the insert, the sweep and the rebuild keep them so), so a pair overlapping the period whose first or last day
 * lies inside it was viewed in it; only a pair spanning the whole period (first day before, last day after) needs
 * an index probe on (route, user_uid, day) for a day-rollup row in it. For the usual periods, the last months up
 * to today, that is almost none (at 1,000,000 views of 300 users: 3,600 probes, 31 ms, before this).
 */
function activePairs(f: TAnalyticsFilters): SQL {
  return sql`page_view_pairs p
    where p.first_day <= ${f.to}::date and p.last_day >= ${f.from}::date
      and (p.first_day >= ${f.from}::date or p.last_day <= ${f.to}::date
           or exists (select 1 from page_view_day_cube c
                       where c.route = p.route and c.user_uid = p.user_uid
                         and c.day between ${f.from}::date and ${f.to}::date))`;
}

/**
 * An invoice entry's id as the invoice key (`inv_id::text = entity_id` could not use the primary key: at
 * 2,000,000 invoices every productivity call hashed the whole table). Not a number: no invoice.
 */
const INVOICE_ID = sql.raw(`(case when h.entity_id ~ '^[0-9]{1,9}$' then h.entity_id::int end)`);

/** Status-history entries of bookings, plans and invoices in the period with the document's office. */
function handledSql(actor: Actor, f: TAnalyticsFilters): SQL {
  const p = period(f);
  const external = isExternalProfile(actor.profile_type);
  const b = bookingFilters(actor, f);
  const c = planFilters(actor, f);
  const i = invoiceFilters(actor, f);
  return sql`
    select 'booking'::text as kind, h.entity_id as key, shipping_orders.so_no as number,
           shipping_orders.status, shipping_orders.handling_office as office, h.actor_uid, h.actor_name,
           h.created_at as at
      from status_history h join shipping_orders on shipping_orders.so_no = h.entity_id
     where h.entity_type = 'booking' and h.created_at >= ${p.from} and h.created_at < ${p.to} and ${b}
    union all
    select 'consolidation', h.entity_id, consol_plans.consol_no, consol_plans.status, consol_plans.handling_office,
           h.actor_uid, h.actor_name, h.created_at
      from status_history h join consol_plans on consol_plans.consol_no = h.entity_id
     where h.entity_type = 'consolidation' and h.created_at >= ${p.from} and h.created_at < ${p.to} and ${c}
    union all
    select 'invoice', h.entity_id, invoices.invoice_no, invoices.status, invoices.office_code,
           h.actor_uid, h.actor_name, h.created_at
      from status_history h join invoices on invoices.inv_id = ${INVOICE_ID}
     where h.entity_type = 'invoice' and h.created_at >= ${p.from} and h.created_at < ${p.to} and ${i}
       and ${external ? sql`false` : sql`true`}`;
}
