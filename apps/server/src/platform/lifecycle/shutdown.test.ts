import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, TEST_JWT_SECRET, TEST_RATE_LIMITS } from '../../../test/test-app';
import { ROOT_DIR } from '../../config';

/**
 * SIGTERM to a real server process (apps/server/src/main.ts) while 200 saves are under way: every request
 * either completes or fails cleanly with a retryable answer (503, or a connection refused before anything
 * was sent), every acknowledged save is in the database, and the process exits 0.
 */

const SAVES = 200;
let dbUrl: string;
let dbName: string;
let dataDir: string;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const adminUrl = inject('adminDbUrl');
  dbName = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName} template portal_template`);
  await admin.end();
  dbUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-sigterm-'));
});

afterAll(async () => {
  const admin = new pg.Client({ connectionString: inject('adminDbUrl') });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
});

function startServer(port: number): Promise<{ proc: ChildProcess; output: () => string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      ...TEST_RATE_LIMITS,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      DB_POOL_SIZE: '10',
      SHUTDOWN_TIMEOUT_MS: '10000',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('ready in')) {
        clearInterval(timer);
        resolve({ proc, output: () => out });
      }
    }, 50);
    proc.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${out}`));
    });
  });
}

type Outcome =
  | { kind: 'saved'; name: string }
  | { kind: 'retryable'; status: number | 'refused' }
  | { kind: 'unclean'; detail: string };

describe('graceful shutdown', () => {
  it('loses no acknowledged save when SIGTERM arrives during 200 concurrent saves', {
    timeout: 90_000,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api/v1`;
    const bootStart = Date.now();
    const { proc, output } = await startServer(port);
    const bootMs = Date.now() - bootStart;
    const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));

    const login = await fetch(`${base}/Auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.test', password: DEMO_PASSWORD, language: 'en-US' }),
    });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { token: string; profiles: { user_profile_id: number }[] };
    let token = body.token;
    if (body.profiles.length > 1) {
      const pick = await fetch(`${base}/Auth/renewtoken/${body.profiles[0].user_profile_id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      token = ((await pick.json()) as { token: string }).token;
    }

    let answered = 0;
    let signalled = false;
    let signalledAt = 0;
    const late: Promise<Outcome>[] = [];
    const save = async (i: number): Promise<Outcome> => {
      const name = `Sigterm lane ${i}`;
      try {
        const res = await fetch(`${base}/Tradelane`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            tradelane_name: name,
            tradelane_type: 'EXPORT',
            pol_country: 'HK',
            pod_country: 'GB',
            office_code: 'HKG',
            account_code: 'acc-001',
            effective_date: '2026-02-01',
            customer_type: 'SHIPPER',
            customer_code: 'CUST01',
          }),
        });
        await res.arrayBuffer();
        answered++;
        // The signal goes out while most saves are still on their way.
        if (answered === 20 && !signalled) {
          signalled = true;
          signalledAt = Date.now();
          proc.kill('SIGTERM');
          // Saves that arrive while the instance stops are refused in a way a client can retry.
          setTimeout(() => {
            for (let j = 0; j < 20; j++) late.push(save(SAVES + j));
          }, 20);
        }
        if (res.status === 200 || res.status === 201) return { kind: 'saved', name };
        if (res.status === 503) return { kind: 'retryable', status: 503 };
        return { kind: 'unclean', detail: `status ${res.status}` };
      } catch (e) {
        const code = (e as { cause?: { code?: string } }).cause?.code;
        if (code === 'ECONNREFUSED') return { kind: 'retryable', status: 'refused' };
        return {
          kind: 'unclean',
          detail: `${i} +${signalledAt ? Date.now() - signalledAt : -1}ms ${(e as Error).message} ${code ?? ''}`,
        };
      }
    };

    const first = await Promise.all(Array.from({ length: SAVES }, (_, i) => save(i)));
    expect(signalled).toBe(true);
    const code = await exited;
    const stopMs = Date.now() - signalledAt;
    const outcomes = [...first, ...(await Promise.all(late))];
    const unclean = outcomes.filter((o) => o.kind === 'unclean');
    expect(unclean, output()).toEqual([]);
    expect(code, output()).toBe(0);
    expect(output()).toContain('stopped');

    const saved = outcomes.flatMap((o) => (o.kind === 'saved' ? [o.name] : []));
    const retryable = outcomes.filter((o) => o.kind === 'retryable').length;
    // Most saves were in flight when the signal came, so they finished rather than being refused.
    expect(saved.length).toBeGreaterThan(20);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const { rows } = await client.query<{ tradelane_name: string }>(
      `select tradelane_name from tradelanes where tradelane_name like 'Sigterm lane %'`,
    );
    await client.end();
    const inDb = new Set(rows.map((r) => r.tradelane_name));
    expect(saved.filter((n) => !inDb.has(n))).toEqual([]);
    expect(retryable).toBeGreaterThan(0);
    console.log(
      `SIGTERM during ${SAVES} saves (+20 sent after it): ${saved.length} saved, ${retryable} refused retryably; exit ${stopMs} ms after the signal; server start ${bootMs} ms`,
    );
  });
});
