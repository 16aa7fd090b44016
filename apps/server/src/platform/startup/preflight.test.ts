import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../../test/free-port';
import { ROOT_DIR } from '../../config';
import { hidePassword, rootCause } from './preflight';

const MAIN = path.join(ROOT_DIR, 'apps/server/src/main.ts');

/** Runs main.ts with only `env` (and PATH) until it exits; its exit code and every line it printed. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    // A start that got past the checks would listen and never exit: stop it, and the test fails on its code.
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, lines: out.split('\n').filter((l) => l.trim()) });
    });
  });
}

/** The tables of every schema but PostgreSQL's own (migrations create `public` tables and `drizzle`'s journal). */
async function tableCount(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select count(*)::int as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const schemas = await c.query(`select 1 from pg_namespace where nspname = 'drizzle'`);
    return rows[0].n + (schemas.rowCount ?? 0);
  } finally {
    await c.end();
  }
}

describe('start-up checks (main.ts, platform/startup/preflight.ts)', () => {
  let adminUrl: string;
  let emptyUrl: string;
  let name: string;
  let dataDir: string;

  beforeAll(async () => {
    adminUrl = inject('adminDbUrl');
    name = `t_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    emptyUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`);
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-preflight-'));
  });

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses production without JWT_SECRET in one line, before migrating the empty database', async () => {
    const port = await freePort();
    const { code, lines } = await runMain({
      NODE_ENV: 'production',
      DATABASE_URL: emptyUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    });
    expect(lines).toEqual([expect.stringMatching(/^\[portal\] cannot start: JWT_SECRET is not set/)]);
    expect(code).toBe(1);
    expect(await tableCount(emptyUrl)).toBe(0);
  }, 120_000);

  it('refuses a port in use in one line, before migrating', async () => {
    const port = await freePort();
    const holder: Server = createServer();
    await new Promise<void>((r) => holder.listen(port, '127.0.0.1', r));
    try {
      const { code, lines } = await runMain({
        DATABASE_URL: emptyUrl,
        JWT_SECRET: 'preflight-test-secret-preflight-test-secret',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      });
      expect(lines).toEqual([`[portal] cannot start: PORT ${port} on 127.0.0.1 is in use`]);
      expect(code).toBe(1);
      expect(await tableCount(emptyUrl)).toBe(0);
    } finally {
      await new Promise((r) => holder.close(r));
    }
  }, 120_000);

  it('names an unreachable DATABASE_URL and its cause in one line, without the password', async () => {
    const dbPort = await freePort();
    const { code, lines } = await runMain({
      DATABASE_URL: `postgres://portal:Hush-Secret-1@127.0.0.1:${dbPort}/portal`,
      JWT_SECRET: 'preflight-test-secret-preflight-test-secret',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    });
    expect(lines).toEqual([
      `[portal] cannot start: DATABASE_URL postgres://portal:***@127.0.0.1:${dbPort}/portal is unreachable: connect ECONNREFUSED 127.0.0.1:${dbPort}`,
    ]);
    expect(code).toBe(1);
  }, 120_000);
});

describe('start-up messages', () => {
  it('hides the password of a database URL', () => {
    expect(hidePassword('postgres://u:p%40ss@db:5432/portal?sslmode=require')).toBe(
      'postgres://u:***@db:5432/portal?sslmode=require',
    );
    expect(hidePassword('postgres://db/portal')).toBe('postgres://db/portal');
  });

  it("reports a failed query's driver error, not drizzle's wrapper", () => {
    const driver = Object.assign(new Error('permission denied for database portal'), { code: '42501' });
    const wrapped = new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"\nparams: ', {
      cause: driver,
    });
    expect(rootCause(wrapped)).toBe('permission denied for database portal');
    const many = new AggregateError([
      new Error('connect ECONNREFUSED ::1:1'),
      new Error('connect ECONNREFUSED 127.0.0.1:1'),
    ]);
    expect(rootCause(many)).toBe('connect ECONNREFUSED ::1:1; connect ECONNREFUSED 127.0.0.1:1');
  });
});
