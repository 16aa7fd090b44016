/**
 * What the job queues hold, for the fault tests' "no backlog" checks (job-soak, rolling-restart).
 *
 * A waiting job is not by itself a backlog: each minute the job runner's clock (platform/jobs/cron-ticks.ts) puts
 * one job per cron schedule in its queue (a dozen schedules tick together, most of them ready a few seconds later:
 * cronOffsets) and each queue's worker takes its job within its poll (the job runner's POLL_SECONDS, 10 s). A look
 * in those seconds sees a dozen waiting jobs that are on time. A backlog is jobs that stay: `overdue` counts those
 * due longer ago than the poll and a margin. (Up to session 59 pg-boss's clock put them in its `__pgboss__send-it`
 * queue first, whose worker moved them within 5 s.)
 */
import type { PgServer } from './pg-cluster';

/** The job runner's poll (10 s) + 10 s margin for a loaded 2-core machine. */
export const ON_TIME_SECONDS = 20;

export interface WaitingJobs {
  /** Due and not taken, in all. */
  total: number;
  /** Due longer ago than ON_TIME_SECONDS and still not taken: the backlog. */
  overdue: number;
  /** Per queue: due now (overdue among them). */
  byQueue: { name: string; due: number; overdue: number }[];
}

export async function waitingJobs(db: PgServer): Promise<WaitingJobs> {
  const byQueue = await db.query<{ name: string; due: number; overdue: number }>(
    `select name, count(*)::int as due,
            (count(*) filter (where start_after <= now() - make_interval(secs => $1)))::int as overdue
       from pgboss.job where state in ('created', 'retry') and start_after <= now()
      group by name order by due desc, name`,
    [ON_TIME_SECONDS],
  );
  return {
    total: byQueue.reduce((a, q) => a + q.due, 0),
    overdue: byQueue.reduce((a, q) => a + q.overdue, 0),
    byQueue,
  };
}

/** "12 due, 0 overdue (gp-refresh 1, mail-deliver 1, …)". */
export function describeWaiting(w: WaitingJobs): string {
  const queues = w.byQueue.map((q) => `${q.name} ${q.due}${q.overdue ? ` (${q.overdue} overdue)` : ''}`);
  return `${w.total} due, ${w.overdue} overdue (${queues.join(', ') || 'none'})`;
}
