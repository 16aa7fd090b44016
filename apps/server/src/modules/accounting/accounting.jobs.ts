import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { registerJob } from '../../platform/jobs/job-registry';
import { invoiceService } from '../invoice';
import { type LedgerClient, ledgerClient } from '../ledger';
import { POSTING_CHANNEL, accountingRepository as repo } from './accounting.repository';
import { accountingService } from './accounting.service';

export const POSTING_JOB = 'accounting-post';
export const AUTO_EXPORT_JOB = 'accounting-auto-export';
const MAX_ROUNDS = 20;

/** Who the scheduled auto export acts as (the status history names it). */
const AUTO_EXPORT_ACTOR: Actor = {
  user_uid: 'system:auto-export',
  login_id: 'system',
  first_name: 'Auto export',
  last_name: '(scheduled)',
  sid: 'system',
  profile: null,
  profile_type: null,
  super_user_uid: null,
  funcs: new Set(['inv_closing', 'm_ar', 'm_ap']),
};

/** Sends every due journal to the ledger (several rounds of 50 while there are more). */
export async function postDueJournals(
  db: Db,
  client: LedgerClient = ledgerClient(),
  log: (m: string) => void = () => {},
) {
  const total = { claimed: 0, posted: 0, failed: 0, retry: 0 };
  for (let i = 0; i < MAX_ROUNDS; i++) {
    const r = await accountingService.processDue(db, client, { log });
    total.claimed += r.claimed;
    total.posted += r.posted;
    total.failed += r.failed;
    total.retry += r.retry;
    if (r.claimed < 50) break;
  }
  return total;
}

/**
 * The scheduled auto export (002 §4 Pending Auto Export → Exported (Auto)): each invoice through the invoice
 * move `auto_export` (history, export file) in its own transaction; one that fails is logged and left for
 * the next run.
 */
export async function autoExportDue(db: Db, log: (m: string) => void = () => {}) {
  const due = await repo.pendingAutoExport(db, 500);
  let exported = 0;
  let failed = 0;
  for (const r of due) {
    try {
      await invoiceService.act(db, AUTO_EXPORT_ACTOR, r.inv_id, {
        action: 'auto_export',
        version: r.version,
      });
      exported++;
    } catch (e) {
      failed++;
      log(`auto export of ${r.invoice_no} failed: ${(e as Error).message}`);
    }
  }
  return { exported, failed };
}

/** Registers both jobs with the runner (called when the routes load, with the configured schedules). */
export function registerAccountingJobs(o: { postingCron: string; autoExportCron: string }) {
  registerJob({
    name: POSTING_JOB,
    cron: o.postingCron,
    // Each journal keeps its own attempts and backoff (journals.next_attempt_at); the job is not retried.
    retryLimit: 0,
    // woken at once when journals are queued (a post, a batch, a retry): posting starts within a second
    channel: POSTING_CHANNEL,
    run: (ctx) => postDueJournals(ctx.db, ledgerClient(), ctx.log),
  });
  registerJob({
    name: AUTO_EXPORT_JOB,
    cron: o.autoExportCron,
    retryLimit: 0,
    run: (ctx) => autoExportDue(ctx.db, ctx.log),
  });
}
