import type { Db } from '../db/client';

/** What a job's handler gets: the database, today's date in the business time zone, a logger. */
export interface JobContext {
  db: Db;
  /** 'YYYY-MM-DD' in the runner's time zone, or the `today` the job was sent with (tests, manual runs). */
  today: string;
  log: (message: string) => void;
}

/** A job a module offers: a queue name, an optional cron schedule, and the work. */
export interface JobDefinition {
  /** Queue name: letters, digits, dash, dot, underscore. */
  name: string;
  /** Cron expression in the runner's time zone, e.g. '0 1 16 * *'; none for jobs only sent on demand. */
  cron?: string;
  /** Attempts after a failure (pg-boss retryLimit), one minute apart. */
  retryLimit?: number;
  /**
   * A PostgreSQL channel whose NOTIFY (sent in the transaction that queued work, so at its commit) wakes the
   * job at once instead of at the next cron tick. Such a job must be a sweep (it finds its work itself, so one
   * run does what many kicks asked for): its queue keeps at most one waiting job (pg-boss policy `short`), and
   * the runner also kicks it after every (re)subscription, for what was committed while nobody listened.
   */
  channel?: string;
  run(ctx: JobContext, data: Record<string, unknown>): Promise<unknown>;
}

const jobs = new Map<string, JobDefinition>();

/** Modules register their jobs here when their routes file loads (like selection providers). */
export function registerJob(def: JobDefinition) {
  jobs.set(def.name, def);
}

/** Every registered job. */
export const registeredJobs = () => [...jobs.values()];
