import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { type Db, guardPool, throttledWarn, timedClient } from '../db/client';
import { type Listener, startListener } from '../db/listener';
import { jobRuns } from '../metrics/platform-metrics';
import { everyTick, tickJobId } from './cron-ticks';
import { type JobDefinition, registeredJobs } from './job-registry';

export interface JobRunner {
  /** Queues one run of a registered job now (optionally for a given `today`); answers the job id. */
  runNow(name: string, data?: Record<string, unknown>): Promise<string | null>;
  /** Waits until a job is finished (completed or failed) and answers its state; for tests and tools. */
  waitFor(name: string, id: string, timeoutMs?: number): Promise<string>;
  /**
   * Sends the job of a cron tick, as the clock does at `tick` (cron-ticks.ts): one job per job and tick however
   * many instances send it; answers its id, or null when it was already sent. For tests and tools.
   */
  tick(name: string, tick: Date): Promise<string | null>;
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
  /** Seconds between a worker's polls for jobs (POLL_SECONDS; tests lower it). */
  pollingIntervalSeconds?: number;
}

/** One formatter per time zone (building one costs far more than formatting with it). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date ('YYYY-MM-DD') in `timeZone`. */
export function todayIn(timeZone: string, now = new Date()): string {
  let fmt = dayFormats.get(timeZone);
  if (!fmt) {
    // en-CA formats dates as YYYY-MM-DD.
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, fmt);
  }
  return fmt.format(now);
}

/** Kicks within this time of each other make one job (a burst of commits wakes the job once). */
const KICK_DEBOUNCE_MS = 100;

/**
 * How often each queue's worker looks for jobs by itself (pg-boss's default is 2 s). Work this instance queues
 * (a kick, `runNow`) wakes its worker at once (`notifyWorker`), so the poll is the safety net for the rest: a
 * cron tick (every minute or less often), a retry's delay, a job another instance queued. Each poll is a read of
 * the queue's partition of `pgboss.job`, planned every time (a partitioned table); 16 queues at 2 s were 8 reads
 * a second on an idle portal, and a kicked job waited up to 2 s for the next poll.
 */
const POLL_SECONDS = 10;

/** Seconds of each cron tick over which the cron jobs' runs are spread (cronOffsets). */
export const CRON_SPREAD_SECONDS = 50;

/**
 * When each cron job without a channel runs after its tick: by name, spread evenly over CRON_SPREAD_SECONDS
 * (the tick sends its job with pg-boss's `startAfter`: ready that many seconds later). Every minute
 * the sweeps (GP, finance, CO2e, analytics, operations steps, notification dispatch, carrier actuals…) were
 * created at the same tick and taken by their workers' polls within the same second, 1-2 s of work at once on
 * the portal's one thread and PostgreSQL: every user's call in those seconds waited behind them (issue 40).
 * Spread, a worker poll takes two or three.
 */
export function cronOffsets(names: readonly string[]): Map<string, number> {
  const sorted = [...new Set(names)].sort();
  return new Map(sorted.map((n, i) => [n, Math.round((i * CRON_SPREAD_SECONDS) / sorted.length)]));
}

/**
 * Starts the durable job runner: pg-boss keeps queues and job state in the `pgboss` schema of the application
 * database, so any number of instances can run one runner each; a job is fetched by one of them (SELECT … FOR
 * UPDATE SKIP LOCKED) and a cron tick (cron-ticks.ts, each instance's own clock) creates one job whichever
 * instances see it (the tick's job id).
 *
 * Jobs with a `channel` are also woken by NOTIFY: one listener connection (platform/db/listener.ts) for all of
 * them, which heals itself after a lost connection and then kicks every such job once (what was committed
 * meanwhile). Their queues keep at most one waiting job, so kicks under load never pile up.
 */
export async function startJobRunner(opts: JobRunnerOptions): Promise<JobRunner> {
  const log = opts.log ?? ((m: string) => console.log(`[jobs] ${m}`));
  const timeZone = opts.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const jobs = opts.jobs ?? registeredJobs();
  // pg-boss on a pool of ours: every connection's errors handled (guardPool), connections that fail fast.
  const pool = guardPool(
    new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 3,
      application_name: 'portal-jobs',
      Client: timedClient(5_000),
      keepAlive: true,
    }),
    'jobs',
  );
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
    schema: 'pgboss',
    // The cron ticks are this runner's own (cron-ticks.ts): pg-boss's clock held the portal's thread 20-50 ms
    // every 30 s working out its schedules' ticks.
    schedule: false,
    ...(opts.pollingIntervalSeconds ? { pollingIntervalSeconds: opts.pollingIntervalSeconds } : {}),
  });
  // pg-boss polls on: while the database is away every poll fails; say so once a second, not per poll.
  const bossWarn = throttledWarn('jobs');
  boss.on('error', (e) => bossWarn(e));
  await boss.start();

  /** Each queue's worker in this instance. */
  const workers = new Map<string, string>();
  // Not a job with a channel: its queue keeps one waiting job, so a tick's job not yet due would swallow the
  // kicks meanwhile and hold them back until it is (mail, webhooks, postings, carrier link go at their commit).
  const offsets = cronOffsets(jobs.flatMap((j) => (j.cron && !j.channel ? [j.name] : [])));
  for (const job of jobs) {
    const queue = {
      name: job.name,
      // `short`: at most one waiting job in the queue (a kicked sweep); `standard`: every send is a job.
      policy: job.channel ? ('short' as const) : ('standard' as const),
      retryLimit: job.retryLimit ?? 3,
      retryDelay: 60,
    };
    await boss.createQueue(job.name, queue);
    // createQueue keeps an existing queue as it was: bring its policy to today's definition.
    await boss.updateQueue(job.name, queue);
    // A schedule an earlier version stored for pg-boss's clock goes: this runner's ticks send the jobs now.
    await boss.unschedule(job.name);
    const workerId = await boss.work<Record<string, unknown>>(
      job.name,
      { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? POLL_SECONDS },
      async ([j]) => {
        const data = j.data ?? {};
        const today = typeof data.today === 'string' ? data.today : todayIn(timeZone);
        const result = await job.run({ db: opts.db, today, log }, data).catch((e: unknown) => {
          jobRuns.inc({ queue: job.name, outcome: 'failed' });
          throw e;
        });
        jobRuns.inc({ queue: job.name, outcome: 'completed' });
        log(`${job.name} ${j.id} done for ${today}: ${JSON.stringify(result)}`);
        return result;
      },
    );
    workers.set(job.name, workerId);
  }
  /** Sends one job and wakes this instance's worker of its queue (a send a `short` queue dropped wakes it too). */
  const sendNow = async (name: string, data: Record<string, unknown>) => {
    const id = await boss.send(name, data);
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
    return id;
  };

  /** The waiting job of a `short` queue (its send was dropped because one already waits). */
  const waiting = async (name: string) => {
    const { rows } = await opts.db.execute<{ id: string }>(
      sql`select id::text as id from pgboss.job where name = ${name} and state = 'created' limit 1`,
    );
    return rows[0]?.id ?? null;
  };
  const runNow = async (name: string, data: Record<string, unknown> = {}) =>
    (await sendNow(name, data)) ?? (await waiting(name));

  /**
   * A cron tick's job, ready `offsets` seconds after the tick (cronOffsets); its id is the tick's (tickJobId), so
   * one instance's send queues it and the others' are dropped. Its worker takes it at its next poll, as before.
   */
  const cronJobs = new Map(jobs.flatMap((j) => (j.cron ? [[j.name, j] as const] : [])));
  const sendTick = (name: string, tick: Date) =>
    boss.send(name, {}, { id: tickJobId(name, tick), startAfter: offsets.get(name) ?? 0 });
  const stopTicks = [...cronJobs.values()].map((job) =>
    everyTick(job.cron as string, timeZone, (tick) => {
      sendTick(job.name, tick).catch((e: Error) =>
        bossWarn(new Error(`cron tick of ${job.name} at ${tick.toISOString()} not sent: ${e.message}`)),
      );
    }),
  );

  // One listener for every job with a channel; a kick is debounced per job.
  const byChannel = new Map(jobs.filter((j) => j.channel).map((j) => [j.channel as string, j.name]));
  const timers = new Map<string, NodeJS.Timeout>();
  const kick = (name: string) => {
    if (timers.has(name)) return;
    const timer = setTimeout(() => {
      timers.delete(name);
      // A kick needs no job id: a send dropped because a job already waits is the kick done. (runNow's look-up
      // of the waiting job plans a read over every queue's partition, ~8 ms of PostgreSQL, on every kick.)
      sendNow(name, {}).catch((e: Error) => bossWarn(new Error(`kick ${name} failed: ${e.message}`)));
    }, KICK_DEBOUNCE_MS);
    timers.set(name, timer);
  };
  let listener: Listener | null = null;
  if (byChannel.size) {
    listener = startListener({
      connection: opts.databaseUrl,
      name: 'portal-job-kicks',
      channels: [...byChannel.keys()],
      onNotification: (n) => {
        const name = byChannel.get(n.channel);
        if (name) kick(name);
      },
      // the first subscription and every one after a lost connection: what was committed meanwhile
      onListening: () => {
        for (const name of byChannel.values()) kick(name);
      },
      log,
    });
    await listener.ready;
  }
  log(
    `runner started (${jobs.map((j) => (j.cron ? `${j.name} '${j.cron}'` : j.name)).join(', ')}; ${timeZone})`,
  );

  return {
    runNow,
    async waitFor(name, id, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const job = await boss.getJobById(name, id);
        if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`job ${name} ${id} did not finish within ${timeoutMs} ms`);
    },
    tick(name, tick) {
      if (!cronJobs.has(name)) throw new Error(`${name} has no cron schedule`);
      return sendTick(name, tick);
    },
    async stop(timeoutMs = 10_000) {
      for (const stopTick of stopTicks) stopTick();
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await listener?.stop();
      await boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
      await pool.end().catch(() => {});
    },
  };
}
