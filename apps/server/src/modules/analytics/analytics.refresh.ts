import { type Db, type DbOrTx, databaseNow } from '../../platform/db/client';
import { registerJob } from '../../platform/jobs/job-registry';
import { SWEEP_BATCH, sweepBound, sweepWatermark } from '../../platform/jobs/sweep-watermark';
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
  await repo.setRefreshState(db, { at: new Date().toISOString(), afterId: null }, true);
}

const CHUNK = 500;

/**
 * The sweep (job `analytics-refresh`, every minute): refreshes the orders whose updated_at passed the
 * watermark, so creates, status moves (confirm, cancel…), container edits and bulk loads, which run no
 * amendment hook, show in the figures within a minute. `batch`: orders read a run (lowered by tests).
 */
export async function sweepAnalytics(db: Db, batch = SWEEP_BATCH) {
  const state = await repo.refreshState(db);
  if (!state) {
    // Never built (first run after the tables were added to a database holding orders): build it whole.
    await rebuildAnalytics(db);
    return { orders: -1 };
  }
  // After the mark: the last row of a full batch, else the watermark less the overlap (a late commit carries an
  // older updated_at); the watermark is when this sweep began reading (platform/jobs/sweep-watermark.ts). Until session 51 it
  // was the last row's time, kept only when later to the millisecond: 47 orders written in one transaction at
  // 09:11:01.193794 stayed after a watermark of 09:11:01.193 and were refreshed again every minute all day.
  const startedAt = await databaseNow(db);
  const changed = await repo.changedSince(db, sweepBound(state.orders_seen_at, state.orders_after_id), batch);
  for (let i = 0; i < changed.length; i += CHUNK)
    await refreshAnalyticsOrders(
      db,
      changed.slice(i, i + CHUNK).map((r) => r.id),
    );
  await repo.setRefreshState(db, sweepWatermark(startedAt, changed, batch));
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
