import type { Db, DbOrTx } from '../../platform/db/client';
import { registerJob } from '../../platform/jobs/job-registry';
import { registerBookingAmendmentHook } from '../booking';
import { analyticsRepository as repo } from './analytics.repository';

/**
 * Brings these orders' facts and the cubes up to date in the caller's transaction (a savepoint when it is
 * one). Idempotent: refreshing an order again changes nothing.
 */
export async function refreshAnalyticsOrders(db: DbOrTx, soIds: readonly number[]) {
  if (!soIds.length) return;
  await db.transaction((tx) => repo.refreshOrders(tx, soIds));
}

/** Rebuilds the facts and every cube from scratch (demo seed, bench generator, repair). */
export async function rebuildAnalytics(db: Db) {
  await db.transaction((tx) => repo.rebuildAll(tx));
  await repo.setRefreshState(db, new Date().toISOString(), true);
}

/** How far back the sweep looks again: a transaction that committed late carries an older updated_at. */
const OVERLAP_MS = 2 * 60_000;
const SWEEP_BATCH = 5000;
const CHUNK = 500;

/**
 * The sweep (job `analytics-refresh`, every minute): refreshes the orders whose updated_at passed the
 * watermark, so creates, status moves (confirm, cancel…), container edits and bulk loads, which run no
 * amendment hook, show in the figures within a minute.
 */
export async function sweepAnalytics(db: Db) {
  const state = await repo.refreshState(db);
  if (!state) {
    // Never built (first run after the tables were added to a database holding orders): build it whole.
    await rebuildAnalytics(db);
    return { orders: -1 };
  }
  // Look back OVERLAP_MS from now while caught up (a late commit carries an older updated_at); while catching
  // up, continue from the watermark itself (so a full batch never reads the same orders again).
  const seen = new Date(state.orders_seen_at).getTime();
  const since = new Date(Math.min(seen, Date.now() - OVERLAP_MS)).toISOString();
  const changed = await repo.changedSince(db, since, SWEEP_BATCH);
  for (let i = 0; i < changed.length; i += CHUNK)
    await refreshAnalyticsOrders(
      db,
      changed.slice(i, i + CHUNK).map((r) => r.so_id),
    );
  // Move the watermark only as far as what was read (a full batch continues next time), never backwards.
  const last = changed.at(-1)?.updated_at;
  if (last && new Date(last) > new Date(state.orders_seen_at)) await repo.setRefreshState(db, last);
  return { orders: changed.length };
}

let registered = false;
/** Registers the booking amendment hook and the sweep job (once, when the routes load). */
export function registerAnalyticsHooks() {
  if (registered) return;
  registered = true;
  // Any amendment may move a figure (ETD, office, parties, units…): refresh the order in the same transaction.
  registerBookingAmendmentHook((tx, a) => refreshAnalyticsOrders(tx, [a.so_id]));
  registerJob({
    name: 'analytics-refresh',
    cron: '* * * * *',
    retryLimit: 0,
    run: (ctx) => sweepAnalytics(ctx.db),
  });
}
