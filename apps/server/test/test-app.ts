import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { sessions } from '../src/db/schema';
import { TokenService } from '../src/platform/auth/token';
import { createDb, type Db } from '../src/platform/db/client';
import { DEMO_PASSWORD } from '../src/seed/demo';

export { DEMO_PASSWORD };

const TEMPLATE_DB = 'portal_template';
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/**
 * Tests sign in and call far faster than people do, all from 127.0.0.1: the rate limits are raised unless
 * a test passes its own (platform/http/rate-limit.test.ts tests the real ones).
 */
export const TEST_RATE_LIMITS = {
  RATE_LIMIT_API_MAX: '1000000',
  RATE_LIMIT_AUTH_IP_MAX: '1000000',
  RATE_LIMIT_AUTH_LOGIN_MAX: '1000000',
};

/** A fresh database cloned from the migrated, seeded template, and the app on it. Call once per file. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const adminUrl = inject('adminDbUrl');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const { db, pool } = createDb(adminUrl.replace(/\/[^/]*$/, `/${name}`), 5);
  const config = {
    ...loadConfig({ ...TEST_RATE_LIMITS, ...process.env, ...env }),
    webDistDir: '/nonexistent',
  };
  const app = await buildApp({ db, config, jwtSecret: TEST_JWT_SECRET, logger: false });
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

/**
 * A token for a demo user without going through the sign-in call: a session row plus a signed token,
 * exactly what sign-in produces. For tests of other modules; the auth tests use the real call.
 */
export async function sessionToken(t: TestApp, login: string, profileIndex = 0): Promise<string> {
  const { rows } = await t.db.execute<{
    user_uid: string;
    first_name: string;
    last_name: string;
    user_profile_id: number;
    is_super_user: boolean;
  }>(
    sql`select u.user_uid, u.first_name, u.last_name, u.is_super_user, p.user_profile_id
          from users u join user_profiles p on p.user_uid = u.user_uid
         where lower(u.login_id) = lower(${login}) order by p.sort_order, p.user_profile_id`,
  );
  const u = rows[profileIndex];
  if (!u) throw new Error(`no demo user ${login} with profile ${profileIndex}`);
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const [s] = await t.db
    .insert(sessions)
    .values({
      user_uid: u.user_uid,
      user_profile_id: u.user_profile_id,
      super_user_uid: u.is_super_user ? u.user_uid : null,
      expires_at: new Date(exp * 1000).toISOString(),
    })
    .returning();
  return new TokenService(TEST_JWT_SECRET).sign(
    {
      sub: u.user_uid,
      first_name: u.first_name,
      last_name: u.last_name,
      profile: u.user_profile_id,
      super_user_uid: u.is_super_user ? u.user_uid : null,
      sid: s.sid,
    },
    exp,
  );
}
