import { minorUnits } from '@portal/contracts';
import { loadConfig } from '../../config';
import { type Db, type DbOrTx, databaseNow, transactionWithGenericPlans } from '../../platform/db/client';
import { registerJob } from '../../platform/jobs/job-registry';
import { SWEEP_BATCH, sweepBound, sweepWatermark } from '../../platform/jobs/sweep-watermark';
import { registerBookingAmendmentHook } from '../booking';
import { APPROVAL_FLOW_STATUSES, registerInvoiceChangeHook } from '../invoice';
import { gpRepository as repo } from './gp-report.repository';

/** Scale of base-currency amounts (HKD 2). */
const baseScale = () => minorUnits(loadConfig().invoice.baseCurrency);

/**
 * Brings the GP facts and cubes of these invoices' jobs up to date, in the caller's transaction (a savepoint
 * when it is one): the hook the invoice module calls on every create, edit and move. `afterCommit` (a
 * transaction of its own, after the change committed, or the sweep's): the row versions read are recorded as
 * refreshed, so the sweep leaves them.
 */
export async function refreshGpForInvoices(
  db: DbOrTx,
  invIds: readonly number[],
  o: { afterCommit?: boolean } = {},
) {
  if (!invIds.length) return;
  // Every statement here looks rows up by these ids or their jobs: generic plans (client.ts withGenericPlans).
  await transactionWithGenericPlans(db, async (tx) => {
    const jobs = await repo.jobsOfInvoices(tx, invIds, o.afterCommit === true);
    await repo.refreshJobs(tx, jobs, baseScale());
  });
}

/** Refreshes these jobs (an order edit changed their month, office, mode, units…). */
export async function refreshGpJobs(db: DbOrTx, jobNos: readonly string[]) {
  if (!jobNos.length) return;
  await transactionWithGenericPlans(db, (tx) => repo.refreshJobs(tx, jobNos, baseScale()));
}

/** Rebuilds every fact and cube from scratch (seed, bench generator, repair). */
export async function rebuildGp(db: Db) {
  await db.transaction((tx) => repo.rebuildAll(tx, baseScale()));
  const now = { at: new Date().toISOString(), afterId: null };
  await repo.setRefreshState(db, now, now);
}

let invoiceFactsChecked = false;

/**
 * The sweep (job `gp-refresh`, every minute): refreshes the jobs of invoices and orders changed since the
 * last sweep, so writers that do not call the hook (posting by the job queue, bulk loads, booking container
 * edits) show in the reports within a minute. Refreshing is idempotent, so looking back SWEEP_OVERLAP_MS again
 * costs only time (platform/jobs/sweep-watermark.ts). `batch`: rows read a run per table (lowered by tests).
 */
export async function sweepGp(db: Db, batch = SWEEP_BATCH) {
  const state = await repo.refreshState(db);
  // Never built (the first run after the tables were added to a database holding invoices): build it whole
  // once rather than catching up 5,000 invoices a minute. Likewise once per process when the job facts
  // predate a derived table added later (gp_invoice_facts in session 25, the customer and lane cubes in 26).
  const stale = !invoiceFactsChecked && (await repo.invoiceFactsMissing(db));
  invoiceFactsChecked = true;
  if (!state || stale) {
    await rebuildGp(db);
    return { invoices: -1, refreshed: -1, jobs: -1 };
  }
  const startedAt = await databaseNow(db);
  const changed = await repo.changedSince(
    db,
    sweepBound(state.invoices_seen_at, state.invoices_after_id),
    sweepBound(state.orders_seen_at, state.orders_after_id),
    batch,
  );
  // Read: every invoice changed; refreshed: those whose row is not the version their last refresh read (a hook
  // after a create's commit refreshed the rest, and refreshing them again each minute of the overlap doubled the
  // GP upkeep).
  const invIds = [...new Set(changed.invoices.map((r) => r.id))];
  const unseen = [...new Set(changed.invoices.filter((r) => !r.fresh).map((r) => r.id))];
  for (let i = 0; i < unseen.length; i += 200)
    await refreshGpForInvoices(db, unseen.slice(i, i + 200), { afterCommit: true });
  const orderJobs = [...new Set(changed.orders.flatMap((r) => (r.job_no ? [r.job_no] : [])))];
  for (let i = 0; i < orderJobs.length; i += 200) await refreshGpJobs(db, orderJobs.slice(i, i + 200));
  // A full batch continues after its last row next time; otherwise everything before startedAt has been read.
  await repo.setRefreshState(
    db,
    sweepWatermark(startedAt, changed.invoices, batch),
    sweepWatermark(startedAt, changed.orders, batch),
  );
  return { invoices: invIds.length, refreshed: unseen.length, jobs: orderJobs.length };
}

/** Fields of an order that move its job's GP row (month, office, mode, service, POL, customer, salesman, units). */
const GP_ORDER_FIELDS = new Set([
  'etd',
  'handling_office',
  'transport_mode',
  'service_type',
  'pol',
  'customer_id',
  'salesman',
  'cbm',
  'gross_weight',
  'job_no',
  // Analytics' lane and carrier (gp_job_facts.pod, .carrier).
  'pod',
  'carrier_code',
]);

let registered = false;
/** Registers the invoice and booking hooks and the sweep job (once, when the routes load). */
export function registerGpHooks() {
  if (registered) return;
  registered = true;
  // Approval moves change nothing these figures read (amounts, dates, jobs, parties, posting, settlement); the
  // row version the facts were derived from is carried to the one the move wrote, so the sweep leaves them too.
  registerInvoiceChangeHook(refreshGpForInvoices, {
    unaffectedBy: APPROVAL_FLOW_STATUSES,
    carry: (tx, invId, before) => repo.carrySeen(tx, invId, before),
  });
  registerBookingAmendmentHook(async (tx, a) => {
    if (!Object.keys(a.changes).some((f) => GP_ORDER_FIELDS.has(f))) return;
    const jobs = await repo.jobsOfOrder(tx, a.so_id);
    const before = a.changes.job_no?.from;
    await refreshGpJobs(tx, typeof before === 'string' ? [...jobs, before] : jobs);
  });
  registerJob({ name: 'gp-refresh', cron: '* * * * *', retryLimit: 0, run: (ctx) => sweepGp(ctx.db) });
}
