import { type Db, type DbOrTx, databaseNow, transactionWithGenericPlans } from '../../platform/db/client';
import { registerJob } from '../../platform/jobs/job-registry';
import { SWEEP_BATCH, sweepBound, sweepWatermark } from '../../platform/jobs/sweep-watermark';
import { registerBookingAmendmentHook } from '../booking';
import { APPROVAL_FLOW_STATUSES, registerInvoiceChangeHook } from '../invoice';
import { financeAggregatesRepository as repo } from './finance-aggregates.repository';

/**
 * The aggregates' shape: 2 = the office/currency rollups of fin_cube and fin_party_open and late invoicing
 * (fin_late); 3 = fin_due_cube (the cube by due day without the invoice date); 4 = fin_party_open.pos_amount
 * (the breaches under a date preset). A database built with an older shape is rebuilt whole by the first sweep
 * or dashboard.
 */
export const AGG_SHAPE = 4;

/**
 * Brings these invoices' finance items and the cubes up to date in the caller's transaction (a savepoint when
 * it is one): the recorded items are taken away and the current ones added, the difference applied to the
 * cubes. The hook the invoice module calls on every create, edit and move; settlements call it too.
 * `afterCommit` (a transaction of its own after the change committed, or the sweep's): the row versions read are
 * recorded as the items' source (fin_invoice_seen), so the sweep leaves them.
 */
export async function refreshFinanceForInvoices(
  db: DbOrTx,
  invIds: readonly number[],
  o: { afterCommit?: boolean } = {},
) {
  if (!invIds.length) return;
  const ids = [...new Set(invIds)].sort((a, b) => a - b);
  // Every statement here looks rows up by these ids or their jobs: generic plans (client.ts withGenericPlans).
  await transactionWithGenericPlans(db, async (tx) => {
    await repo.lock(tx, ids);
    // After the change committed: the row versions read now are what the items below come from (the sweep
    // then leaves these invoices until they change again).
    if (o.afterCommit) await repo.stampSeen(tx, ids);
    const old = await repo.takeRecorded(tx, ids);
    const now = await repo.current(tx, ids);
    await repo.record(tx, now);
    await repo.applyDelta(tx, old, now);
    // Late invoicing: the jobs the invoices cover now or covered before.
    await repo.refreshLate(tx, await repo.jobsOfInvoices(tx, ids));
  });
}

/** Brings late invoicing of these shipping orders (and the jobs they are or were on) up to date. */
export async function refreshFinanceForOrders(
  db: DbOrTx,
  soIds: readonly number[],
  jobNos: readonly string[] = [],
) {
  if (!soIds.length && !jobNos.length) return;
  await transactionWithGenericPlans(db, (tx) => repo.refreshLate(tx, jobNos, soIds));
}

/** Rebuilds every finance aggregate from scratch (seed, bench generator, repair, first sweep). */
export async function rebuildFinance(db: Db) {
  // Watermarks taken before the rebuild reads: a change committed meanwhile is swept again (idempotent).
  const now = { at: new Date().toISOString(), afterId: null };
  await db.transaction((tx) => repo.rebuildAll(tx));
  await repo.setRefreshState(db, { invoices: now, parties: now, orders: now, shape: AGG_SHAPE });
}

/**
 * The sweep (job `finance-refresh`, every minute): refreshes the invoices changed or posted since the last
 * sweep and the open items of parties changed since (their payment terms move due days), so writers that do
 * not call the hook (the posting job recording the ledger's answer, party edits, bulk loads) show on the
 * dashboard within a minute. Refreshing is idempotent, so looking back SWEEP_OVERLAP_MS again costs only time.
 * Never built yet (the first run on a database holding invoices): builds it whole once. `batch`: rows read a run
 * per table (lowered by tests).
 */
export async function sweepFinance(db: Db, batch = SWEEP_BATCH) {
  const state = await repo.refreshState(db);
  if (!state || state.shape !== AGG_SHAPE) {
    await rebuildFinance(db);
    return { invoices: -1, refreshed: -1, parties: -1, orders: -1 };
  }
  const startedAt = await databaseNow(db);
  const changed = await repo.changedSince(
    db,
    sweepBound(state.invoices_seen_at, state.invoices_after_id),
    sweepBound(state.parties_seen_at, state.parties_after_id),
    batch,
  );
  // Every invoice changed but those whose row is the version their items were derived from (a create's refresh
  // after its commit, a move through the approval flow since), and every open item of a party changed.
  const ids = [
    ...new Set([
      ...changed.invoices.filter((r) => !r.fresh).map((r) => r.id),
      ...(await repo.invoicesOfParties(
        db,
        changed.parties.map((r) => r.id),
      )),
    ]),
  ];
  for (let i = 0; i < ids.length; i += 500)
    await refreshFinanceForInvoices(db, ids.slice(i, i + 500), { afterCommit: true });
  // Shipping orders edited, given a job or cancelled outside the booking amendment hook.
  const orders = await repo.ordersChangedSince(
    db,
    sweepBound(state.orders_seen_at, state.orders_after_id),
    batch,
  );
  for (let i = 0; i < orders.length; i += 500)
    await refreshFinanceForOrders(
      db,
      orders.slice(i, i + 500).map((r) => r.id),
    );
  // A full batch continues after its last row next time; otherwise everything before startedAt has been read.
  await repo.setRefreshState(db, {
    invoices: sweepWatermark(startedAt, changed.invoices, batch),
    parties: sweepWatermark(startedAt, changed.parties, batch),
    orders: sweepWatermark(startedAt, orders, batch),
  });
  // invoices: read; refreshed: the invoices refreshed (changed and not fresh, and those of changed parties).
  return {
    invoices: changed.invoices.length,
    refreshed: ids.length,
    parties: changed.parties.length,
    orders: orders.length,
  };
}

/** Order fields late invoicing reads (its job, ETD, handling office, customer, cancellation). */
const LATE_ORDER_FIELDS = new Set(['job_no', 'etd', 'handling_office', 'customer_id', 'status']);

let registered = false;
/** Registers the invoice change hook and the sweep job (once, when the routes load). */
export function registerFinanceHooks() {
  if (registered) return;
  registered = true;
  // Approval moves change nothing these figures read (amounts, dates, jobs, parties, posting, settlement); the
  // recorded row version follows such a move, so the sweep leaves it too.
  registerInvoiceChangeHook(refreshFinanceForInvoices, {
    unaffectedBy: APPROVAL_FLOW_STATUSES,
    carry: (tx, invId, before) => repo.carrySeen(tx, invId, before),
  });
  registerBookingAmendmentHook(async (tx, a) => {
    if (!Object.keys(a.changes).some((f) => LATE_ORDER_FIELDS.has(f))) return;
    const before = a.changes.job_no?.from;
    await refreshFinanceForOrders(tx, [a.so_id], typeof before === 'string' ? [before] : []);
  });
  registerJob({
    name: 'finance-refresh',
    cron: '* * * * *',
    retryLimit: 0,
    run: (ctx) => sweepFinance(ctx.db),
  });
}
