import { INVOICE_STATUSES, INVOICE_TRANSITIONS } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

/** The statuses the invoice `close` move leaves (INVOICE_TRANSITIONS: Posted, Reversed, Post Reversed). */
const CLOSABLE_STATUSES = INVOICE_STATUSES.filter((s) => INVOICE_TRANSITIONS[s].close);

/** A history entry of a period close or reopen, one per invoice. */
export interface CloseHistoryEntry {
  inv_id: number;
  from_status: string;
  to_status: string;
}

/**
 * SQL of the invoice `close` move done in bulk by a period close (issue 15, modules/period) and of its undo
 * by a reopen. Both run inside the period's transaction.
 */
export const invoiceCloseRepository = {
  /**
   * Closes the invoices of `ids` that are Posted, Reversed or Post Reversed (002 §4 close move): status
   * Closed, closed flag, close period, a new version. Answers each closed invoice with its former status.
   */
  async close(tx: DbOrTx, ids: readonly number[], period: string, by: string) {
    if (!ids.length) return [];
    const { rows } = await tx.execute<{ inv_id: number; from_status: string }>(sql`
      with old as (
        select inv_id, status from invoices
         where inv_id = any(${sql.param([...ids])}::int[])
           and status = any(${sql.param(CLOSABLE_STATUSES)}::text[])
         order by inv_id for update)
      update invoices i
         set status = 'CLOSED', is_closed = true, close_period = ${period}, status_changed_at = now(),
             updated_at = now(), updated_by = ${by}, version = i.version + 1
        from old where i.inv_id = old.inv_id
      returning i.inv_id, old.status as from_status`);
    return rows;
  },

  /** Puts closed invoices back to the status each had before the close (a reopen). */
  async reopen(tx: DbOrTx, items: readonly { inv_id: number; from_status: string }[], by: string) {
    if (!items.length) return [];
    const { rows } = await tx.execute<{ inv_id: number; to_status: string }>(sql`
      with back as (
        select * from unnest(${sql.param(items.map((x) => x.inv_id))}::int[],
                             ${sql.param(items.map((x) => x.from_status))}::text[]) as b(inv_id, status))
      update invoices i
         set status = back.status, is_closed = false, close_period = null, status_changed_at = now(),
             updated_at = now(), updated_by = ${by}, version = i.version + 1
        from back where i.inv_id = back.inv_id and i.status = 'CLOSED'
      returning i.inv_id, back.status as to_status`);
    return rows;
  },

  /**
   * A status move of many invoices in one statement (the batch post, issue 15: modules/accounting decides which
   * invoices are ready): each invoice still at the `version` read and in one of `moves`' from-statuses is
   * locked (id order), moved to its to-status with `acct_process_status`, a new version and who/when. Answers
   * the invoices moved with their former and new status; the others (changed since they were read) are left.
   */
  async bulkMove(
    tx: DbOrTx,
    items: readonly { inv_id: number; version: number }[],
    moves: Readonly<Record<string, string>>,
    acctProcessStatus: string,
    by: string,
  ) {
    if (!items.length) return [];
    const from = Object.keys(moves);
    const { rows } = await tx.execute<{ inv_id: number; from_status: string; to_status: string }>(sql`
      with want as (
        select * from unnest(${sql.param(items.map((x) => x.inv_id))}::int[],
                             ${sql.param(items.map((x) => x.version))}::int[]) as w(inv_id, version)),
      moves as (
        select * from unnest(${sql.param(from)}::text[],
                             ${sql.param(from.map((f) => moves[f]))}::text[]) as m(from_status, to_status)),
      old as (
        select i.inv_id, i.status from invoices i join want w on w.inv_id = i.inv_id and w.version = i.version
         where i.status = any(${sql.param(from)}::text[])
         order by i.inv_id for update of i)
      update invoices i
         set status = moves.to_status, acct_process_status = ${acctProcessStatus}, status_changed_at = now(),
             updated_at = now(), updated_by = ${by}, version = i.version + 1
        from old join moves on moves.from_status = old.status
       where i.inv_id = old.inv_id
      returning i.inv_id, old.status as from_status, i.status as to_status`);
    return rows;
  },

  /** One status-history entry per invoice, in one statement (a close may close thousands). */
  async history(
    tx: DbOrTx,
    action: string,
    entries: readonly CloseHistoryEntry[],
    reason: string | null,
    actor: { uid: string; name: string },
    real: { uid: string; name: string } | null,
  ) {
    if (!entries.length) return;
    await tx.execute(sql`
      insert into status_history (entity_type, entity_id, action, from_status, to_status, reason, actor_uid,
                                  actor_name, real_actor_uid, real_actor_name)
      select 'invoice', e.inv_id::text, ${action}, e.from_status, e.to_status, ${reason}, ${actor.uid},
             ${actor.name}, ${real?.uid ?? null}, ${real?.name ?? null}
        from unnest(${sql.param(entries.map((e) => e.inv_id))}::int[],
                    ${sql.param(entries.map((e) => e.from_status))}::text[],
                    ${sql.param(entries.map((e) => e.to_status))}::text[]) as e(inv_id, from_status, to_status)`);
  },
};
