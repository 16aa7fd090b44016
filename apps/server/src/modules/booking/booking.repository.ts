import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Actor } from '../../platform/access/access';
import { type DbOrTx, hasRowWith, runRendered } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { carriers } from '../carrier';
import { offices } from '../lookup';
import { parties } from '../party';
import { rateContainers, rates } from '../rate';
import { sailingSchedules } from '../sailing-schedule';
import {
  shippingOrders,
  soContainers,
  soEnsParties,
  soEquipment,
  soHsLines,
  soIsfParties,
} from './booking.tables';
import { bookingVisibleSql, ownPartyIdsSql } from './booking-access.repository';

export type SoRow = typeof shippingOrders.$inferSelect;
export type SoInsert = typeof shippingOrders.$inferInsert;

/** The child lines of a shipping order as stored (without ids and so_id). */
export interface SoLines {
  equipment: Omit<typeof soEquipment.$inferInsert, 'id' | 'so_id' | 'line_no'>[];
  containers: Omit<typeof soContainers.$inferInsert, 'id' | 'so_id' | 'line_no'>[];
  hs_lines: Omit<typeof soHsLines.$inferInsert, 'id' | 'so_id' | 'line_no'>[];
  isf_parties: Omit<typeof soIsfParties.$inferInsert, 'id' | 'so_id'>[];
  ens_parties: Omit<typeof soEnsParties.$inferInsert, 'id' | 'so_id'>[];
}
export type SoLineRows = {
  equipment: (typeof soEquipment.$inferSelect)[];
  containers: (typeof soContainers.$inferSelect)[];
  hs_lines: (typeof soHsLines.$inferSelect)[];
  isf_parties: (typeof soIsfParties.$inferSelect)[];
  ens_parties: (typeof soEnsParties.$inferSelect)[];
};

const TABLE = 'shipping_orders';

/** Shipping order queries (create, read, update); list queries are in booking.lists.ts. */
export const bookingRepository = {
  /** The order with this number if the actor may see it (optionally locked for update). */
  async bySoNo(db: DbOrTx, actor: Actor, soNo: string, forUpdate = false): Promise<SoRow | undefined> {
    const q = db
      .select()
      .from(shippingOrders)
      .where(and(eq(shippingOrders.so_no, soNo), bookingVisibleSql(actor, TABLE)));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },

  /** Whether the actor may see the order with this number. */
  async visibleExists(db: DbOrTx, actor: Actor, soNo: string): Promise<boolean> {
    const rows = await db
      .select({ so_id: shippingOrders.so_id })
      .from(shippingOrders)
      .where(and(eq(shippingOrders.so_no, soNo), bookingVisibleSql(actor, TABLE)))
      .limit(1);
    return rows.length > 0;
  },

  /** The orders among `soNos` the actor may see, by SO number. */
  visibleBySoNos(db: DbOrTx, actor: Actor, soNos: string[]): Promise<SoRow[]> {
    return db
      .select()
      .from(shippingOrders)
      .where(and(inArray(shippingOrders.so_no, soNos), bookingVisibleSql(actor, TABLE)))
      .orderBy(shippingOrders.so_no);
  },

  /**
   * The child lines in order (one query after the other: `db` may be a transaction's single client), each
   * rendered once and prepared (client.ts runRendered): read by every detail and save of an order.
   */
  async lines(db: DbOrTx, soId: number): Promise<SoLineRows> {
    const rows = <T extends PgTable & { so_id: AnyPgColumn }>(table: T, order: AnyPgColumn) =>
      runRendered<T['$inferSelect'][]>(
        db,
        `booking.lines.${getTableName(table)}`,
        () =>
          db
            .select()
            .from(table as PgTable)
            .where(eq(table.so_id, sql.placeholder('id')))
            .orderBy(asc(order)),
        { id: soId },
      );
    const equipment = await rows(soEquipment, soEquipment.line_no);
    const containers = await rows(soContainers, soContainers.line_no);
    const hs_lines = await rows(soHsLines, soHsLines.line_no);
    const isf_parties = await rows(soIsfParties, soIsfParties.id);
    const ens_parties = await rows(soEnsParties, soEnsParties.id);
    return { equipment, containers, hs_lines, isf_parties, ens_parties };
  },

  /** Replaces every child line of an order (inside the caller's transaction). */
  async replaceLines(tx: DbOrTx, soId: number, l: SoLines) {
    await tx.delete(soEquipment).where(eq(soEquipment.so_id, soId));
    await tx.delete(soContainers).where(eq(soContainers.so_id, soId));
    await tx.delete(soHsLines).where(eq(soHsLines.so_id, soId));
    await tx.delete(soIsfParties).where(eq(soIsfParties.so_id, soId));
    await tx.delete(soEnsParties).where(eq(soEnsParties.so_id, soId));
    const numbered = <T>(rows: T[]) => rows.map((r, i) => ({ ...r, so_id: soId, line_no: i + 1 }));
    if (l.equipment.length) await tx.insert(soEquipment).values(numbered(l.equipment));
    if (l.containers.length) await tx.insert(soContainers).values(numbered(l.containers));
    if (l.hs_lines.length) await tx.insert(soHsLines).values(numbered(l.hs_lines));
    if (l.isf_parties.length)
      await tx.insert(soIsfParties).values(l.isf_parties.map((p) => ({ ...p, so_id: soId })));
    if (l.ens_parties.length)
      await tx.insert(soEnsParties).values(l.ens_parties.map((p) => ({ ...p, so_id: soId })));
  },

  async insert(tx: DbOrTx, values: SoInsert) {
    const [row] = await tx.insert(shippingOrders).values(values).returning();
    return row;
  },

  /**
   * Whether an order already carries this SO#, job# or HBL# (an imported one the sequence did not number): the
   * sequence skips such numbers (sequence NumberInUse). Each column has its index.
   */
  numberInUse: (db: DbOrTx, field: 'so_no' | 'job_no' | 'hbl_no', value: string) =>
    hasRowWith(db, shippingOrders, shippingOrders[field], value),

  /** Gives a new order, written with a provisional number, its SO number (same transaction, no version bump). */
  async setNumber(tx: DbOrTx, soId: number, soNo: string) {
    await tx.update(shippingOrders).set({ so_no: soNo }).where(eq(shippingOrders.so_id, soId));
  },

  /** Sets columns of an order the caller holds locked (the version was checked under the lock). */
  async updateLocked(tx: DbOrTx, soId: number, values: Partial<SoInsert>) {
    await tx.update(shippingOrders).set(values).where(eq(shippingOrders.so_id, soId));
  },

  /** Updates only when the stored version is still `version`; answers undefined otherwise. */
  updateIfVersion: versionedUpdate(shippingOrders, shippingOrders.so_id),

  /** Code and name of parties, by id. */
  async partyRefs(db: DbOrTx, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({
        party_id: parties.party_id,
        party_code: parties.party_code,
        full_name: parties.full_name,
        status: parties.status,
        approval_status: parties.approval_status,
      })
      .from(parties)
      .where(inArray(parties.party_id, ids));
  },

  /** Which of `ids` are the actor's own parties (all of them for an internal profile). */
  async ownOf(db: DbOrTx, actor: Actor, ids: number[]): Promise<Set<number>> {
    const own = ownPartyIdsSql(actor);
    if (!own) return new Set(ids);
    if (!ids.length) return new Set();
    const rows = await db
      .select({ id: parties.party_id })
      .from(parties)
      .where(and(inArray(parties.party_id, ids), sql`${parties.party_id} in ${own}`));
    return new Set(rows.map((r) => r.id));
  },

  async carrierActive(db: DbOrTx, code: string) {
    const [row] = await db
      .select({ id: carriers.id })
      .from(carriers)
      .where(and(eq(carriers.carrier_code, code), eq(carriers.status, 'A')));
    return !!row;
  },

  async officeExists(db: DbOrTx, code: string) {
    const [row] = await db.select({ id: offices.office_id }).from(offices).where(eq(offices.code, code));
    return !!row;
  },

  async sailing(db: DbOrTx, id: number) {
    const [row] = await db
      .select({
        pol: sailingSchedules.pol,
        pod: sailingSchedules.pod,
        is_tbc: sailingSchedules.is_tbc,
      })
      .from(sailingSchedules)
      .where(eq(sailingSchedules.sailing_schedule_id, id));
    return row;
  },

  /** The rate's container types, or undefined when there is no such rate. */
  async rateSizes(db: DbOrTx, id: number) {
    const [rate] = await db.select({ id: rates.rate_id }).from(rates).where(eq(rates.rate_id, id));
    if (!rate) return undefined;
    const rows = await db
      .select({ t: rateContainers.container_type })
      .from(rateContainers)
      .where(eq(rateContainers.rate_id, id));
    return rows.map((r) => r.t);
  },

  /** The sailing's ETD and TBC flag (what numbers the job and HBL). */
  async sailingEtd(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ etd: sailingSchedules.etd, is_tbc: sailingSchedules.is_tbc })
      .from(sailingSchedules)
      .where(eq(sailingSchedules.sailing_schedule_id, id));
    return row;
  },

  async isTbcSailing(db: DbOrTx, id: number | null) {
    if (!id) return false;
    return (await this.sailing(db, id))?.is_tbc ?? false;
  },
};
