import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { jobRuns } from '../metrics/platform-metrics';
import { type JobDefinition, registeredJobs } from './job-registry';

export interface JobRunner {
  /** Queues one run of a registered job now (optionally for a given `today`); answers the job id. */
  runNow(name: string, data?: Record<string, unknown>): Promise<string | null>;
  /** Waits until a job is finished (completed or failed) and answers its state; for tests and tools. */
  waitFor(name: string, id: string, timeoutMs?: number): Promise<string>;
  /** Stops taking jobs and waits up to `timeoutMs` for running ones; unfinished ones return to the queue when they expire. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobRunnerOptions {
  databaseUrl: string;
  db: Db;
  /** IANA time zone for cron schedules and `today`; defaults to the process's zone. */
  timeZone?: string;
  jobs?: JobDefinition[];
  log?: (message: string) => void;
  /** Seconds between polls for new jobs (pg-boss default 2). */
  pollingIntervalSeconds?: number;
}

/** Today's date ('YYYY-MM-DD') in `timeZone`. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * Starts the durable job runner: pg-boss keeps queues, schedules and job state in the `pgboss` schema of
 * the application database, so any number of instances can run one runner each; a job is fetched by one
 * of them (SELECT … FOR UPDATE SKIP LOCKED) and a cron tick creates one job whichever instance sees it.
 */
export async function startJobRunner(opts: JobRunnerOptions): Promise<JobRunner> {
  const log = opts.log ?? ((m: string) => console.log(`[jobs] ${m}`));
  const timeZone = opts.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const jobs = opts.jobs ?? registeredJobs();
  const boss = new PgBoss({
    connectionString: opts.databaseUrl,
    schema: 'pgboss',
    max: 3,
    application_name: 'portal-jobs',
    ...(opts.pollingIntervalSeconds ? { pollingIntervalSeconds: opts.pollingIntervalSeconds } : {}),
  });
  boss.on('error', (e) => log(`error: ${e.message}`));
  await boss.start();

  for (const job of jobs) {
    await boss.createQueue(job.name, { name: job.name, retryLimit: job.retryLimit ?? 3, retryDelay: 60 });
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: timeZone });
    else await boss.unschedule(job.name);
    await boss.work<Record<string, unknown>>(job.name, { batchSize: 1 }, async ([j]) => {
      const data = j.data ?? {};
      const today = typeof data.today === 'string' ? data.today : todayIn(timeZone);
      const result = await job.run({ db: opts.db, today, log }, data).catch((e: unknown) => {
        jobRuns.inc({ queue: job.name, outcome: 'failed' });
        throw e;
      });
      jobRuns.inc({ queue: job.name, outcome: 'completed' });
      log(`${job.name} ${j.id} done for ${today}: ${JSON.stringify(result)}`);
      return result;
    });
  }
  log(
    `runner started (${jobs.map((j) => (j.cron ? `${j.name} '${j.cron}'` : j.name)).join(', ')}; ${timeZone})`,
  );

  return {
    runNow: (name, data = {}) => boss.send(name, data),
    async waitFor(name, id, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const job = await boss.getJobById(name, id);
        if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`job ${name} ${id} did not finish within ${timeoutMs} ms`);
    },
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs, wait: true }),
  };
}
