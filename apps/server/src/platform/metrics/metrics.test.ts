import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { ROOT_DIR } from '../../config';
import { startJobRunner } from '../jobs/job-runner';
import { metricsRoutes } from './metrics.routes';
import { registerPoolMetrics } from './platform-metrics';
import { counter, onScrape } from './registry';

const TOKEN = 'metrics-test-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** The value of one sample line, e.g. `name{a="b"}`; undefined when absent. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('refuses a scraper without the token, or with another one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().msgKey).toBe('msgUnauthorized');
    expect(none.headers['www-authenticate']).toContain('Bearer');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(`${TOKEN}x`) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('portal_');
  });

  it('does not exist when METRICS_TOKEN is not set', async () => {
    const bare = Fastify();
    await metricsRoutes(bare, { db: t.db, token: undefined });
    const res = await bare.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(404);
    await bare.close();
  });

  it('answers Prometheus text with the defaults, the outbox and the job queues', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('process_cpu_seconds_total');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
    expect(sample(res.body, 'portal_mail_outbox_backlog')).toBeGreaterThanOrEqual(0);
    expect(res.body).toContain('portal_mail_outbox_oldest_age_seconds');
    expect(res.body).toContain('# TYPE portal_job_queue_jobs gauge');
    expect(res.body).toContain('# TYPE portal_rate_limit_refusals_total counter');
  });

  it('shows a request in the duration histogram under its route pattern and status', async () => {
    const admin = bearer(await sessionToken(t, 'admin@demo.test'));
    const series = (suffix: string) =>
      `portal_http_request_duration_seconds_${suffix}{method="GET",route="/api/v1/Tradelane/:tradelane_id",status_code="404"}`;
    const before = sample(await scrape(), series('count')) ?? 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Tradelane/987654', headers: admin });
    expect(res.statusCode).toBe(404);
    const text = await scrape();
    expect(sample(text, series('count'))).toBe(before + 1);
    expect(sample(text, series('sum'))).toBeGreaterThan(0);
    // The raw path never becomes a label. (Label values only: a sample's value, a float, may hold these digits
    // by chance, which failed a full run once.)
    expect(text).not.toMatch(/="[^"]*987654/);
  });

  it('counts failed sign-ins by reason', async () => {
    const series = 'portal_sign_in_failures_total{reason="unknown_user"}';
    const before = sample(await scrape(), series) ?? 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/login',
      payload: { username: 'nobody@nowhere.test', password: 'wrong-password', language: 'en-US' },
    });
    expect(res.statusCode).toBe(401);
    expect(sample(await scrape(), series)).toBe(before + 1);
  });

  it('counts a lockout when failed sign-ins lock an account', async () => {
    const before = sample(await scrape(), 'portal_account_lockouts_total') ?? 0;
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/Auth/login',
        payload: { username: 'consignee@demo.test', password: 'Wrong-password-1', language: 'en-US' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.at(-1)).toBe(423);
    expect(sample(await scrape(), 'portal_account_lockouts_total')).toBe(before + 1);
  });

  it('counts rate-limit refusals by limit', async () => {
    const strict = await createTestApp({ RATE_LIMIT_AUTH_IP_MAX: '2' });
    try {
      const series = 'portal_rate_limit_refusals_total{limit="credential_address"}';
      const before = sample(await scrape(), series) ?? 0;
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/v1/Auth/login',
          payload: { username: `nobody${i}@nowhere.test`, password: 'wrong-password', language: 'en-US' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
      expect(sample(await scrape(), series)).toBe(before + 1);
    } finally {
      await strict.close();
    }
  });

  it('reports the database pool: connections in use, idle, and queries waiting', async () => {
    const pool = new pg.Pool({ connectionString: inject('adminDbUrl'), max: 2 });
    try {
      registerPoolMetrics(pool);
      const held = await pool.connect();
      // one connection held by a caller, a second one opened by a query and back in the pool
      await pool.query('select 1');
      const text = await scrape();
      expect(sample(text, 'portal_db_pool_connections{state="in_use"}')).toBe(1);
      expect(sample(text, 'portal_db_pool_connections{state="idle"}')).toBe(1);
      expect(sample(text, 'portal_db_pool_waiting')).toBe(0);
      held.release();
    } finally {
      await pool.end();
    }
  });

  it('reports job queue failures per queue from the job tables and the runner', async () => {
    const { rows } = await t.db.execute<{ d: string }>(sql`select current_database() as d`);
    const runner = await startJobRunner({
      databaseUrl: inject('adminDbUrl').replace(/\/[^/]*$/, `/${rows[0].d}`),
      db: t.db,
      jobs: [
        {
          name: 'metrics-test',
          retryLimit: 0,
          run: async () => {
            throw new Error('this job always fails');
          },
        },
      ],
      log: () => {},
      pollingIntervalSeconds: 0.5,
    });
    try {
      const id = await runner.runNow('metrics-test');
      expect(await runner.waitFor('metrics-test', id as string, 20_000)).toBe('failed');
    } finally {
      await runner.stop(2000);
    }
    const text = await scrape();
    expect(sample(text, 'portal_job_queue_jobs{queue="metrics-test",state="failed"}')).toBe(1);
    expect(sample(text, 'portal_job_queue_jobs{queue="metrics-test",state="waiting"}')).toBe(0);
    expect(sample(text, 'portal_job_runs_total{queue="metrics-test",outcome="failed"}')).toBe(1);
  });

  it('lets a module add its own counter and a gauge refreshed at scrape time', async () => {
    const sent = counter('portal_test_things_total', 'Things a test module did', ['kind']);
    sent.inc({ kind: 'a' }, 2);
    let polled = 0;
    onScrape('test_module', () => {
      polled++;
    });
    const text = await scrape();
    expect(sample(text, 'portal_test_things_total{kind="a"}')).toBe(2);
    expect(polled).toBe(1);
    // get-or-create: a module loaded twice gets the same counter
    expect(counter('portal_test_things_total', 'again', ['kind'])).toBe(sent);
  });

  it('has every metric the Grafana dashboard in docs/deploy uses', async () => {
    const dashboard = await readFile(path.join(ROOT_DIR, 'docs/deploy/grafana-dashboard.json'), 'utf8');
    const used = new Set(
      [...dashboard.matchAll(/\b((?:portal|nodejs|process)_[a-z0-9_]+)/g)].map((m) =>
        m[1].replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    expect(used.size).toBeGreaterThan(10);
    const text = await scrape();
    expect([...used].filter((name) => !text.includes(`# TYPE ${name} `))).toEqual([]);
  });
});
