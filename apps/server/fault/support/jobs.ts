/**
 * What the job queues hold, for the fault tests' "no backlog" checks (job-soak, rolling-restart).
 *
 * A waiting job is not by itself a backlog: each minute pg-boss's clock puts one job per schedule in its own
 * `__pgboss__send-it` queue (a dozen schedules tick together), its worker moves them to their queues within its
 * poll (cronWorkerIntervalSeconds, 5 s) and each queue's worker takes its job within its own poll (the job
 * runner's POLL_SECONDS, 10 s). A look in those seconds sees a dozen waiting jobs that are on time. A backlog is
 * jobs that stay: `overdue` counts those due longer ago than both polls and a margin.
 */
import type { PgServer } from './pg-cluster';

/** The send-it poll (5 s) + the job runner's poll (10 s) + 5 s margin for a loaded 2-core machine. */
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

/** "12 due, 0 overdue (__pgboss__send-it 11, mail-deliver 1)". */
export function describeWaiting(w: WaitingJobs): string {
  const queues = w.byQueue.map((q) => `${q.name} ${q.due}${q.overdue ? ` (${q.overdue} overdue)` : ''}`);
  return `${w.total} due, ${w.overdue} overdue (${queues.join(', ') || 'none'})`;
}
