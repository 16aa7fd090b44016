import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, TEST_JWT_SECRET, TEST_RATE_LIMITS, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createDb } from '../db/client';

/** Request ids (platform/http/request-id): unique across instances, on every answer. */

let t: TestApp;
let other: TestApp;
let noDb: FastifyInstance;
const NO_DB = `t_${randomUUID().replaceAll('-', '')}`;

beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp();
  // An instance whose database went away after it started (its own clone of the template): /readyz answers 503.
  const admin = new pg.Client({ connectionString: inject('adminDbUrl') });
  await admin.connect();
  await admin.query(`create database ${NO_DB} template portal_template`);
  await admin.end();
  const { db, pool } = createDb(inject('adminDbUrl').replace(/\/[^/]*$/, `/${NO_DB}`), 1);
  noDb = await buildApp({
    db,
    config: { ...loadConfig({ ...TEST_RATE_LIMITS }), webDistDir: '/nonexistent' },
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
  });
  await noDb.ready();
  await pool.end();
});
afterAll(async () => {
  await noDb?.close();
  const admin = new pg.Client({ connectionString: inject('adminDbUrl') });
  await admin.connect();
  await admin.query(`drop database if exists ${NO_DB} with (force)`);
  await admin.end();
  await other?.close();
  await t?.close();
});

const idOf = (res: { headers: Record<string, unknown> }) => res.headers['x-request-id'] as string | undefined;

describe('request ids', () => {
  it('carries the request id on answers, refusals, unknown paths, bad input and a 503', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'GET', url: '/api/v1/Booking/list' }),
      t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/Auth/login',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
      t.app.inject({ method: 'GET', url: '/%E0%A4%A' }),
      noDb.inject({ method: 'GET', url: '/readyz' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 400, 400, 503]);
    expect(answers[4].json()).toMatchObject({ code: 'FST_ERR_BAD_URL' });
    for (const res of answers) expect(idOf(res)).toMatch(/^[\w-]+-[0-9a-z]+$/);
    expect(new Set(answers.map(idOf)).size).toBe(answers.length);
  });

  it('gives two instances different ids (no two processes both log req-1)', async () => {
    const a = idOf(await t.app.inject({ method: 'GET', url: '/healthz' }));
    const b = idOf(await other.app.inject({ method: 'GET', url: '/healthz' }));
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
    expect(a?.split('-').slice(0, -1).join('-')).not.toBe(b?.split('-').slice(0, -1).join('-'));
  });

  it("keeps a proxy's safe x-request-id and replaces an unsafe one", async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(idOf(kept)).toBe('lb-7f3a.42');
    for (const bad of ['a b', 'x'.repeat(65), '<script>', 'a/b']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(idOf(res)).not.toBe(bad);
      expect(idOf(res)).toMatch(/^[\w-]+-[0-9a-z]+$/);
    }
  });
});
