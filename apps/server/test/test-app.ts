import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, type Db } from '../src/platform/db/client';
import { DEMO_PASSWORD } from '../src/seed/demo';

export { DEMO_PASSWORD };
const TEMPLATE_DB = 'portal_template';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated, seeded template, and the app on it. Call once per file. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const adminUrl = inject('adminDbUrl');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const { db, pool } = createDb(adminUrl.replace(/\/[^/]*$/, `/${name}`), 5);
  const config = { ...loadConfig({ ...process.env, ...env }), webDistDir: '/nonexistent' };
  const app = await buildApp({ db, config, jwtSecret: 'test-secret-test-secret-test-secret', logger: false });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Signs in through the API and returns the token (choosing `profileIndex` when the user has several). */
export async function signIn(app: FastifyInstance, login: string, profileIndex = 0): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/Auth/login',
    payload: { username: login, password: DEMO_PASSWORD, language: 'en-US' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  if (body.profiles.length <= 1) return body.token;
  const pick = await app.inject({
    method: 'POST',
    url: `/api/v1/Auth/renewtoken/${body.profiles[profileIndex].user_profile_id}`,
    headers: { authorization: `Bearer ${body.token}` },
  });
  return pick.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
