import type { Db, DbOrTx } from '../../platform/db/client';
import { registerJob } from '../../platform/jobs/job-registry';
import { registerInvoiceChangeHook } from '../invoice';
import { financeAggregatesRepository as repo } from './finance-aggregates.repository';

/**
 * Brings these invoices' finance items and the cubes up to date in the caller's transaction (a savepoint when
 * it is one): the recorded items are taken away and the current ones added, the difference applied to the
 * cubes. The hook the invoice module calls on every create, edit and move; settlements call it too.
 */
export async function refreshFinanceForInvoices(db: DbOrTx, invIds: readonly number[]) {
  if (!invIds.length) return;
  const ids = [...new Set(invIds)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await repo.lock(tx, ids);
    const old = await repo.takeRecorded(tx, ids);
    const now = await repo.current(tx, ids);
    await repo.record(tx, now);
    await repo.applyDelta(tx, old, now);
  });
}

/** Rebuilds every finance aggregate from scratch (seed, bench generator, repair, first sweep). */
export async function rebuildFinance(db: Db) {
  await db.transaction((tx) => repo.rebuildAll(tx));
  const now = new Date().toISOString();
  await repo.setRefreshState(db, now, now);
}

/** How far back the sweep looks again: a transaction that committed late carries an older timestamp. */
const OVERLAP_MS = 2 * 60_000;
const SWEEP_BATCH = 5000;

/**
 * The sweep (job `finance-refresh`, every minute): refreshes the invoices changed or posted since the last
 * sweep and the open items of parties changed since (their payment terms move due days), so writers that do
 * not call the hook (the posting job recording the ledger's answer, party edits, bulk loads) show on the
 * dashboard within a minute. Refreshing is idempotent, so looking back OVERLAP_MS again costs only time.
 * Never built yet (the first run on a database holding invoices): builds it whole once.
 */
export async function sweepFinance(db: Db) {
  const state = await repo.refreshState(db);
  if (!state) {
    await rebuildFinance(db);
    return { invoices: -1, parties: -1 };
  }
  const back = (at: string | null) =>
    at ? new Date(new Date(at).getTime() - OVERLAP_MS).toISOString() : new Date(0).toISOString();
  const changed = await repo.changedSince(
    db,
    back(state.invoices_seen_at),
    back(state.parties_seen_at),
    SWEEP_BATCH,
  );
  const ids = [
    ...new Set([
      ...changed.invoices.map((r) => r.inv_id),
      ...(await repo.invoicesOfParties(
        db,
        changed.parties.map((r) => r.party_id),
      )),
    ]),
  ];
  for (let i = 0; i < ids.length; i += 500) await refreshFinanceForInvoices(db, ids.slice(i, i + 500));
  // Move the watermarks only as far as what was read (a full batch continues next time).
  await repo.setRefreshState(
    db,
    changed.invoices.at(-1)?.at ?? state.invoices_seen_at,
    changed.parties.at(-1)?.at ?? state.parties_seen_at,
  );
  return { invoices: changed.invoices.length, parties: changed.parties.length };
}

let registered = false;
/** Registers the invoice change hook and the sweep job (once, when the routes load). */
export function registerFinanceHooks() {
  if (registered) return;
  registered = true;
  registerInvoiceChangeHook(refreshFinanceForInvoices);
  registerJob({
    name: 'finance-refresh',
    cron: '* * * * *',
    retryLimit: 0,
    run: (ctx) => sweepFinance(ctx.db),
  });
}
