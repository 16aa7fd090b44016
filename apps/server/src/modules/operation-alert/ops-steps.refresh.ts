import type { Db } from '../../platform/db/client';
import { registerJob } from '../../platform/jobs/job-registry';
import { opsStepsRepository as repo } from './ops-steps.repository';

/** Rebuilds OperationReportPBI's aggregate from scratch (demo seed, bench generator, repair). */
export const rebuildOpsSteps = (db: Db) => repo.rebuild(db);

/** One sweep of the aggregate (tests and manual runs; the job runs it every minute). */
export const sweepOpsSteps = (db: Db) => repo.sweep(db);

let registered = false;
/**
 * The `ops-steps-refresh` job (every minute): folds the documents created or changed since the last run into
 * the aggregate, so the page's live correction stays a few documents (docs/analytics.md).
 */
export function registerOpsStepsJob() {
  if (registered) return;
  registered = true;
  registerJob({
    name: 'ops-steps-refresh',
    cron: '* * * * *',
    retryLimit: 0,
    run: (ctx) => repo.sweep(ctx.db),
  });
}
