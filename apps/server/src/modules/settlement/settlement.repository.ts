import type { TInvoiceStatus } from '@portal/contracts';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { invoiceLines, invoices } from '../invoice';
import { settlementAllocations, settlements } from './settlement.tables';

export type SettlementRow = typeof settlements.$inferSelect;
export type SettlementInsert = typeof settlements.$inferInsert;
export type AllocationInsert = typeof settlementAllocations.$inferInsert;
export type SettleInvoiceRow = typeof invoices.$inferSelect;
export type SettleLineRow = typeof invoiceLines.$inferSelect;

/** An allocation as shown: with its invoice's number and the line's charge code. */
export type AllocationView = typeof settlementAllocations.$inferSelect & {
  invoice_no: string;
  charge_code: string;
};

/** Settlement queries, and the settled/outstanding columns of invoices and lines they keep (the only place with this SQL). */
export const settlementRepository = {
  /** The invoices, locked in id order (two settlements of overlapping invoices never deadlock). */
  lockInvoices: (tx: DbOrTx, ids: number[]) =>
    tx
      .select()
      .from(invoices)
      .where(inArray(invoices.inv_id, ids))
      .orderBy(asc(invoices.inv_id))
      .for('update'),

  invoicesByIds: (db: DbOrTx, ids: number[]) =>
    db.select().from(invoices).where(inArray(invoices.inv_id, ids)),

  /** The lines of these invoices, locked, in line order. */
  lockLines: (tx: DbOrTx, ids: number[]) =>
    tx
      .select()
      .from(invoiceLines)
      .where(inArray(invoiceLines.inv_id, ids))
      .orderBy(asc(invoiceLines.inv_id), asc(invoiceLines.line_no))
      .for('update'),

  /** The next settlement id (the number is built from it before the row is written). */
  async nextId(tx: DbOrTx) {
    const { rows } = await tx.execute<{ id: number }>(
      sql`select nextval(pg_get_serial_sequence('settlements', 'settlement_id'))::int as id`,
    );
    return rows[0].id;
  },

  async insert(tx: DbOrTx, values: SettlementInsert, allocations: Omit<AllocationInsert, 'settlement_id'>[]) {
    const [row] = await tx.insert(settlements).values(values).returning();
    if (allocations.length)
      await tx
        .insert(settlementAllocations)
        .values(allocations.map((a) => ({ ...a, settlement_id: row.settlement_id })));
    return row;
  },

  /** Writes an invoice's settled state while its version is still `version` (and raises it); undefined otherwise. */
  async updateInvoice(
    tx: DbOrTx,
    id: number,
    version: number,
    values: Pick<
      typeof invoices.$inferInsert,
      | 'settled_amount'
      | 'outstanding_amount'
      | 'payment_ref'
      | 'payment_marker'
      | 'search_text'
      | 'updated_by'
    >,
  ) {
    const [row] = await tx
      .update(invoices)
      .set({ ...values, version: sql`${invoices.version} + 1`, updated_at: sql`now()` })
      .where(and(eq(invoices.inv_id, id), eq(invoices.version, version)))
      .returning();
    return row;
  },

  async updateLine(tx: DbOrTx, id: number, settled: string, outstanding: string) {
    await tx
      .update(invoiceLines)
      .set({ settled_amount: settled, outstanding_amount: outstanding })
      .where(eq(invoiceLines.id, id));
  },

  async byId(tx: DbOrTx, id: number, forUpdate = false) {
    const q = tx.select().from(settlements).where(eq(settlements.settlement_id, id));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },

  async markReversed(tx: DbOrTx, id: number, version: number, by: string, reason: string) {
    const [row] = await tx
      .update(settlements)
      .set({
        reversed: true,
        reversed_at: sql`now()`,
        reversed_by: by,
        reverse_reason: reason,
        version: sql`${settlements.version} + 1`,
      })
      .where(and(eq(settlements.settlement_id, id), eq(settlements.version, version)))
      .returning();
    return row;
  },

  /** Allocations of these settlements (optionally only those on one invoice), with invoice no. and charge code. */
  async allocations(tx: DbOrTx, settlementIds: number[], invId?: number): Promise<AllocationView[]> {
    if (!settlementIds.length) return [];
    const rows = await tx
      .select({
        a: settlementAllocations,
        invoice_no: invoices.invoice_no,
        charge_code: invoiceLines.charge_code,
      })
      .from(settlementAllocations)
      .innerJoin(invoices, eq(invoices.inv_id, settlementAllocations.inv_id))
      .innerJoin(invoiceLines, eq(invoiceLines.id, settlementAllocations.line_id))
      .where(
        and(
          inArray(settlementAllocations.settlement_id, settlementIds),
          invId ? eq(settlementAllocations.inv_id, invId) : undefined,
        ),
      )
      .orderBy(asc(settlementAllocations.inv_id), asc(settlementAllocations.line_no));
    return rows.map((r) => ({ ...r.a, invoice_no: r.invoice_no, charge_code: r.charge_code }));
  },

  /** Settlements touching an invoice, newest first. */
  ofInvoice: (tx: DbOrTx, invId: number, limit: number) =>
    tx
      .select()
      .from(settlements)
      .where(
        sql`${settlements.settlement_id} in (select a.settlement_id from ${settlementAllocations} a where a.inv_id = ${invId})`,
      )
      .orderBy(desc(settlements.settlement_date), desc(settlements.settlement_id))
      .limit(limit),

  ofGroup: (tx: DbOrTx, groupNo: string, limit: number) =>
    tx
      .select()
      .from(settlements)
      .where(eq(settlements.group_no, groupNo))
      .orderBy(desc(settlements.settlement_id))
      .limit(limit),

  /** Invoice ids a settlement's not-reversed allocations touch (to see which invoices a reversal reopens). */
  async invoiceIdsOf(tx: DbOrTx, settlementId: number) {
    const rows = await tx
      .selectDistinct({ inv_id: settlementAllocations.inv_id })
      .from(settlementAllocations)
      .where(eq(settlementAllocations.settlement_id, settlementId));
    return rows.map((r) => r.inv_id).sort((a, b) => a - b);
  },

  /** Whether another settlement that is not reversed still settles part of this invoice. */
  async otherActive(tx: DbOrTx, invId: number, exceptSettlementId: number) {
    const { rows } = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from ${settlementAllocations} a join ${settlements} s on s.settlement_id = a.settlement_id
       where a.inv_id = ${invId} and not s.reversed and s.settlement_id <> ${exceptSettlementId}`);
    return rows[0].n > 0;
  },

  /**
   * Of these invoices, those in a reversal pair (reversed originals and their reversal invoices), with the
   * status to name: they owe nothing whatever their status (a closed one included).
   */
  async inReversal(tx: DbOrTx, ids: readonly number[]) {
    const { rows } = await tx.execute<{ inv_id: number; as_status: string }>(sql`
      select distinct on (x.inv_id) x.inv_id, x.as_status
        from (select from_inv_id as inv_id, 'REVERSED' as as_status from invoice_links
               where link_type = 'REVERSAL' and from_inv_id = any(${sql.param([...ids])}::int[])
              union all
              select to_inv_id, 'POST_REVERSED' from invoice_links
               where link_type = 'REVERSAL' and to_inv_id = any(${sql.param([...ids])}::int[])) x
       order by x.inv_id`);
    return new Map(rows.map((r) => [r.inv_id, r.as_status]));
  },

  /** The numbers of the settlements that are not reversed and settle part of this invoice (in number order). */
  async activeNosOf(tx: DbOrTx, invId: number) {
    const { rows } = await tx.execute<{ settlement_no: string }>(sql`
      select distinct s.settlement_no from ${settlementAllocations} a join ${settlements} s on s.settlement_id = a.settlement_id
       where a.inv_id = ${invId} and not s.reversed order by s.settlement_no`);
    return rows.map((r) => r.settlement_no);
  },

  /** An active batch payment group (002 §2 grouping, issue 14) and its invoices in id order. */
  async paymentGroup(tx: DbOrTx, groupNo: string) {
    const { rows } = await tx.execute<{ group_no: string; kind: string; status: string }>(
      sql`select group_no, kind, status from invoice_groups where group_no = ${groupNo}`,
    );
    const group = rows[0];
    if (!group) return null;
    const members = await tx
      .select({ inv_id: invoices.inv_id })
      .from(invoices)
      .where(and(eq(invoices.group_no, groupNo), ne(invoices.status, 'DELETED')))
      .orderBy(asc(invoices.inv_id));
    return { ...group, invIds: members.map((m) => m.inv_id) };
  },

  /** Posted invoices of an account with something outstanding, oldest first (the Settlement screen's picker). */
  openInvoices: (
    db: DbOrTx,
    q: { inv_type: string; account_code: string; currency?: string; statuses: readonly TInvoiceStatus[] },
  ) =>
    db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.inv_type, q.inv_type),
          eq(invoices.account_code, q.account_code),
          inArray(invoices.status, [...q.statuses]),
          sql`${invoices.outstanding_amount} <> 0`,
          q.currency ? eq(invoices.currency, q.currency) : undefined,
        ),
      )
      .orderBy(asc(invoices.invoice_date), asc(invoices.inv_id))
      .limit(500),
};
