import pg from 'pg';
import { registerJob } from '../../platform/jobs/job-registry';
import type { JobRunner } from '../../platform/jobs/job-runner';
import { RW_CHANNEL, scheduleDue, sendQueued } from './report-writer.service';

/** The durable job: queues due scheduled periods, then e-mails every queued run (scheduled or "send now"). */
export const REPORT_WRITER_JOB = 'report-writer';

/** Registers the job with its cron (RW_CRON, default every 5 minutes; "send now" is kicked at once). */
export function registerReportWriterJob(cron: string) {
  registerJob({
    name: REPORT_WRITER_JOB,
    cron,
    // Each run keeps its own status (report_writer_runs); a failed job is not retried.
    retryLimit: 0,
    run: async (ctx, data) => {
      const now = typeof data.now === 'string' ? data.now : undefined;
      const scheduled = await scheduleDue(ctx.db, now);
      const sent = await sendQueued(ctx.db, ctx.log);
      return { scheduled, ...sent };
    },
  });
}

/**
 * Listens for RW_CHANNEL and queues the job when a "send now" commits, so the e-mail leaves within seconds
 * instead of at the next cron tick. Started by main.ts beside the job runner.
 */
export async function startReportWriterKicker(opts: {
  databaseUrl: string;
  runner: JobRunner;
  log?: (m: string) => void;
}): Promise<{ stop(): Promise<void> }> {
  const log = opts.log ?? ((m: string) => console.log(`[report-writer] ${m}`));
  const client = new pg.Client({
    connectionString: opts.databaseUrl,
    application_name: 'portal-report-writer',
  });
  let timer: NodeJS.Timeout | undefined;
  client.on('notification', () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      opts.runner.runNow(REPORT_WRITER_JOB).catch((e: Error) => log(`kick failed: ${e.message}`));
    }, 100);
  });
  client.on('error', (e) => log(`listener error: ${e.message}`));
  await client.connect();
  await client.query(`listen ${RW_CHANNEL}`);
  return {
    async stop() {
      if (timer) clearTimeout(timer);
      await client.end().catch(() => {});
    },
  };
}
