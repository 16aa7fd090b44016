import { BOOKING_PARTY_FIELDS, isExternalProfile } from '@portal/contracts';
import { and, asc, desc, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import { officeOperationsAddresses, partyUserAddresses } from '../../platform/access/mail-recipients';
import type { DbOrTx } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { shippingOrders as so, soContainers, soEquipment } from '../booking';
import { ownPartyIdsSql, parties } from '../party';
import { sailingSchedules } from '../sailing-schedule';
import {
  consolAllocations,
  consolContainers,
  consolEquipment,
  consolPlans,
  consolProposals,
  consolRemarks,
  consolSos,
  containerCapacities,
} from './consolidation.tables';

export type PlanRow = typeof consolPlans.$inferSelect;
export type PlanInsert = typeof consolPlans.$inferInsert;
export type ContainerRow = typeof consolContainers.$inferSelect;
export type AllocationRow = typeof consolAllocations.$inferSelect;
export type ProposalRow = typeof consolProposals.$inferSelect;
export type CapacityRow = typeof containerCapacities.$inferSelect;
export type RemarkRow = typeof consolRemarks.$inferSelect;

/** An SO's party columns tested against a subquery of party ids, each on its own (for its index). */
export function soPartyIn(own: SQL, alias = 'so'): SQL {
  const parts = BOOKING_PARTY_FIELDS.map((c) => sql`${sql.raw(`${alias}.${c}`)} in ${own}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * The SO numbers (of `soNos`) the external actor may see through its own parties; all for internal profiles
 * (also the master BL's check).
 */
export async function soNosVisibleTo(db: DbOrTx, actor: Actor, soNos: string[]): Promise<Set<string>> {
  const own = ownPartyIdsSql(actor);
  if (!own || !soNos.length) return new Set(soNos);
  const { rows } = await db.execute<{ so_no: string }>(sql`
    select so.so_no from shipping_orders so where so.so_no in (${sql.join(soNos, sql`, `)}) and ${soPartyIn(own)}`);
  return new Set(rows.map((r) => r.so_no));
}

/**
 * The plans an external actor may see (alias `cp`): its own party is the plan's customer party or stands on
 * one of the plan's SOs. Internal profiles: every plan (null).
 */
export function planVisibleSql(actor: Actor, alias = 'cp'): SQL | null {
  const own = ownPartyIdsSql(actor);
  if (!own) return null;
  const a = sql.raw(alias);
  return sql`(${a}.customer_party_id in ${own} or ${a}.consol_id in (select cs.consol_id from consol_sos cs
    join shipping_orders so on so.so_id = cs.so_id where ${soPartyIn(own)}))`;
}

/** The parties on the plans where one of `own` stands (party lookup for external profiles). */
export const planPartySourceSql = (own: SQL): SQL =>
  sql`(select cp.customer_party_id from consol_plans cp where cp.customer_party_id in ${own}
        or cp.consol_id in (select cs.consol_id from consol_sos cs join shipping_orders so on so.so_id = cs.so_id
                             where ${soPartyIn(own)}))`;

/** The SO facts the plan rules read. */
export type SoFacts = {
  so_id: number;
  so_no: string;
  po_no: string | null;
  status: string;
  service_type: string;
  transport_mode: string;
  is_consolidatable: boolean;
  /** STANDARD or OMS (contracts SHIPMENT_TYPES). */
  shipment_type: string;
  pol: string;
  pod: string;
  etd: string;
  handling_office: string;
  package_qty: number | null;
  gross_weight: string | null;
  cbm: string | null;
  shipper_id: number;
  customer_id: number;
  consignee_id: number;
  notify_id: number | null;
  nomination_agent_id: number | null;
  release_agent_id: number | null;
  shipper_name: string | null;
  consignee_name: string | null;
  lcl_sizes: number;
  /** Totals of the SO's container lines (the "container details" of 001 §5), null without lines. */
  lines_package_qty: number | null;
  lines_kg: string | null;
  lines_cbm: string | null;
  /** The plan the SO is in, if any. */
  in_consol_id: number | null;
  in_consol_no: string | null;
};

/** Consolidation queries. */
export const consolRepository = {
  /** The plan `consolNo` if the actor may see it (optionally locked). */
  async byNo(db: DbOrTx, actor: Actor, consolNo: string, lock = false): Promise<PlanRow | undefined> {
    const visible = planVisibleSql(actor, 'consol_plans');
    const q = db
      .select()
      .from(consolPlans)
      .where(and(eq(consolPlans.consol_no, consolNo), visible ?? undefined));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async insert(tx: DbOrTx, values: PlanInsert): Promise<PlanRow> {
    const [row] = await tx.insert(consolPlans).values(values).returning();
    return row;
  },

  /** Updates the plan if it is still at `version`; undefined when someone saved in between. */
  updateIfVersion: versionedUpdate(consolPlans, consolPlans.consol_id),

  equipment(db: DbOrTx, id: number) {
    return db
      .select({ size_type: consolEquipment.size_type, qty: consolEquipment.qty })
      .from(consolEquipment)
      .where(eq(consolEquipment.consol_id, id))
      .orderBy(asc(consolEquipment.line_no));
  },

  containers(db: DbOrTx, id: number): Promise<ContainerRow[]> {
    return db
      .select()
      .from(consolContainers)
      .where(eq(consolContainers.consol_id, id))
      .orderBy(asc(consolContainers.seq));
  },

  allocations(db: DbOrTx, id: number) {
    return db
      .select({
        so_id: consolAllocations.so_id,
        so_no: so.so_no,
        po_no: so.po_no,
        container_seq: consolAllocations.container_seq,
        package_qty: consolAllocations.package_qty,
        cbm: consolAllocations.cbm,
        kg: consolAllocations.kg,
        loading_seq: consolAllocations.loading_seq,
      })
      .from(consolAllocations)
      .innerJoin(so, eq(so.so_id, consolAllocations.so_id))
      .where(eq(consolAllocations.consol_id, id))
      .orderBy(asc(consolAllocations.container_seq), asc(consolAllocations.loading_seq), asc(so.so_no));
  },

  /** The plan's SOs in plan order with their amendment marks. */
  planSos(db: DbOrTx, id: number) {
    return db
      .select({
        so_id: consolSos.so_id,
        amended_changes: consolSos.amended_changes,
        amended_at: consolSos.amended_at,
      })
      .from(consolSos)
      .where(eq(consolSos.consol_id, id))
      .orderBy(asc(consolSos.line_no));
  },

  /** Facts of the SOs with these numbers (any status; the rules decide). Party visibility is the caller's. */
  async soFacts(db: DbOrTx, soNos: string[]): Promise<SoFacts[]> {
    if (!soNos.length) return [];
    const { rows } = await db.execute<SoFacts>(sql`
      select so.so_id, so.so_no, so.po_no, so.status, so.service_type, so.transport_mode, so.is_consolidatable,
             so.shipment_type,
             so.pol, so.pod, so.etd::text as etd, so.handling_office, so.package_qty,
             so.gross_weight::text as gross_weight, so.cbm::text as cbm,
             so.shipper_id, so.customer_id, so.consignee_id, so.notify_id, so.nomination_agent_id,
             so.release_agent_id, sh.full_name as shipper_name, cn.full_name as consignee_name,
             (select count(*)::int from ${soEquipment} e where e.so_id = so.so_id and e.size_type = 'LCL-CBM') as lcl_sizes,
             (select sum(c.package_qty)::int from ${soContainers} c where c.so_id = so.so_id) as lines_package_qty,
             (select sum(c.gross_weight)::text from ${soContainers} c where c.so_id = so.so_id) as lines_kg,
             (select sum(c.cbm)::text from ${soContainers} c where c.so_id = so.so_id) as lines_cbm,
             cs.consol_id as in_consol_id, cp.consol_no as in_consol_no
        from shipping_orders so
        left join parties sh on sh.party_id = so.shipper_id
        left join parties cn on cn.party_id = so.consignee_id
        left join consol_sos cs on cs.so_id = so.so_id
        left join consol_plans cp on cp.consol_id = cs.consol_id
       where so.so_no in (${sql.join(soNos, sql`, `)})`);
    return rows;
  },

  /** The SOs of plan `id` by so_id → so_no (for presenting). */
  async soFactsByPlan(db: DbOrTx, id: number): Promise<SoFacts[]> {
    const { rows } = await db.execute<{ so_no: string }>(sql`
      select so.so_no from consol_sos cs join shipping_orders so on so.so_id = cs.so_id
       where cs.consol_id = ${id} order by cs.line_no`);
    const facts = await consolRepository.soFacts(
      db,
      rows.map((r) => r.so_no),
    );
    const order = new Map(rows.map((r, i) => [r.so_no, i]));
    return facts.sort((a, b) => (order.get(a.so_no) ?? 0) - (order.get(b.so_no) ?? 0));
  },

  /** The SO numbers (of `soNos`) the external actor may see through its own parties; all for internal. */
  visibleSoNos: soNosVisibleTo,

  /** Replaces the plan's equipment, SOs (keeping amendment marks of SOs that stay), containers and allocations. */
  async replaceChildren(
    tx: DbOrTx,
    id: number,
    v: {
      equipment: { size_type: string; qty: number }[];
      soIds: number[];
      containers: Omit<ContainerRow, 'id' | 'consol_id'>[];
      allocations: Omit<AllocationRow, 'id' | 'consol_id'>[];
    },
  ) {
    await tx.delete(consolEquipment).where(eq(consolEquipment.consol_id, id));
    if (v.equipment.length) {
      await tx
        .insert(consolEquipment)
        .values(v.equipment.map((e, i) => ({ consol_id: id, line_no: i + 1, ...e })));
    }
    const kept = await tx.select().from(consolSos).where(eq(consolSos.consol_id, id));
    const marks = new Map(kept.map((k) => [k.so_id, k]));
    await tx.delete(consolSos).where(eq(consolSos.consol_id, id));
    if (v.soIds.length) {
      await tx.insert(consolSos).values(
        v.soIds.map((so_id, i) => ({
          consol_id: id,
          so_id,
          line_no: i + 1,
          amended_changes: marks.get(so_id)?.amended_changes ?? null,
          amended_at: marks.get(so_id)?.amended_at ?? null,
        })),
      );
    }
    // SOs that left the plan go back to pending creation, those that joined leave it.
    await consolRepository.syncPlannedFlags(tx, [...kept.map((k) => k.so_id), ...v.soIds]);
    await tx.delete(consolContainers).where(eq(consolContainers.consol_id, id));
    if (v.containers.length) {
      await tx.insert(consolContainers).values(v.containers.map((c) => ({ ...c, consol_id: id })));
    }
    await tx.delete(consolAllocations).where(eq(consolAllocations.consol_id, id));
    if (v.allocations.length) {
      await tx.insert(consolAllocations).values(v.allocations.map((a) => ({ ...a, consol_id: id })));
    }
  },

  /** A cancelled plan releases its SOs (they may join another plan); its allocations go with them. */
  async releaseSos(tx: DbOrTx, id: number) {
    await tx.delete(consolAllocations).where(eq(consolAllocations.consol_id, id));
    const released = await tx
      .delete(consolSos)
      .where(eq(consolSos.consol_id, id))
      .returning({ so_id: consolSos.so_id });
    await consolRepository.syncPlannedFlags(
      tx,
      released.map((r) => r.so_id),
    );
  },

  /**
   * Sets shipping_orders.in_consol_plan of these SOs to whether consol_sos holds them (call it in the
   * transaction that changed consol_sos, after the change). Only rows whose flag changes are written.
   */
  async syncPlannedFlags(tx: DbOrTx, soIds: number[]) {
    const ids = [...new Set(soIds)];
    if (!ids.length) return;
    await tx.execute(sql`
      update shipping_orders so set in_consol_plan = x.planned
        from (select s.so_id, exists (select 1 from consol_sos cs where cs.so_id = s.so_id) as planned
                from unnest(${sql.param(ids)}::int[]) as s(so_id)) x
       where so.so_id = x.so_id and so.in_consol_plan is distinct from x.planned`);
  },

  /**
   * Flags the pending-creation candidates that a plan already holds: plans written by SQL (the demo seeds).
   * Reads only the partial index of unflagged candidates (the backlog). Databases from before the flag are
   * flagged once by the data step drizzle-data/0000_consol_planned_flag.sql.
   */
  async flagPlannedCandidates(db: DbOrTx): Promise<number> {
    const { rowCount } = await db.execute(sql`
      update shipping_orders so set in_consol_plan = true
       where so.service_type = 'LCL' and so.is_consolidatable and so.status in ('CONFIRMED', 'RECOVERED')
         and not so.in_consol_plan and exists (select 1 from consol_sos cs where cs.so_id = so.so_id)`);
    return rowCount ?? 0;
  },

  /** Whether the plan still has amended SOs; clears marks of `soId` (or all) first when asked. */
  async clearAmendments(tx: DbOrTx, id: number, soId: number | null) {
    await tx
      .update(consolSos)
      .set({ amended_changes: null, amended_at: null })
      .where(and(eq(consolSos.consol_id, id), soId === null ? undefined : eq(consolSos.so_id, soId)));
    const [r] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(consolSos)
      .where(and(eq(consolSos.consol_id, id), sql`${consolSos.amended_at} is not null`));
    return (r?.n ?? 0) > 0;
  },

  /**
   * Marks SO `soId` amended in its (not cancelled) plan, merging `changes` into what is already pending.
   * Answers the plan marked, if any.
   */
  async markAmended(tx: DbOrTx, soId: number, changes: Record<string, { from: unknown; to: unknown }>) {
    const [link] = await tx
      .select({ id: consolSos.id, consol_id: consolSos.consol_id, prior: consolSos.amended_changes })
      .from(consolSos)
      .innerJoin(consolPlans, eq(consolPlans.consol_id, consolSos.consol_id))
      .where(and(eq(consolSos.so_id, soId), ne(consolPlans.status, 'CANCELLED')))
      .for('update');
    if (!link) return undefined;
    const merged = { ...(link.prior ?? {}) };
    for (const [k, c] of Object.entries(changes)) merged[k] = { from: merged[k]?.from ?? c.from, to: c.to };
    await tx
      .update(consolSos)
      .set({ amended_changes: merged, amended_at: sql`now()` })
      .where(eq(consolSos.id, link.id));
    const [plan] = await tx
      .update(consolPlans)
      .set({
        amended_at: sql`coalesce(${consolPlans.amended_at}, now())`,
        version: sql`${consolPlans.version} + 1`,
      })
      .where(eq(consolPlans.consol_id, link.consol_id))
      .returning();
    return plan;
  },

  /** Capacities of these size types from the ISO 6346 reference table. */
  async capacities(db: DbOrTx, sizeTypes?: string[]): Promise<CapacityRow[]> {
    if (sizeTypes && !sizeTypes.length) return [];
    return db
      .select()
      .from(containerCapacities)
      .where(sizeTypes ? inArray(containerCapacities.size_type, sizeTypes) : undefined)
      .orderBy(asc(containerCapacities.size_type));
  },

  /**
   * What a carrier booking (DCSA Booking 2.0) needs beside the plan: the handling office's name, the port
   * names of POL/POD and the plan's cargo description (its SOs' commodities and package count).
   */
  async dcsaFacts(db: DbOrTx, id: number, office: string, ports: string[]) {
    const { rows } = await db.execute<{
      office_name: string | null;
      port_names: Record<string, string> | null;
      commodities: string | null;
      packages: number | null;
    }>(sql`
      select (select o.full_name from offices o where o.code = ${office}) as office_name,
             (select jsonb_object_agg(p.un_code, p.name) from ports p
               where p.un_code in (${sql.join(ports, sql`, `)})) as port_names,
             (select string_agg(distinct coalesce(so.commodity, so.goods_description), '; ')
                from consol_sos cs join shipping_orders so on so.so_id = cs.so_id where cs.consol_id = ${id}) as commodities,
             (select sum(so.package_qty)::int from consol_sos cs join shipping_orders so on so.so_id = cs.so_id
               where cs.consol_id = ${id}) as packages`);
    return rows[0];
  },

  /** The plan's remarks, newest first (at most 200); `allOnly` leaves out the INTERNAL ones. */
  remarks(db: DbOrTx, id: number, allOnly: boolean): Promise<RemarkRow[]> {
    return db
      .select()
      .from(consolRemarks)
      .where(and(eq(consolRemarks.consol_id, id), allOnly ? eq(consolRemarks.visible_to, 'ALL') : undefined))
      .orderBy(desc(consolRemarks.id))
      .limit(200);
  },

  async remark(db: DbOrTx, id: number, remarkId: number): Promise<RemarkRow | undefined> {
    const [row] = await db
      .select()
      .from(consolRemarks)
      .where(and(eq(consolRemarks.consol_id, id), eq(consolRemarks.id, remarkId)));
    return row;
  },

  async insertRemark(db: DbOrTx, values: typeof consolRemarks.$inferInsert): Promise<RemarkRow> {
    const [row] = await db.insert(consolRemarks).values(values).returning();
    return row;
  },

  async deleteRemark(db: DbOrTx, remarkId: number) {
    await db.delete(consolRemarks).where(eq(consolRemarks.id, remarkId));
  },

  /** Container numbers already used by another plan that is not cancelled. */
  async containerNosInOtherPlans(db: DbOrTx, id: number | null, nos: string[]) {
    if (!nos.length) return new Set<string>();
    const rows = await db
      .select({ no: consolContainers.container_no })
      .from(consolContainers)
      .innerJoin(consolPlans, eq(consolPlans.consol_id, consolContainers.consol_id))
      .where(
        and(
          inArray(consolContainers.container_no, nos),
          ne(consolPlans.status, 'CANCELLED'),
          id === null ? undefined : ne(consolContainers.consol_id, id),
        ),
      );
    return new Set(rows.map((r) => r.no as string));
  },

  proposals(db: DbOrTx, id: number): Promise<ProposalRow[]> {
    return db
      .select()
      .from(consolProposals)
      .where(eq(consolProposals.consol_id, id))
      .orderBy(asc(consolProposals.seq));
  },

  async replaceProposals(
    tx: DbOrTx,
    id: number,
    list: Omit<
      ProposalRow,
      'proposal_id' | 'consol_id' | 'seq' | 'created_at' | 'created_by' | 'is_selected'
    >[],
    by: string,
  ) {
    await tx.delete(consolProposals).where(eq(consolProposals.consol_id, id));
    if (!list.length) return;
    await tx
      .insert(consolProposals)
      .values(list.map((p, i) => ({ ...p, consol_id: id, seq: i + 1, created_by: by })));
  },

  async selectProposal(tx: DbOrTx, id: number, proposalId: number) {
    await tx
      .update(consolProposals)
      .set({ is_selected: sql`${consolProposals.proposal_id} = ${proposalId}` })
      .where(eq(consolProposals.consol_id, id));
  },

  async activeSailing(db: DbOrTx, sailingId: number) {
    const [row] = await db
      .select()
      .from(sailingSchedules)
      .where(and(eq(sailingSchedules.sailing_schedule_id, sailingId), eq(sailingSchedules.status, 'A')));
    return row;
  },

  /** Active sailings POL → POD departing from `from` on, by ETD (what operations may propose). */
  laneSailings(db: DbOrTx, pol: string, pod: string, from: string, limit: number) {
    return db
      .select()
      .from(sailingSchedules)
      .where(
        and(
          eq(sailingSchedules.pol, pol),
          eq(sailingSchedules.pod, pod),
          eq(sailingSchedules.status, 'A'),
          gte(sailingSchedules.etd, from),
        ),
      )
      .orderBy(asc(sailingSchedules.etd), asc(sailingSchedules.sailing_schedule_id))
      .limit(limit);
  },

  /** Whether the plan holds a (not removed) document of this type. */
  async hasDocument(db: DbOrTx, consolNo: string, documentType: string) {
    const { rows } = await db.execute<{ ok: boolean }>(sql`
      select exists(select 1 from documents d where d.entity_type = 'consolidation' and d.entity_id = ${consolNo}
        and d.document_type = ${documentType} and not d.removed) as ok`);
    return !!rows[0]?.ok;
  },

  async party(db: DbOrTx, partyId: number | null) {
    if (!partyId) return undefined;
    const [p] = await db
      .select({ party_code: parties.party_code, full_name: parties.full_name, email: parties.email })
      .from(parties)
      .where(eq(parties.party_id, partyId));
    return p;
  },

  /** Whether the external actor owns `partyId` (through its profile's party groups). */
  async ownsParty(db: DbOrTx, actor: Actor, partyId: number | null) {
    const own = ownPartyIdsSql(actor);
    if (!own || !partyId || !isExternalProfile(actor.profile_type)) return false;
    const { rows } = await db.execute<{ ok: boolean }>(
      sql`select exists(select 1 from ${own} x where x.party_id = ${partyId}) as ok`,
    );
    return !!rows[0]?.ok;
  },

  /** E-mail addresses of the customer side: active users with a fitting profile owning the customer party. */
  async customerAddresses(db: DbOrTx, partyId: number | null, profiles: string[]): Promise<string[]> {
    if (!partyId || !profiles.length) return [];
    const found = await partyUserAddresses(db, [{ profiles, partyIds: [partyId] }]);
    if (found.length) return found;
    const p = await consolRepository.party(db, partyId);
    return p?.email?.includes('@') ? [p.email.trim().toLowerCase()] : [];
  },

  /** E-mail addresses of operations: active internal users of the plan's handling office. */
  operationsAddresses: officeOperationsAddresses,

  /** The plan (consol# and status) the SO with this id is in. */
  async plansOfSoId(db: DbOrTx, soId: number) {
    return db
      .select({ consol_no: consolPlans.consol_no, status: consolPlans.status })
      .from(consolSos)
      .innerJoin(consolPlans, eq(consolPlans.consol_id, consolSos.consol_id))
      .where(eq(consolSos.so_id, soId));
  },

  /** The plan an SO is in (booking's "related consol" panel). */
  async planOfSo(db: DbOrTx, soNo: string) {
    const { rows } = await db.execute<{
      consol_no: string;
      status: string;
      consol_type: string;
      pol: string;
      pod: string;
      etd: string | null;
    }>(sql`
      select cp.consol_no, cp.status, cp.consol_type, cp.pol, cp.pod, cp.etd::text as etd
        from shipping_orders so join consol_sos cs on cs.so_id = so.so_id
        join consol_plans cp on cp.consol_id = cs.consol_id
       where so.so_no = ${soNo}`);
    return rows[0];
  },

  /** Every plan as the search index wants it (rebuild). */
  async searchRows(db: DbOrTx, consolIds?: number[]) {
    const { rows } = await db.execute<{
      consol_id: number;
      consol_no: string;
      status: string;
      pol: string;
      pod: string;
      etd: string | null;
      customer_party_id: number | null;
      container_nos: string[] | null;
      party_ids: number[] | null;
    }>(sql`
      select cp.consol_id, cp.consol_no, cp.status, cp.pol, cp.pod, cp.etd::text as etd, cp.customer_party_id,
             (select array_agg(c.container_no) from consol_containers c
               where c.consol_id = cp.consol_id and c.container_no is not null) as container_nos,
             (select array_agg(distinct x) from consol_sos cs join shipping_orders so on so.so_id = cs.so_id
               cross join lateral unnest(array[${sql.raw(BOOKING_PARTY_FIELDS.map((c) => `so.${c}`).join(', '))}]) x
               where cs.consol_id = cp.consol_id and x is not null) as party_ids
        from consol_plans cp
       ${consolIds ? sql`where cp.consol_id in (${sql.join(consolIds, sql`, `)})` : sql``}`);
    return rows;
  },
};
