import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TBC_REFRESH_CRON, TBC_REFRESH_JOB } from '../../modules/sailing-schedule';
import { everyTick, nextTick, tickJobId } from './cron-ticks';
import { registeredJobs } from './job-registry';
import { CRON_SPREAD_SECONDS, cronOffsets, type JobRunner, startJobRunner, todayIn } from './job-runner';

let t: TestApp;
let runner: JobRunner;

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.db.execute<{ db: string }>(sql`select current_database() as db`);
  const url = inject('adminDbUrl').replace(/\/[^/]*$/, `/${rows[0].db}`);
  runner = await startJobRunner({ databaseUrl: url, db: t.db, timeZone: 'Asia/Hong_Kong', log: () => {} });
});
afterAll(async () => {
  await runner?.stop();
  await t.close();
});

describe('durable job runner (pg-boss)', () => {
  it('ticks the TBC refresh at 01:00 on the 16th in the runner time zone, on its own clock (no pg-boss schedule)', async () => {
    expect(registeredJobs().find((j) => j.name === TBC_REFRESH_JOB)?.cron).toBe(TBC_REFRESH_CRON);
    // 01:00 in Hong Kong on the 16th is 17:00 UTC on the 15th.
    expect(
      nextTick(TBC_REFRESH_CRON, 'Asia/Hong_Kong', new Date('2026-11-29T02:25:00Z'))?.toISOString(),
    ).toBe('2026-12-15T17:00:00.000Z');
    expect(
      nextTick(TBC_REFRESH_CRON, 'Asia/Hong_Kong', new Date('2026-12-15T17:00:00Z'))?.toISOString(),
    ).toBe('2027-01-15T17:00:00.000Z');
    // pg-boss's clock is off and no schedule is left for it (an earlier version's rows are removed at start).
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.schedule`);
    expect(rows[0].n).toBe(0);
  });

  it('spreads the cron jobs over the first seconds of their tick instead of running them all at once', () => {
    const cron = registeredJobs().flatMap((j) => (j.cron && !j.channel ? [j.name] : []));
    const offsets = cronOffsets(cron);
    const seconds = [...offsets.values()];
    expect(cron.length).toBeGreaterThan(5);
    expect(new Set(seconds).size).toBe(cron.length);
    expect(Math.min(...seconds)).toBe(0);
    expect(Math.max(...seconds)).toBeLessThan(CRON_SPREAD_SECONDS);
  });

  it("sends one job per tick however often it is sent, ready its offset after the tick; a kicked job's at once", async () => {
    const delayed = registeredJobs().flatMap((j) => (j.cron && !j.channel ? [j.name] : []));
    const offsets = cronOffsets(delayed);
    const name = [...offsets].find(([, s]) => s > 10)?.[0] as string;
    const kicked = registeredJobs().find((j) => j.cron && j.channel)?.name as string;
    expect(name, 'a delayed cron job').toBeDefined();
    expect(kicked, 'a cron job with a channel').toBeDefined();
    const tick = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    // Each instance's clock sends the tick: the first queues the job, the others are dropped.
    const first = await runner.tick(name, tick);
    expect(first).toBeTruthy();
    expect(await runner.tick(name, tick)).toBeNull();
    expect(await runner.tick(name, new Date(tick.getTime() - 60_000))).toBeTruthy();
    const { rows } = await t.db.execute<{ delay: number }>(
      sql`select extract(epoch from start_after - created_on)::float8 as delay from pgboss.job
           where name = ${name} and id = ${first}::uuid`,
    );
    expect(rows[0].delay).toBeCloseTo(offsets.get(name) as number, 0);
    // A job woken by NOTIFY keeps its tick: its queue holds one waiting job, which a delayed one would be.
    const kickedTick = await runner.tick(kicked, new Date(tick.getTime() + 60_000));
    const { rows: k } = await t.db.execute<{ delay: number }>(
      sql`select extract(epoch from start_after - created_on)::float8 as delay from pgboss.job
           where name = ${kicked} and state = 'created'`,
    );
    if (kickedTick) expect(k[0].delay).toBeLessThan(1);
    expect(() => runner.tick('no-such-job', tick)).toThrow(/no cron schedule/);
  });

  it('calls each tick once, at or after its time, in order, and never after it is stopped', async () => {
    const ticks: [Date, number][] = [];
    const stop = everyTick('* * * * * *', 'Asia/Hong_Kong', (tick) => ticks.push([tick, Date.now()]));
    for (let i = 0; i < 60 && ticks.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    stop();
    const seen = ticks.length;
    expect(seen).toBeGreaterThanOrEqual(3);
    for (const [tick, at] of ticks) {
      expect(tick.getMilliseconds()).toBe(0);
      expect(at).toBeGreaterThanOrEqual(tick.getTime());
    }
    for (let i = 1; i < ticks.length; i++)
      expect(ticks[i][0].getTime() - ticks[i - 1][0].getTime()).toBe(1000);
    await new Promise((r) => setTimeout(r, 1200));
    expect(ticks.length).toBe(seen);
  });

  it('goes on ticking after a tick whose handler throws', async () => {
    const ticks: Date[] = [];
    const stop = everyTick('* * * * * *', 'UTC', (tick) => {
      ticks.push(tick);
      if (ticks.length === 1) throw new Error('the first tick fails');
    });
    const failures: unknown[] = [];
    const onFailure = (e: unknown) => failures.push(e);
    process.on('uncaughtException', onFailure);
    try {
      for (let i = 0; i < 60 && ticks.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      stop();
      process.off('uncaughtException', onFailure);
    }
    expect(ticks.length).toBe(2);
    expect(failures).toHaveLength(1);
  });

  it('does not make up ticks missed while the process was busy: the next one after now follows', async () => {
    let skew = 0;
    const ticks: Date[] = [];
    const stop = everyTick(
      '* * * * * *',
      'UTC',
      (tick) => {
        ticks.push(tick);
        // after the first tick the clock jumps 10 s ahead (a process asleep or blocked meanwhile)
        if (ticks.length === 1) skew = 10_000;
      },
      () => Date.now() + skew,
    );
    for (let i = 0; i < 60 && ticks.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(ticks.length).toBe(2);
    expect(ticks[1].getTime() - ticks[0].getTime()).toBeGreaterThanOrEqual(10_000);
  });

  it('gives a tick the same job id on every instance, and another tick or job another', () => {
    const at = new Date('2026-11-29T02:25:00Z');
    const id = tickJobId('gp-refresh', at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(tickJobId('gp-refresh', new Date(at.getTime()))).toBe(id);
    expect(tickJobId('gp-refresh', new Date(at.getTime() + 60_000))).not.toBe(id);
    expect(tickJobId('finance-refresh', at)).not.toBe(id);
  });

  it('runs a queued TBC refresh through PostgreSQL and moves the TBC sailing', async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`insert into sailing_schedules (carrier_code, vessel_name, voyage, pol, pod, etd, eta, is_tbc)
          values ('MAEU', 'JOB TEST', 'J1', 'HKHKG', 'NLRTM', '2026-03-20', '2026-04-20', true)
          returning sailing_schedule_id as id`,
    );
    const id = await runner.runNow(TBC_REFRESH_JOB, { today: '2026-03-16' });
    expect(id).toBeTruthy();
    expect(await runner.waitFor(TBC_REFRESH_JOB, id as string)).toBe('completed');
    const { rows: after } = await t.db.execute<{ etd: string }>(
      sql`select etd::text as etd from sailing_schedules where sailing_schedule_id = ${rows[0].id}`,
    );
    expect(after[0].etd).toBe('2026-04-30');
  });

  it('computes today in the runner time zone', () => {
    const instant = new Date('2026-03-15T17:30:00Z');
    expect(todayIn('Asia/Hong_Kong', instant)).toBe('2026-03-16');
    expect(todayIn('Europe/London', instant)).toBe('2026-03-15');
  });
});

describe('kicked jobs (a job with a channel)', () => {
  it('many NOTIFYs while the job runs leave at most one job waiting, and it runs once more after', async () => {
    const { rows } = await t.db.execute<{ db: string }>(sql`select current_database() as db`);
    const url = inject('adminDbUrl').replace(/\/[^/]*$/, `/${rows[0].db}`);
    let runs = 0;
    let release: () => void = () => {};
    const blocked = new Promise<void>((r) => {
      release = r;
    });
    const kicked = await startJobRunner({
      databaseUrl: url,
      db: t.db,
      log: () => {},
      pollingIntervalSeconds: 0.5,
      jobs: [
        {
          name: 'kick-test',
          channel: 'kick_test',
          retryLimit: 0,
          run: async () => {
            runs++;
            if (runs === 1) await blocked;
            return runs;
          },
        },
      ],
    });
    const count = async (state: string) =>
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = 'kick-test' and state = ${state}`,
        )
      ).rows[0].n;
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
      return check();
    };
    try {
      // the kick after subscribing starts the first run, which waits
      expect(await until(async () => runs === 1)).toBe(true);
      // 50 commits, each with its NOTIFY, several debounce windows apart
      for (let i = 0; i < 50; i++) {
        await t.db.execute(sql`select pg_notify('kick_test', '')`);
        if (i % 10 === 9) await new Promise((r) => setTimeout(r, 150));
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(await count('created')).toBe(1);
      // runNow answers the waiting job instead of queueing another
      const waiting = await kicked.runNow('kick-test');
      expect(waiting).toBeTruthy();
      expect(await count('created')).toBe(1);
      release();
      expect(await kicked.waitFor('kick-test', waiting as string)).toBe('completed');
      expect(runs).toBe(2);
    } finally {
      release();
      await kicked.stop();
    }
  });

  it('a kick and runNow wake the worker at once, not at its next poll', async () => {
    const { rows } = await t.db.execute<{ db: string }>(sql`select current_database() as db`);
    const url = inject('adminDbUrl').replace(/\/[^/]*$/, `/${rows[0].db}`);
    const ran: number[] = [];
    const kicked = await startJobRunner({
      databaseUrl: url,
      db: t.db,
      log: () => {},
      // A poll far beyond what the test waits: only the wake-up can run the jobs in time.
      pollingIntervalSeconds: 120,
      jobs: [
        { name: 'wake-test', channel: 'wake_test', retryLimit: 0, run: async () => ran.push(Date.now()) },
      ],
    });
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
      return check();
    };
    try {
      // The kick after subscribing, then (once its worker is back to waiting) a NOTIFY, then runNow.
      expect(await until(() => ran.length === 1)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      const notified = Date.now();
      await t.db.execute(sql`select pg_notify('wake_test', '')`);
      expect(await until(() => ran.length === 2)).toBe(true);
      expect(ran[1] - notified).toBeLessThan(3000);
      await new Promise((r) => setTimeout(r, 300));
      const asked = Date.now();
      const id = await kicked.runNow('wake-test');
      expect(await kicked.waitFor('wake-test', id as string, 4000)).toBe('completed');
      expect(ran[2] - asked).toBeLessThan(3000);
    } finally {
      await kicked.stop();
    }
  });
});
