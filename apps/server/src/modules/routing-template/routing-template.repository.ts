import {
  ROUTING_TEMPLATE_FILTER_FIELDS,
  type ROUTING_TEMPLATE_SORTABLE,
  type TRoutingTemplateListQuery,
} from '@portal/contracts';
import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { customFilterSql, filterFieldsOf } from '../../platform/list/custom-filter';
import { type ListSpec, listOrder, listPage, listWhere } from '../../platform/list/list-query';
import { ports } from '../lookup';
import { parties } from '../party';
import { routingTemplates } from './routing-template.tables';

export type RoutingTemplateRow = typeof routingTemplates.$inferSelect;
type Sort = (typeof ROUTING_TEMPLATE_SORTABLE)[number];
const rt = routingTemplates;

const spec: ListSpec<Sort> = {
  table: rt,
  sortable: {
    name: rt.name,
    pod: rt.pod,
    pld: rt.pld,
    fd: rt.fd,
    effective_from: rt.effective_from,
    effective_to: rt.effective_to,
    updated_at: rt.updated_at,
  },
  defaultSort: 'name',
  tiebreak: rt.routing_template_id,
  // Hundreds of templates, not millions: no trigram index (see docs/decisions.md).
  searchText: sql`lower(${rt.name} || ' ' || coalesce(${rt.pod}, '') || ' ' || coalesce(${rt.pld}, '') || ' ' || coalesce(${rt.fd}, ''))`,
};

/** The custom filter whitelist: ROUTING_TEMPLATE_FILTER_FIELDS with the column behind each name. */
const filterFields = filterFieldsOf(ROUTING_TEMPLATE_FILTER_FIELDS, {
  name: rt.name,
  pod: rt.pod,
  pld: rt.pld,
  fd: rt.fd,
  effective_from: rt.effective_from,
  effective_to: rt.effective_to,
});

const filters = (q: TRoutingTemplateListQuery): (SQL | undefined)[] => [
  q.consignee_party_id ? eq(rt.consignee_party_id, q.consignee_party_id) : undefined,
  q.customer_party_id ? eq(rt.customer_party_id, q.customer_party_id) : undefined,
  q.active_on
    ? sql`${rt.effective_from} <= ${q.active_on} and (${rt.effective_to} is null or ${rt.effective_to} >= ${q.active_on})`
    : undefined,
  ...customFilterSql(q.filters, filterFields),
];

const customer = alias(parties, 'customer');
const consignee = alias(parties, 'consignee');
const pod = alias(ports, 'pod_port');
const pld = alias(ports, 'pld_port');
const fd = alias(ports, 'fd_port');
const partyLabel = (p: { party_code: PgColumn; full_name: PgColumn }) =>
  sql<string | null>`${p.party_code} || ' - ' || ${p.full_name}`;

/** A template with the labels of its parties and ports. */
const withNames = (db: DbOrTx) =>
  db
    .select({
      t: rt,
      customer_name: partyLabel(customer),
      consignee_name: partyLabel(consignee),
      pod_name: pod.name,
      pld_name: pld.name,
      fd_name: fd.name,
    })
    .from(rt)
    .leftJoin(customer, eq(customer.party_id, rt.customer_party_id))
    .leftJoin(consignee, eq(consignee.party_id, rt.consignee_party_id))
    .leftJoin(pod, eq(pod.un_code, rt.pod))
    .leftJoin(pld, eq(pld.un_code, rt.pld))
    .leftJoin(fd, eq(fd.un_code, rt.fd));

export type RoutingTemplateView = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

/** Routing template queries. */
export const routingTemplateRepository = {
  page(db: DbOrTx, q: TRoutingTemplateListQuery) {
    const where = listWhere(spec, q.q, filters(q));
    return listPage(db, spec, q, where, ({ where, orderBy, limit, offset }) =>
      withNames(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Every matching template in list order, at most `limit`. */
  all(db: DbOrTx, q: TRoutingTemplateListQuery, limit: number) {
    return withNames(db)
      .where(listWhere(spec, q.q, filters(q)))
      .orderBy(...listOrder(spec, q))
      .limit(limit);
  },

  async byId(db: DbOrTx, id: number, forUpdate = false) {
    const query = db.select().from(rt).where(eq(rt.routing_template_id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  async viewById(db: DbOrTx, id: number) {
    const [row] = await withNames(db).where(eq(rt.routing_template_id, id));
    return row;
  },

  async nameTaken(db: DbOrTx, name: string, exceptId?: number) {
    const [row] = await db
      .select({ id: rt.routing_template_id })
      .from(rt)
      .where(
        and(
          sql`lower(${rt.name}) = lower(${name})`,
          exceptId ? ne(rt.routing_template_id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return !!row;
  },

  /** Which of these party ids exist. */
  async existingParties(db: DbOrTx, ids: number[]) {
    if (!ids.length) return new Set<number>();
    const rows = await db
      .select({ id: parties.party_id })
      .from(parties)
      .where(inArray(parties.party_id, ids));
    return new Set(rows.map((r) => r.id));
  },

  /** Which of these UN/LOCODEs are known ports. */
  async existingPorts(db: DbOrTx, codes: string[]) {
    if (!codes.length) return new Set<string>();
    const rows = await db.select({ code: ports.un_code }).from(ports).where(inArray(ports.un_code, codes));
    return new Set(rows.map((r) => r.code));
  },

  /**
   * The template a booking of this customer and consignee takes on `date`: effective that day, the
   * customer's own template before one for any customer, then the latest effective from.
   */
  async applicable(db: DbOrTx, customerId: number | null, consigneeId: number, date: string) {
    const [row] = await db
      .select()
      .from(rt)
      .where(
        and(
          eq(rt.consignee_party_id, consigneeId),
          customerId
            ? or(eq(rt.customer_party_id, customerId), isNull(rt.customer_party_id))
            : isNull(rt.customer_party_id),
          sql`${rt.effective_from} <= ${date}`,
          sql`(${rt.effective_to} is null or ${rt.effective_to} >= ${date})`,
        ),
      )
      .orderBy(sql`${rt.customer_party_id} nulls last`, desc(rt.effective_from), desc(rt.routing_template_id))
      .limit(1);
    return row;
  },

  async insert(db: DbOrTx, values: typeof rt.$inferInsert) {
    const [row] = await db.insert(rt).values(values).returning();
    return row;
  },

  /** Updates only when the stored version is still `version`; answers undefined otherwise. */
  updateIfVersion: versionedUpdate(rt, rt.routing_template_id),
};
