import {
  BOOKING_AGEING,
  BOOKING_FILTER_FIELDS,
  type BOOKING_SORTABLE,
  COUNT_CAP,
  type TAgeingRule,
  type TBookingListKey,
  type ZBookingListQuery,
} from '@portal/contracts';
import { and, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import {
  type AmongSet,
  constantEq,
  constantIn,
  type PagePlan,
  readPage,
  renderedSelect,
} from '../../platform/db/rendered-select';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import {
  amongSetOf,
  cappedCount,
  type ListSpec,
  likeEscape,
  listOrder,
  listPage,
} from '../../platform/list/list-query';
import {
  idsAmongByNumberPrefix,
  idsByNumberPrefix,
  idsIn,
  numberLikePrefix,
} from '../../platform/search/document-numbers';
import { parties } from '../party';
import type { BookingListSelect } from './booking.presenter';
import { shippingOrders as so, soContainers } from './booking.tables';
import { BOOKING_PARTY_COLUMNS, ownPartyIdsSql } from './booking-access.repository';
import { BOOKING_SEARCH_KIND } from './booking-search.repository';

type Sort = (typeof BOOKING_SORTABLE)[number];
export type BookingListQuery = z.output<typeof ZBookingListQuery>;

/** Same expression as the trigram index shipping_orders_search_trgm_idx. */
const SEARCH_TEXT = sql`lower(${so.so_no} || ' ' || coalesce(${so.job_no}, '') || ' ' || coalesce(${so.hbl_no}, '') || ' ' || coalesce(${so.po_no}, ''))`;

const spec: ListSpec<Sort> = {
  table: so,
  sortable: {
    so_no: so.so_no,
    etd: so.etd,
    eta: so.eta,
    updated_at: so.updated_at,
    status_changed_at: so.status_changed_at,
    created_at: so.created_at,
  },
  defaultSort: 'so_no',
  tiebreak: so.so_id,
  searchText: SEARCH_TEXT,
};

const filterFields = filterFieldsOf(BOOKING_FILTER_FIELDS, {
  so_no: so.so_no,
  job_no: so.job_no,
  hbl_no: so.hbl_no,
  po_no: so.po_no,
  status: so.status,
  service_type: so.service_type,
  transport_mode: so.transport_mode,
  pol: so.pol,
  pod: so.pod,
  fd: so.fd,
  carrier_code: so.carrier_code,
  vessel_name: so.vessel_name,
  voyage: so.voyage,
  handling_office: so.handling_office,
  si_status: so.si_status,
  space_status: so.space_status,
  approval_status: so.approval_status,
  etd: so.etd,
  eta: so.eta,
  cargo_ready_date: so.cargo_ready_date,
});

/** The clock of the confirmed lists: when the booking was confirmed (same expression as its index). */
export const CONFIRMED_CLOCK = sql`coalesce(${so.confirmed_at}, ${so.status_changed_at})`;

/**
 * The 9 lists (001 §2 Booking): which orders each shows and the ageing clock of its rows.
 * search_booking: everything visible; new/amend/cancel e-booking and new manual booking: that pending status,
 * aged from the status change; booking_confirmed: CONFIRMED, aged from the confirmation while approval is not
 * APPROVED; reuse_booking: CONFIRMED, RECOVERED or CANCELLED (rows to copy from); booking_cancelled:
 * CANCELLED; booking_pending_si: CONFIRMED with the house SI still PENDING, aged from the confirmation.
 */
/**
 * One shipping-order list: its row filter, the ageing clock shown per row (`ageing_since`), and for the
 * dashboard's colour counts the raw (indexed) clock and the "still ageing" condition when they differ.
 */
export interface ShippingOrderListDef {
  where: SQL | undefined;
  clock: SQL | null;
  agedOnly?: SQL;
  countClock?: SQL;
}

/**
 * A list's status condition with the status written into the text (platform/db `constantEq`): the same text on
 * every call, from which a prepared page's one plan proves a partial index's predicate (selectRows).
 */
const statusIs = (status: string): SQL => constantEq(so.status, status);

export const BOOKING_LIST_DEFS: Record<TBookingListKey, ShippingOrderListDef> = {
  search_booking: { where: undefined, clock: null },
  new_e_booking: { where: statusIs('NEW_E_BOOKING'), clock: sql`${so.status_changed_at}` },
  amend_e_booking: { where: statusIs('AMEND_PENDING'), clock: sql`${so.status_changed_at}` },
  cancel_e_booking: { where: statusIs('CANCEL_PENDING'), clock: sql`${so.status_changed_at}` },
  new_manual_booking: { where: statusIs('NEW_MANUAL'), clock: sql`${so.status_changed_at}` },
  booking_confirmed: {
    where: statusIs('CONFIRMED'),
    clock: sql`case when ${so.approval_status} is distinct from 'APPROVED' then ${CONFIRMED_CLOCK} end`,
    agedOnly: sql`${so.approval_status} is distinct from 'APPROVED'`,
    countClock: CONFIRMED_CLOCK,
  },
  reuse_booking: { where: constantIn(so.status, ['CONFIRMED', 'RECOVERED', 'CANCELLED']), clock: null },
  booking_cancelled: { where: statusIs('CANCELLED'), clock: null },
  booking_pending_si: {
    where: and(statusIs('CONFIRMED'), constantEq(so.si_status, 'PENDING')),
    clock: CONFIRMED_CLOCK,
  },
};

/**
 * Number-like input that starts some booking's number (numberLikePrefix: SO#, job#, HBL#, PO#, master SO#,
 * container#, carrier booking no.): that prefix in the document-number index (docs/search.md). Otherwise
 * (free text, a number's tail): SO#, job#, HBL# or PO# containing it (trigram index), or a container number
 * starting with it (so_containers_no_idx). Written as `so_id in (… union …)` so each side uses its own index.
 */
async function searchSql(
  db: DbOrTx,
  q: string | undefined,
): Promise<{ where: SQL; among: boolean; byIds?: boolean } | undefined> {
  const text = q?.trim();
  if (!text) return undefined;
  const number = numberLikePrefix(text);
  if (number) {
    // A few ids: read by primary key; thousands or more: the page is read among them (selectPageAmong).
    const ids = await idsByNumberPrefix(db, BOOKING_SEARCH_KIND, number);
    if (ids === 'many')
      return { where: idsAmongByNumberPrefix(so.so_id, BOOKING_SEARCH_KIND, number), among: true };
    if (ids) return { where: idsIn(so.so_id, ids), among: false, byIds: true };
  }
  const contains = `%${likeEscape(text.toLowerCase())}%`;
  const prefix = `${likeEscape(text.replace(/[\s-]/g, '').toUpperCase())}%`;
  return {
    where: sql`${so.so_id} in (select s.so_id from ${so} s
      where lower(s.so_no || ' ' || coalesce(s.job_no, '') || ' ' || coalesce(s.hbl_no, '') || ' ' || coalesce(s.po_no, '')) like ${contains}
    union select c.so_id from ${soContainers} c where c.container_no like ${prefix})`,
    among: false,
  };
}

/**
 * The actor's row filter for lists (bookingVisibleSql's rule): the own party ids are read first, so each party
 * column is tested with `in (ids)` and PostgreSQL can OR its six per-column indexes (a bitmap), which stays fast
 * at a million orders. Internal profiles: no filter; an external profile without parties sees nothing.
 */
async function visibleFilter(db: DbOrTx, actor: Actor): Promise<SQL | undefined> {
  const own = ownPartyIdsSql(actor);
  if (!own) return undefined;
  const { rows } = await db.execute<{ id: number }>(sql`select distinct x.party_id as id from ${own} x`);
  const ids = rows.map((r) => r.id);
  if (!ids.length) return sql`false`;
  return or(...BOOKING_PARTY_COLUMNS.map((c) => inArray(so[c], ids)));
}

/**
 * Whether a list's page may be planned once (selectRows): no search, no party visibility (its ids vary by user),
 * no filter a user typed or picked. Left are the list's own condition (constants) and a keyset bound.
 */
const planStable = (visible: SQL | undefined, q: BookingListQuery, search: unknown) =>
  !search &&
  !visible &&
  !q.status &&
  !q.pol &&
  !q.pod &&
  !q.etd_from &&
  !q.etd_to &&
  !customFilterSql(q.filters, filterFields).length;

function whereOf(
  visible: SQL | undefined,
  def: ShippingOrderListDef,
  q: BookingListQuery,
  search: { where: SQL } | undefined,
): SQL | undefined {
  return and(
    visible,
    def.where,
    search?.where,
    q.status ? eq(so.status, q.status) : undefined,
    q.pol ? eq(so.pol, q.pol.toUpperCase()) : undefined,
    q.pod ? eq(so.pod, q.pod.toUpperCase()) : undefined,
    q.etd_from ? gte(so.etd, q.etd_from) : undefined,
    q.etd_to ? lte(so.etd, q.etd_to) : undefined,
    ...customFilterSql(q.filters, filterFields),
  );
}

const shipper = alias(parties, 'shipper');
const consignee = alias(parties, 'consignee');

/** The columns of a list row (plus the sort columns the keyset cursor reads). */
const rowColumns = (clock: SQL | null) => ({
  so_id: so.so_id,
  so_no: so.so_no,
  job_no: so.job_no,
  hbl_no: so.hbl_no,
  status: so.status,
  is_e_booking: so.is_e_booking,
  transport_mode: so.transport_mode,
  service_type: so.service_type,
  shipper_code: shipper.party_code,
  shipper_name: shipper.full_name,
  consignee_code: consignee.party_code,
  consignee_name: consignee.full_name,
  pol: so.pol,
  pod: so.pod,
  fd: so.fd,
  etd: so.etd,
  eta: so.eta,
  carrier_code: so.carrier_code,
  vessel_name: so.vessel_name,
  voyage: so.voyage,
  handling_office: so.handling_office,
  si_status: so.si_status,
  space_status: so.space_status,
  approval_status: so.approval_status,
  container_nos: sql<
    string | null
  >`(select string_agg(c.container_no, ',' order by c.line_no) from ${soContainers} c where c.so_id = ${so.so_id})`,
  ageing_since: clock ? sql<string | null>`${clock}` : sql<string | null>`null::timestamptz`,
  updated_at: so.updated_at,
  status_changed_at: so.status_changed_at,
  created_at: so.created_at,
});

/** The SELECT list and joins of a list row, per ageing clock, rendered once (platform/db renderedSelect). */
const heads = new Map<SQL | null, SQL>();

/**
 * `select <row columns> from shipping_orders left join parties shipper ... left join parties consignee ...` as
 * SQL text rendered once per ageing clock (29 columns and two aliased joins; per call only WHERE, ORDER BY,
 * LIMIT and OFFSET are rendered).
 */
function rowsHead(clock: SQL | null): SQL {
  let head = heads.get(clock);
  if (!head) {
    head = renderedSelect(
      rowColumns(clock),
      sql`${so}
      left join ${parties} ${shipper} on ${eq(shipper.party_id, so.shipper_id)}
      left join ${parties} ${consignee} on ${eq(consignee.party_id, so.consignee_id)}`,
    );
    heads.set(clock, head);
  }
  return head;
}

/**
 * List rows of `def` matching `where` in `orderBy` order: one statement on the pre-rendered head (readPage; a
 * list's status is a constant in the text, statusIs, so a `stable` page's one plan walks the list's index).
 */
const selectRows = (
  db: DbOrTx,
  def: ShippingOrderListDef,
  o: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number },
  among: AmongSet | undefined,
  plan: PagePlan,
): Promise<BookingListSelect[]> =>
  readPage<BookingListSelect & Record<string, unknown>>(db, rowsHead(def.clock), o, among, plan);

/** Counts up to COUNT_CAP + 1 rows of `where`, as SQL for the dashboard. */
const capped = (where: SQL) =>
  sql`(select count(*) from (select 1 from ${so} where ${where} limit ${COUNT_CAP + 1}) t)::int`;

const agedBefore = (clock: SQL, hours: number) => sql`${clock} <= now() - make_interval(hours => ${hours})`;

/**
 * The red and yellow conditions of a list's ageing rule on its raw (indexed) clock, with the list's "still
 * ageing" condition; `alerting` is "yellow or red" written as one range on the clock (for index scans). The
 * list dashboard counts and the operation alert dashboard (modules/operation-alert) both use it.
 */
export function shippingOrderColourSql(def: ShippingOrderListDef, rule: TAgeingRule) {
  if (!def.clock) return null;
  const t = BOOKING_AGEING[rule];
  const clock = def.countClock ?? def.clock;
  const red = and(def.agedOnly, agedBefore(clock, t.red)) as SQL;
  const yellow =
    t.yellow === null
      ? null
      : (and(def.agedOnly, agedBefore(clock, t.yellow), sql`not (${agedBefore(clock, t.red)})`) as SQL);
  const alerting = and(def.agedOnly, agedBefore(clock, t.yellow ?? t.red)) as SQL;
  return { clock, red, yellow, alerting };
}

/**
 * The queries of the shipping-order lists (booking.lists.ts builds the booking and approval lists on them):
 * one page, the export rows, and the dashboard counts, all with the actor's party visibility.
 */
export const shippingOrderListRepository = {
  /**
   * One page. Without a search the list is read at scale (up to a million rows): its capped count runs beside
   * the rows (the same cached cappedCount), not after them, so page 1 with no count cached costs one round
   * trip instead of two (docs/scaling.md "Lists: where the API time goes"). A search keeps listPage's rule:
   * page 1 reads one row more and counts only when the page does not hold every match.
   */
  async page(db: DbOrTx, actor: Actor, def: ShippingOrderListDef, q: BookingListQuery) {
    const search = await searchSql(db, q.q);
    const visible = await visibleFilter(db, actor);
    const where = whereOf(visible, def, q, search);
    const countOf = search ? undefined : () => cappedCount(db, so, where);
    const plan = search?.byIds ? 'ids' : planStable(visible, q, search) ? 'stable' : 'custom';
    return listPage(
      db,
      spec,
      q,
      where,
      (o) => selectRows(db, def, o, search?.among ? amongSetOf(spec, q) : undefined, plan),
      countOf,
      { prepared: search?.byIds },
    );
  },

  /**
   * A list's WHERE (visibility, list, search, filters) and ORDER BY for the actor and query, on the unaliased
   * shipping_orders table: the export (booking-export.repository.ts) reads its rows with them in batches.
   */
  async filterAndOrder(db: DbOrTx, actor: Actor, def: ShippingOrderListDef, q: BookingListQuery) {
    const search = await searchSql(db, q.q);
    return {
      where: whereOf(await visibleFilter(db, actor), def, q, search),
      orderBy: listOrder(spec, q),
      among: search?.among ? amongSetOf(spec, q) : undefined,
    };
  },

  /** Up to `limit` matching rows in list order. */
  async rows(db: DbOrTx, actor: Actor, def: ShippingOrderListDef, q: BookingListQuery, limit: number) {
    const search = await searchSql(db, q.q);
    const where = whereOf(await visibleFilter(db, actor), def, q, search);
    return selectRows(
      db,
      def,
      { where, orderBy: listOrder(spec, q), limit },
      search?.among ? amongSetOf(spec, q) : undefined,
      'custom',
    );
  },

  /**
   * Per list: its row count and how many rows are yellow or red by age (thresholds of BOOKING_AGEING), each
   * capped at COUNT_CAP like every list count, in one statement.
   */
  async dashboardCounts<K extends string>(
    db: DbOrTx,
    actor: Actor,
    defs: Record<K, ShippingOrderListDef>,
    meta: Record<K, { ageing: TAgeingRule | null }>,
  ) {
    const keys = Object.keys(meta) as K[];
    const visible = await visibleFilter(db, actor);
    const parts: SQL[] = [];
    for (const key of keys) {
      const def = defs[key];
      const where = and(visible, def.where) ?? sql`true`;
      parts.push(sql`${capped(where)} as ${sql.identifier(`${key}_count`)}`);
      const rule = meta[key].ageing;
      // Counted on the raw clock (indexed) plus the list's "still ageing" condition.
      const c = rule ? shippingOrderColourSql(def, rule) : null;
      if (!c) continue;
      parts.push(sql`${capped(and(where, c.red) as SQL)} as ${sql.identifier(`${key}_red`)}`);
      if (c.yellow)
        parts.push(sql`${capped(and(where, c.yellow) as SQL)} as ${sql.identifier(`${key}_yellow`)}`);
    }
    const { rows } = await db.execute<Record<string, number>>(sql`select ${sql.join(parts, sql`, `)}`);
    const r = rows[0] ?? {};
    const cap = (n: number | undefined) => Math.min(n ?? 0, COUNT_CAP);
    return {
      lists: keys.map((key) => ({
        key,
        count: cap(r[`${key}_count`]),
        countCapped: (r[`${key}_count`] ?? 0) > COUNT_CAP,
        yellow: cap(r[`${key}_yellow`]),
        red: cap(r[`${key}_red`]),
      })),
    };
  },
};
