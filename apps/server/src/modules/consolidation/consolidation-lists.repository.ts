import {
  CONSOL_AGEING,
  CONSOL_FILTER_FIELDS,
  type CONSOL_SORTABLE,
  COUNT_CAP,
  type TConsolAgeingRule,
  type TConsolListKey,
  type TConsolListQuery,
  type TConsolStatus,
} from '@portal/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type ListSpec, likeEscape, listOrder, listPage } from '../../platform/list/list-query';
import { CONFIRMED_CLOCK, type ShippingOrderListDef, shippingOrders as so } from '../booking';
import { parties } from '../party';
import { planVisibleSql } from './consolidation.repository';
import { consolContainers, consolEquipment, consolSos, consolPlans as cp } from './consolidation.tables';

type Sort = (typeof CONSOL_SORTABLE)[number];
type PlanListKey = Exclude<TConsolListKey, 'pending_consolidation_creation'>;

const spec: ListSpec<Sort> = {
  table: cp,
  sortable: {
    consol_no: cp.consol_no,
    etd: cp.etd,
    updated_at: cp.updated_at,
    status_changed_at: cp.status_changed_at,
    created_at: cp.created_at,
  },
  defaultSort: 'consol_no',
  tiebreak: cp.consol_id,
  searchText: sql`lower(${cp.consol_no})`,
};

const filterFields = filterFieldsOf(CONSOL_FILTER_FIELDS, {
  consol_no: cp.consol_no,
  status: cp.status,
  consol_type: cp.consol_type,
  pol: cp.pol,
  pod: cp.pod,
  handling_office: cp.handling_office,
  contact_office: cp.contact_office,
  etd: cp.etd,
});

/** One plan list: its row filter and the ageing clock (a timestamp, or the ETD for the load-plan rule). */
export interface ConsolListDef {
  where: SQL | undefined;
  clock: SQL | null;
}

const STATUS_CLOCK = sql`${cp.status_changed_at}`;
const status = (...s: TConsolStatus[]) => (s.length === 1 ? eq(cp.status, s[0]) : inArray(cp.status, s));

/**
 * The plan lists (001 §2 Consolidation; docs/decisions.md "Consolidation lists"): request_consolidation_approval
 * holds plans operations still have to send (PLAN, RECOVERED, REQUEST_FOR_APPROVAL); the status lists hold
 * their status; amended_booking_pending the plans with an amended SO; load_plan_pending_allocation the plans
 * not cancelled whose SOs are not fully allocated, aged by ETD.
 */
export const CONSOL_LIST_DEFS: Record<PlanListKey, ConsolListDef> = {
  search_consolidation: { where: undefined, clock: null },
  request_consolidation_approval: {
    where: status('PLAN', 'RECOVERED', 'REQUEST_FOR_APPROVAL'),
    clock: STATUS_CLOCK,
  },
  pending_customer_consolidation_approval: { where: status('PENDING_CUSTOMER'), clock: STATUS_CLOCK },
  consolidation_approved: { where: status('APPROVED'), clock: null },
  consolidation_rejected: { where: status('REJECTED'), clock: STATUS_CLOCK },
  consolidation_advice: { where: status('CONSOL_ADVICE'), clock: null },
  amended_booking_pending: { where: sql`${cp.amended_at} is not null`, clock: null },
  load_plan_pending_allocation: {
    where: sql`(not ${cp.fully_allocated} and ${cp.status} <> 'CANCELLED')`,
    clock: sql`${cp.etd}::text`,
  },
};

/**
 * Free text: consol# containing it (trigram index), an SO#/job#/HBL# of its SOs containing it, or a
 * container number starting with it.
 */
function searchSql(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const contains = `%${likeEscape(text.toLowerCase())}%`;
  const prefix = `${likeEscape(text.replace(/[\s-]/g, '').toUpperCase())}%`;
  return sql`${cp.consol_id} in (select p.consol_id from consol_plans p where lower(p.consol_no) like ${contains}
    union select cs.consol_id from consol_sos cs join shipping_orders so on so.so_id = cs.so_id
      where lower(so.so_no || ' ' || coalesce(so.job_no, '') || ' ' || coalesce(so.hbl_no, '') || ' ' || coalesce(so.po_no, '')) like ${contains}
    union select c.consol_id from consol_containers c where c.container_no like ${prefix})`;
}

function whereOf(actor: Actor, def: ConsolListDef, q: TConsolListQuery): SQL | undefined {
  const visible = planVisibleSql(actor, 'consol_plans');
  return and(
    visible ?? undefined,
    def.where,
    searchSql(q.q),
    q.status ? eq(cp.status, q.status) : undefined,
    q.pol ? eq(cp.pol, q.pol.toUpperCase()) : undefined,
    q.pod ? eq(cp.pod, q.pod.toUpperCase()) : undefined,
    ...customFilterSql(q.filters, filterFields),
  );
}

const rowColumns = (clock: SQL | null) => ({
  consol_id: cp.consol_id,
  consol_no: cp.consol_no,
  status: cp.status,
  consol_type: cp.consol_type,
  customer_party_code: parties.party_code,
  customer_party_name: parties.full_name,
  contact_office: cp.contact_office,
  handling_office: cp.handling_office,
  pol: cp.pol,
  pod: cp.pod,
  etd: cp.etd,
  so_nos: sql<string | null>`(select string_agg(so.so_no, ',' order by cs.line_no) from ${consolSos} cs
     join shipping_orders so on so.so_id = cs.so_id where cs.consol_id = ${cp.consol_id})`,
  container_nos: sql<
    string | null
  >`(select string_agg(c.container_no, ',' order by c.seq) from ${consolContainers} c
     where c.consol_id = ${cp.consol_id} and c.container_no is not null)`,
  equipment: sql<string | null>`(select string_agg(e.qty || 'x' || e.size_type, ', ' order by e.line_no)
     from ${consolEquipment} e where e.consol_id = ${cp.consol_id})`,
  amended_at: cp.amended_at,
  amended_sos: sql<
    string | null
  >`(select string_agg(so.so_no || ': ' || (select string_agg(k, ', ' order by k)
       from jsonb_object_keys(cs.amended_changes) k), '; ' order by cs.line_no)
     from ${consolSos} cs join shipping_orders so on so.so_id = cs.so_id
     where cs.consol_id = ${cp.consol_id} and cs.amended_changes is not null)`,
  fully_allocated: cp.fully_allocated,
  ageing_since: clock ? sql<string | null>`${clock}` : sql<string | null>`null::text`,
  updated_at: cp.updated_at,
  status_changed_at: cp.status_changed_at,
  created_at: cp.created_at,
});
export type ConsolListSelect =
  ReturnType<typeof rowColumns> extends infer C
    ? { [K in keyof C]: C[K] extends { _: { data: infer D } } ? D : C[K] extends SQL<infer S> ? S : unknown }
    : never;

function selectRows(db: DbOrTx, def: ConsolListDef) {
  return db
    .select(rowColumns(def.clock))
    .from(cp)
    .leftJoin(parties, eq(parties.party_id, cp.customer_party_id));
}

const capped = (where: SQL) =>
  sql`(select count(*) from (select 1 from ${cp} where ${where} limit ${COUNT_CAP + 1}) t)::int`;

/**
 * Red and yellow conditions of a rule on a list's clock; `alerting` is "yellow or red" as one range (index
 * scans). The plan dashboard and the operation alert dashboard (modules/operation-alert) both use it.
 */
export function colourSql(
  rule: TConsolAgeingRule,
  clock: SQL,
): { red: SQL; yellow: SQL | null; alerting: SQL } {
  if (rule === 'loadPlan') {
    const t = CONSOL_AGEING.loadPlan;
    const red = sql`${cp.etd} < current_date + ${t.redDaysBefore}::int`;
    const alerting = sql`${cp.etd} < current_date + ${t.yellowDaysBefore}::int`;
    return { red, yellow: sql`(${alerting} and not (${red}))`, alerting };
  }
  const t = CONSOL_AGEING[rule];
  const aged = (h: number) => sql`${clock}::timestamptz <= now() - make_interval(hours => ${h})`;
  return {
    red: aged(t.red),
    yellow: t.yellow === null ? null : sql`(${aged(t.yellow)} and not (${aged(t.red)}))`,
    alerting: aged(t.yellow ?? t.red),
  };
}

/** The queries of the plan lists: a page, the export rows and the dashboard counts, with party visibility. */
export const consolListRepository = {
  async page(db: DbOrTx, actor: Actor, def: ConsolListDef, q: TConsolListQuery) {
    const where = whereOf(actor, def, q);
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      selectRows(db, def)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  rows(db: DbOrTx, actor: Actor, def: ConsolListDef, q: TConsolListQuery, limit: number) {
    return selectRows(db, def)
      .where(whereOf(actor, def, q))
      .orderBy(...listOrder(spec, q))
      .limit(limit);
  },

  /** Per plan list: count, yellow and red (each capped at COUNT_CAP), in one statement. */
  async dashboardCounts(
    db: DbOrTx,
    actor: Actor,
    meta: Record<PlanListKey, { ageing: TConsolAgeingRule | null }>,
  ) {
    const visible = planVisibleSql(actor, 'consol_plans');
    const parts: SQL[] = [];
    const keys = Object.keys(CONSOL_LIST_DEFS) as PlanListKey[];
    for (const key of keys) {
      const def = CONSOL_LIST_DEFS[key];
      const where = and(visible ?? undefined, def.where) ?? sql`true`;
      parts.push(sql`${capped(where)} as ${sql.identifier(`${key}_count`)}`);
      const rule = meta[key].ageing;
      if (!rule || !def.clock) continue;
      const c = colourSql(rule, def.clock);
      parts.push(sql`${capped(and(where, c.red) as SQL)} as ${sql.identifier(`${key}_red`)}`);
      if (c.yellow)
        parts.push(sql`${capped(and(where, c.yellow) as SQL)} as ${sql.identifier(`${key}_yellow`)}`);
    }
    const { rows } = await db.execute<Record<string, number>>(sql`select ${sql.join(parts, sql`, `)}`);
    const r = rows[0] ?? {};
    const cap = (n: number | undefined) => Math.min(n ?? 0, COUNT_CAP);
    return keys.map((key) => ({
      key,
      count: cap(r[`${key}_count`]),
      countCapped: (r[`${key}_count`] ?? 0) > COUNT_CAP,
      yellow: cap(r[`${key}_yellow`]),
      red: cap(r[`${key}_red`]),
    }));
  },
};

/**
 * pending_consolidation_creation's row filter on shipping orders (booking list framework): the predicate of the
 * partial indexes shipping_orders_consol_pending(_aged)_idx, so the list, its count and the colour counts are
 * index-only scans of the backlog. It was `not exists (consol_sos)`: at 1,000,000 bookings that anti-join walked
 * every planned SO (docs/consolidation.md "Bench"), and kept beside the flag it still cost 10,001 probes per
 * count. `in_consol_plan` is kept by every write of consol_sos (syncPlannedFlags, same transaction); plans
 * written by SQL are flagged by flagPlannedSos (after the demo seeds); plans from before the flag by the data
 * step drizzle-data/0000_consol_planned_flag.sql (once, with the migrations).
 */
export const PENDING_CREATION_DEF: ShippingOrderListDef = {
  where: sql`(${so.service_type} = 'LCL' and ${so.is_consolidatable} and ${so.status} in ('CONFIRMED', 'RECOVERED')
    and not ${so.in_consol_plan})`,
  clock: CONFIRMED_CLOCK,
};
