import { type Db, type DbOrTx, databaseNow } from '../../platform/db/client';
import { registerJob } from '../../platform/jobs/job-registry';
import { SWEEP_BATCH, sweepBound, sweepWatermark } from '../../platform/jobs/sweep-watermark';
import { registerBookingAmendmentHook } from '../booking';
import { co2eRepository as repo } from './co2e.repository';

/** Recomputes these orders' CO2e facts in the caller's transaction (a savepoint when it is one). */
export async function refreshCo2eOrders(db: DbOrTx, soIds: readonly number[]) {
  if (!soIds.length) return;
  await db.transaction((tx) => repo.refreshOrders(tx, soIds));
}

/** Rebuilds every order's facts from scratch (demo seed, bench generator, after a factor edit). */
export async function rebuildCo2e(db: Db) {
  await db.transaction((tx) => repo.rebuildAll(tx));
  await repo.setRefreshState(db, { at: new Date().toISOString(), afterId: null });
}

/**
 * The sweep (job `co2e-refresh`, every minute): recomputes orders whose updated_at passed the watermark, so
 * new bookings (booking has no create hook), container and status changes and bulk loads reach the page
 * within a minute. Idempotent, so the overlap costs only time. `batch`: orders read a run (lowered by tests).
 */
let cubeChecked = false;
export async function sweepCo2e(db: Db, batch = SWEEP_BATCH) {
  const state = await repo.refreshState(db);
  // Once per process: a database whose facts predate the month cube (session 26) is rebuilt whole.
  const stale = !cubeChecked && (await repo.cubeMissing(db));
  cubeChecked = true;
  if (!state || stale) {
    await rebuildCo2e(db);
    return { orders: -1 };
  }
  const startedAt = await databaseNow(db);
  const changed = await repo.changedOrdersSince(
    db,
    sweepBound(state.orders_seen_at, state.orders_after_id),
    batch,
  );
  for (let i = 0; i < changed.length; i += 500)
    await refreshCo2eOrders(
      db,
      changed.slice(i, i + 500).map((r) => r.id),
    );
  // A full batch continues after its last row next time; otherwise everything before startedAt has been read.
  await repo.setRefreshState(db, sweepWatermark(startedAt, changed, batch));
  return { orders: changed.length };
}

/** Order fields the CO2e figure depends on (an edit of any other field leaves it as it is). */
const CO2E_FIELDS = new Set([
  'etd',
  'handling_office',
  'transport_mode',
  'service_type',
  'carrier_code',
  'customer_id',
  'pol',
  'pod',
  'gross_weight',
  'status',
  'so_no',
]);

let registered = false;
/** The booking amendment hook and the sweep job (once, when the routes load). */
export function registerCo2eHooks() {
  if (registered) return;
  registered = true;
  registerBookingAmendmentHook(async (tx, a) => {
    if (!Object.keys(a.changes).some((f) => CO2E_FIELDS.has(f))) return;
    await refreshCo2eOrders(tx, [a.so_id]);
  });
  registerJob({ name: 'co2e-refresh', cron: '* * * * *', retryLimit: 0, run: (ctx) => sweepCo2e(ctx.db) });
}
