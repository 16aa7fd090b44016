import { createServer, type Socket } from 'node:net';
import { MSG } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../../test/free-port';
import { registerErrorHandler } from '../errors/error-handler';
import { connectClient, createDb } from './client';
import { isConnectionError } from './connection-errors';
import { startListener } from './listener';

describe('a database that cannot be reached (platform/db/connection-errors.ts)', () => {
  it('tells lost and refused connections from wrong statements, through drizzle’s cause chain', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(isConnectionError(refused)).toBe(true);
    expect(isConnectionError(new Error('Failed query: begin', { cause: refused }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new AggregateError([refused, refused]))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionError(new Error('syntax error'))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });

  it('a Unix socket that is not there is a connection error; a missing file is not', async () => {
    // As node-postgres meets a server restarting (its socket removed): a real connect, not a made-up error.
    const err = await connectClient({
      host: '/nonexistent-portal-socket-dir',
      port: 5432,
      user: 'x',
      database: 'x',
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((err as { code?: string }).code).toBe('ENOENT');
    expect(isConnectionError(err)).toBe(true);
    expect(isConnectionError(new Error('Failed query: begin', { cause: err }))).toBe(true);
    const missingFile = Object.assign(new Error("ENOENT: no such file or directory, open 'x.pdf'"), {
      code: 'ENOENT',
      syscall: 'open',
    });
    expect(isConnectionError(missingFile)).toBe(false);
  });

  it('answers 503 msgServiceUnavailable with Retry-After within 2 s when the pool cannot connect', async () => {
    const port = await freePort();
    const { db, pool } = createDb(`postgres://portal@127.0.0.1:${port}/portal`, 2);
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/probe', async () => (await db.transaction((tx) => tx.execute('select 1' as never))).rows);
    try {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/probe' });
      expect(performance.now() - started).toBeLessThan(2_500);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({ msgKey: MSG.serviceUnavailable });
    } finally {
      await app.close();
      await pool.end();
    }
  });
});

describe('connect timeout (DB_CONNECT_TIMEOUT_MS) limits the opening, not the wait for a free connection', () => {
  it('a database host that accepts and never answers: 503 after about 2 s, not a hang', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    const { db, pool } = createDb(`postgres://portal@127.0.0.1:${port}/portal`, 2);
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/probe', async () => (await db.execute(sql`select 1`)).rows);
    try {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/probe' });
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ msgKey: MSG.serviceUnavailable });
      expect(ms).toBeGreaterThan(1_500);
      expect(ms).toBeLessThan(4_000);
    } finally {
      await app.close();
      await pool.end().catch(() => {});
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });

  it('a call that waits longer than that for the one pooled connection still runs', async () => {
    const { db, pool } = createDb(inject('adminDbUrl'), 1);
    try {
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(2.5)`);
      });
      await new Promise((r) => setTimeout(r, 100));
      const { rows } = await db.execute<{ one: number }>(sql`select 1 as one`);
      expect(rows).toEqual([{ one: 1 }]);
      await holder;
    } finally {
      await pool.end();
    }
  });
});

describe('a listener whose connection is terminated (platform/db/listener.ts)', () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject('adminDbUrl') });
    await admin.connect();
  });
  afterAll(() => admin.end());

  it('subscribes again by itself, catches up (onListening) and hears the next NOTIFY', async () => {
    const heard: string[] = [];
    let listenings = 0;
    let losses = 0;
    const listener = startListener({
      connection: inject('adminDbUrl'),
      name: 'listener-test',
      channels: ['listener_test'],
      onNotification: (n) => heard.push(n.payload ?? ''),
      onListening: () => listenings++,
      onLost: () => losses++,
      log: () => {},
    });
    try {
      await listener.ready;
      expect(listener.listening).toBe(true);
      await admin.query(`select pg_notify('listener_test', 'one')`);
      const until = async (check: () => boolean) => {
        for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
        return check();
      };
      expect(await until(() => heard.includes('one'))).toBe(true);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'listener-test'`,
      );
      expect(await until(() => losses === 1)).toBe(true);
      expect(await until(() => listener.listening && listenings === 2)).toBe(true);
      await admin.query(`select pg_notify('listener_test', 'two')`);
      expect(await until(() => heard.includes('two'))).toBe(true);
    } finally {
      await listener.stop();
    }
    expect(listener.listening).toBe(false);
  });
});
