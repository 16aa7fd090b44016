import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TBC_REFRESH_CRON, TBC_REFRESH_JOB } from '../../modules/sailing-schedule';
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
  it('schedules the TBC refresh at 01:00 on the 16th in the runner time zone', async () => {
    expect(registeredJobs().find((j) => j.name === TBC_REFRESH_JOB)?.cron).toBe(TBC_REFRESH_CRON);
    const { rows } = await t.db.execute<{ cron: string; timezone: string }>(
      sql`select cron, timezone from pgboss.schedule where name = ${TBC_REFRESH_JOB}`,
    );
    expect(rows).toEqual([{ cron: '0 1 16 * *', timezone: 'Asia/Hong_Kong' }]);
  });

  it('spreads the cron jobs over the first seconds of their tick instead of running them all at once', async () => {
    const cron = registeredJobs().flatMap((j) => (j.cron && !j.channel ? [j.name] : []));
    const kicked = new Set(registeredJobs().flatMap((j) => (j.cron && j.channel ? [j.name] : [])));
    const offsets = cronOffsets(cron);
    const seconds = [...offsets.values()];
    expect(new Set(seconds).size).toBe(cron.length);
    expect(Math.min(...seconds)).toBe(0);
    expect(Math.max(...seconds)).toBeLessThan(CRON_SPREAD_SECONDS);
    // Stored with each schedule: the tick's job is ready that many seconds later (pg-boss startAfter).
    const { rows } = await t.db.execute<{ name: string; after: string | null }>(
      sql`select name, options->>'startAfter' as after from pgboss.schedule order by name`,
    );
    expect(rows.length).toBeGreaterThan(5);
    // A job woken by NOTIFY keeps its tick: its queue holds one waiting job, which a delayed one would be.
    expect(kicked.size).toBeGreaterThan(0);
    for (const r of rows)
      expect(Number(r.after ?? 0), r.name).toBe(kicked.has(r.name) ? 0 : offsets.get(r.name));
    // Several schedules are delayed (pg-boss's tick then creates their jobs ready that many seconds later).
    const [first, ...rest] = rows.filter((r) => Number(r.after ?? 0) > 0);
    expect(first, 'a delayed schedule').toBeDefined();
    expect(rest.length).toBeGreaterThan(3);
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
