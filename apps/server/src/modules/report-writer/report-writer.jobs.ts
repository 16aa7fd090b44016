import { registerJob } from '../../platform/jobs/job-registry';
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
    // woken at once when a "send now" commits (the runner listens)
    channel: RW_CHANNEL,
    run: async (ctx, data) => {
      const now = typeof data.now === 'string' ? data.now : undefined;
      const scheduled = await scheduleDue(ctx.db, now);
      const sent = await sendQueued(ctx.db, ctx.log);
      return { scheduled, ...sent };
    },
  });
}
