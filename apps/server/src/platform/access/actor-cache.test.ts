import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  bearer,
  createTestApp,
  signIn,
  TEST_JWT_SECRET,
  TEST_RATE_LIMITS,
  type TestApp,
} from '../../../test/test-app';
import { buildUser } from '../../../test/user-factory';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { sessions, users } from '../../db/schema';
import { RATE_LIMIT_SYNC_MS } from '../http/rate-limit';
import { ACTOR_CACHE_MS, ACTOR_CHANNEL, ActorCache, announceActorChange } from './actor-cache';

/**
 * Two instances on one database, as behind a load balancer: what one instance caches about a session
 * (ACTOR_CACHE_MS) is dropped when another revokes or changes it, well before the cache would time out;
 * and the general API limit, counted in memory and synced every RATE_LIMIT_SYNC_MS, still holds across both.
 */
let t: TestApp;
let other: FastifyInstance;

/** Another instance on the test database (a load balancer's second server). */
const instance = async (env: Record<string, string> = {}) => {
  const app = await buildApp({
    db: t.db,
    config: { ...loadConfig({ ...TEST_RATE_LIMITS, ...env }), webDistDir: '/nonexistent' },
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
  });
  await app.ready();
  return app;
};

beforeAll(async () => {
  t = await createTestApp();
  other = await instance();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const get = (app: FastifyInstance, token: string, url = '/api/v1/Users/GetUserProfile') =>
  app.inject({ method: 'GET', url, headers: bearer(token) });

/** Calls until the answer is 401, at most for `maxMs`; answers the time it took and the last answer. */
async function until401(app: FastifyInstance, token: string, maxMs: number) {
  const t0 = Date.now();
  for (;;) {
    const res = await get(app, token);
    if (res.statusCode === 401 || Date.now() - t0 > maxMs) return { ms: Date.now() - t0, res };
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('the session cache across instances', () => {
  it('is on by default for a few seconds', () => {
    expect(ACTOR_CACHE_MS).toBeGreaterThan(0);
    expect(ACTOR_CACHE_MS).toBeLessThanOrEqual(5_000);
  });

  it('refuses a session revoked by another instance within 500 ms, though it cached it', async () => {
    const u = await buildUser(t.db);
    const token = await signIn(t.app, u.login_id);
    const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
    // this instance reads the session and keeps it
    expect((await get(other, token)).statusCode).toBe(200);
    // Another process revokes it: the row alone is not seen while cached...
    await t.db.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.sid, sid));
    expect((await get(other, token)).statusCode).toBe(200);
    // ...its announcement (NOTIFY at commit, no in-process call) is, long before ACTOR_CACHE_MS.
    await t.db.execute(sql`select pg_notify(${ACTOR_CHANNEL}, '')`);
    const { ms, res } = await until401(other, token, ACTOR_CACHE_MS * 2);
    expect(res.statusCode).toBe(401);
    expect(res.json().msgKey).toBe('msgSessionRevoked');
    expect(ms).toBeLessThan(Math.min(500, ACTOR_CACHE_MS));
  });

  it('refuses a signed-out session on the same instance at once', async () => {
    const u = await buildUser(t.db);
    const token = await signIn(t.app, u.login_id);
    expect((await get(t.app, token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/Auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await get(t.app, token)).json().msgKey).toBe('msgSessionRevoked');
  });

  it('refuses a disabled user on every instance once the change is announced', async () => {
    const u = await buildUser(t.db);
    const token = await signIn(t.app, u.login_id);
    expect((await get(other, token)).statusCode).toBe(200);
    expect((await get(t.app, token)).statusCode).toBe(200);
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ status: 'D' }).where(eq(users.user_uid, u.user_uid));
      await announceActorChange(tx);
    });
    expect((await get(t.app, token)).json().msgKey).toBe('msgUserDisabled');
    const { ms, res } = await until401(other, token, ACTOR_CACHE_MS * 2);
    expect(res.json().msgKey).toBe('msgUserDisabled');
    expect(ms).toBeLessThan(Math.min(500, ACTOR_CACHE_MS));
  });

  it('keeps nothing while it cannot listen (every call reads the database)', async () => {
    const cache = new ActorCache<number>(null, 60_000);
    await cache.start();
    let reads = 0;
    for (let i = 0; i < 3; i++) await cache.get('k', async () => ++reads);
    expect(reads).toBe(3);
    await cache.stop();
  });

  it('does not keep a value read before a change was announced', async () => {
    const cache = ActorCache.forDb<number>(t.db, () => {}, 60_000);
    await cache.start();
    expect(cache.active).toBe(true);
    let release: (v: number) => void = () => {};
    const slow = cache.get('k', () => new Promise<number>((r) => (release = r)));
    await announceActorChange(t.db);
    release(1);
    expect(await slow).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);
    expect(await cache.get('k', async () => 3)).toBe(2);
    await cache.stop();
  });
});

describe('the general API limit across instances', () => {
  it('is exact on one instance and adds the other instance’s calls at each sync', async () => {
    const LIMIT = 30;
    const a = await instance({ RATE_LIMIT_API_MAX: String(LIMIT) });
    const b = await instance({ RATE_LIMIT_API_MAX: String(LIMIT) });
    onTestFinished(async () => {
      await a.close();
      await b.close();
    });
    const u = await buildUser(t.db);
    const token = await signIn(a, u.login_id);
    const statuses = async (app: FastifyInstance, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await get(app, token)).statusCode);
      return out;
    };
    expect((await statuses(a, 20)).every((s) => s === 200)).toBe(true);
    // the other instance's first call, then a sync of both: it now knows the 21 calls
    expect(await statuses(b, 1)).toEqual([200]);
    // Wait on the state, not a fixed time (a loaded CI runner delays timers): each instance learns the
    // other's calls at its next sync after a call of its own, and refuses from then on. Until then it admits
    // on its own count: the documented slack of one sync interval per instance (each poll is one call).
    let admitted = 21;
    const refusedBy = async (app: FastifyInstance) => {
      await expect
        .poll(
          async () => {
            const code = (await get(app, token)).statusCode;
            if (code === 200) admitted++;
            return code;
          },
          { timeout: 15_000, interval: RATE_LIMIT_SYNC_MS / 2 },
        )
        .toBe(429);
    };
    await refusedBy(b);
    await refusedBy(a);
    expect(admitted).toBeGreaterThanOrEqual(LIMIT);
    expect(admitted).toBeLessThan(LIMIT + 20);
    expect(await statuses(a, 2)).toEqual([429, 429]);
  });
});
