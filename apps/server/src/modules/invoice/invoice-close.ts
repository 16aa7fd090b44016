import { type Actor, actorName } from '../../platform/access/access';
import { historyActor } from '../../platform/audit/versioned-record';
import type { DbOrTx } from '../../platform/db/client';
import { currentRequestActor } from '../../platform/http/request-context';
import { runInvoiceChangeHooks } from './invoice-change-hooks';
import { invoiceCloseRepository as repo } from './invoice-close.repository';
import { indexInvoices } from './invoice-search.repository';

/**
 * The invoice side of a period close (issue 15; the period module owns which invoices and when): the `close`
 * move of 002 §4 (Posted, Reversed, Post Reversed → Closed, closed flag and close period) for many invoices
 * at once, with one history entry each, inside the caller's transaction. Answers the invoices closed with the
 * status each had, so a reopen can put them back.
 */
export async function closeInvoicesForPeriod(
  tx: DbOrTx,
  actor: Actor,
  ids: readonly number[],
  period: string,
): Promise<{ inv_id: number; from_status: string }[]> {
  const closed = await repo.close(tx, ids, period, actorName(actor));
  await repo.history(
    tx,
    'close',
    closed.map((c) => ({ ...c, to_status: 'CLOSED' })),
    period,
    historyActor(actor),
    currentRequestActor()?.real ?? null,
  );
  await indexInvoices(
    tx,
    closed.map((c) => c.inv_id),
  );
  // Figures derived from invoices (GP aggregates) follow the status change in this transaction.
  await runInvoiceChangeHooks(
    tx,
    closed.map((c) => c.inv_id),
  );
  return closed;
}

/**
 * A period reopen: the invoices its close closed go back to the status each had (outside the transition
 * table, which has no move out of Closed: only a period reopen undoes a period close), closed flag cleared.
 */
export async function reopenInvoicesForPeriod(
  tx: DbOrTx,
  actor: Actor,
  items: readonly { inv_id: number; from_status: string }[],
  reason: string,
): Promise<number> {
  const back = await repo.reopen(tx, items, actorName(actor));
  await repo.history(
    tx,
    'reopen_period',
    back.map((b) => ({ inv_id: b.inv_id, from_status: 'CLOSED', to_status: b.to_status })),
    reason,
    historyActor(actor),
    currentRequestActor()?.real ?? null,
  );
  await indexInvoices(
    tx,
    back.map((b) => b.inv_id),
  );
  await runInvoiceChangeHooks(
    tx,
    back.map((b) => b.inv_id),
  );
  return back.length;
}

/**
 * A status move of many invoices at once, for a module that owns the move's checks (issue 15: the batch post
 * of modules/accounting moves Imported → Posted and Imported (Reversal) → Post Reversed after checking each
 * invoice's readiness set-wise). Same effects as one `act` per invoice — version-checked row lock, status,
 * process status, a new version, one history entry each, the search index and the change hooks (GP and finance
 * aggregates) — in a few statements inside the caller's transaction. `moves` maps from-status → to-status;
 * invoices no longer at the version read or in a from-status are not moved (the answer leaves them out).
 */
export async function moveInvoicesInBulk(
  tx: DbOrTx,
  actor: Actor,
  o: {
    action: string;
    items: readonly { inv_id: number; version: number }[];
    moves: Readonly<Record<string, string>>;
    acctProcessStatus: string;
  },
): Promise<{ inv_id: number; from_status: string; to_status: string }[]> {
  const moved = await repo.bulkMove(tx, o.items, o.moves, o.acctProcessStatus, actorName(actor));
  await repo.history(tx, o.action, moved, null, historyActor(actor), currentRequestActor()?.real ?? null);
  const ids = moved.map((m) => m.inv_id);
  await indexInvoices(tx, ids);
  await runInvoiceChangeHooks(tx, ids);
  return moved;
}
