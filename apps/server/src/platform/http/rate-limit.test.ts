import { MAX_FAILED_LOGINS, MSG } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIS_STANDIN_ACCOUNTS, startSisStandIn } from '../../../../../standins/sis/sis-stand-in.mjs';
import {
  bearer,
  createTestApp,
  DEMO_PASSWORD,
  sessionToken,
  TEST_JWT_SECRET,
  type TestApp,
} from '../../../test/test-app';
import { buildUser } from '../../../test/user-factory';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { API_PREFIX } from '../access/access';
import { hitCounter, sweepCounters } from './rate-limit.repository';

/**
 * The real rate limits (the other test files raise them): per client address and per login id on the
 * credential routes, the general API limit, 429 in the one error shape with Retry-After, TRUST_PROXY for
 * the address, and one count shared by every server instance on the database.
 */

/** Empty values: loadConfig falls back to the shipped defaults. */
const DEFAULTS = { RATE_LIMIT_API_MAX: '', RATE_LIMIT_AUTH_IP_MAX: '', RATE_LIMIT_AUTH_LOGIN_MAX: '' };
const defaults = loadConfig(DEFAULTS).rateLimit;

let t: TestApp;
let sis: Awaited<ReturnType<typeof startSisStandIn>>;
let addressCount = 0;
/** A client address no other test has used, so each test starts with fresh counters. */
const freshAddress = () => `10.0.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

beforeAll(async () => {
  sis = await startSisStandIn({ port: 0 });
  t = await createTestApp({ ...DEFAULTS, SIS_URL: sis.url });
});
afterAll(async () => {
  await t?.close();
  await sis?.close();
});

const signIn = (
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress: string,
  headers = {},
) =>
  app.inject({
    method: 'POST',
    url: `${API_PREFIX}/Auth/login`,
    payload: { username, password, language: 'en-US' },
    remoteAddress,
    headers,
  });

const refused = (statuses: number[]) => statuses.filter((s) => s === 429).length;

describe('the shipped defaults', () => {
  it('are generous for the API and strict for credentials', () => {
    expect(defaults).toEqual({ apiPerMinute: 600, authPerIpPerMinute: 20, authPerLoginPer15Minutes: 10 });
  });
});

describe('per client address on the credential routes', () => {
  it('refuses sign-ins past the limit with 429, Retry-After and the wait in the one error shape', async () => {
    const ip = freshAddress();
    const answers = [];
    // different (unknown) login ids, so only the per-address limit applies
    for (let i = 0; i < 60; i++) answers.push(await signIn(t.app, `nobody-${i}@x.test`, 'wrong', ip));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.slice(0, defaults.authPerIpPerMinute).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(defaults.authPerIpPerMinute).every((s) => s === 429)).toBe(true);
    const last = answers[59];
    const wait = Number(last.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(last.json()).toEqual({ msgKey: MSG.tooManyRequests, params: { retryAfterSeconds: wait } });
    // another address is not affected
    expect((await signIn(t.app, 'nobody@x.test', 'wrong', freshAddress())).statusCode).toBe(401);
  });

  it('limits every credential route: sign-in, passwords, registration, SIS, account checks', async () => {
    const token = await sessionToken(t, 'admin@demo.test');
    // each call i uses its own login id, so the per-address limit is met first (change password: the
    // signed-in user's login id, met first)
    const calls: ((i: number) => InjectOptions)[] = [
      (i) => ({ method: 'POST', url: '/Password/forgotpassword', payload: { userName: `u${i}@x.test` } }),
      (i) => ({ method: 'GET', url: `/password/resetpassword?loginid=u${i}@x.test&token=x` }),
      (i) => ({
        method: 'POST',
        url: '/Password/resetpassword',
        payload: { loginID: `u${i}@x.test`, token: 'x', password: 'x' },
      }),
      () => ({
        method: 'POST',
        url: '/Password/changepassword',
        headers: bearer(token),
        payload: { old_password: 'x', new_password: 'y' },
      }),
      (i) => ({ method: 'GET', url: `/admin/validateuserprofile?login_id=u${i}@x.test` }),
      (i) => ({ method: 'POST', url: '/admin/registerapplication', payload: { login_id: `u${i}@x.test` } }),
      (i) => ({ method: 'GET', url: `/Admin/validateAndGetSISUser?sis_user_id=u${i}&password=x` }),
      (i) => ({
        method: 'POST',
        url: '/admin/registeruser',
        payload: { sis_user_id: `u${i}`, sis_password: 'x' },
      }),
      (i) => ({ method: 'GET', url: `/admin/activateAccount?loginid=u${i}@x.test&token=x` }),
      (i) => ({
        method: 'POST',
        url: '/Admin/UpdateNewUserPassword',
        payload: { login_id: `u${i}@x.test`, password: 'x', token: 'x' },
      }),
    ];
    const failures: string[] = [];
    for (const call of calls) {
      const ip = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i <= defaults.authPerIpPerMinute; i++) {
        const req = call(i);
        const res = await t.app.inject({ ...req, url: `${API_PREFIX}${req.url}`, remoteAddress: ip });
        statuses.push(res.statusCode);
      }
      const label = `${call(0).method} ${call(0).url}`;
      const firstRefused = label.includes('changepassword')
        ? defaults.authPerLoginPer15Minutes
        : defaults.authPerIpPerMinute;
      const expected = statuses.map((_, i) => (i >= firstRefused ? 429 : 'answered'));
      const got = statuses.map((s) => (s === 429 ? 429 : 'answered'));
      if (JSON.stringify(got) !== JSON.stringify(expected)) failures.push(`${label}: ${statuses.join(',')}`);
    }
    expect(failures).toEqual([]);
  });

  it('takes the client address from X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const proxied = await createTestApp({ ...DEFAULTS, TRUST_PROXY: '127.0.0.1' });
    try {
      const viaProxy = async (app: FastifyInstance, forwardedFor: (i: number) => string) => {
        const statuses: number[] = [];
        for (let i = 0; i < 25; i++) {
          const res = await signIn(app, `x${i}@x.test`, 'wrong', '127.0.0.1', {
            'x-forwarded-for': forwardedFor(i),
          });
          statuses.push(res.statusCode);
        }
        return refused(statuses);
      };
      // trusted proxy: each forwarded client is counted on its own...
      expect(await viaProxy(proxied.app, (i) => `192.0.2.${i + 1}`)).toBe(0);
      // ...and one client behind it is limited
      expect(await viaProxy(proxied.app, () => '198.51.100.7')).toBe(25 - defaults.authPerIpPerMinute);
      // untrusted: a forged header does not spread one client over many addresses
      const ip = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await signIn(t.app, `y${i}@x.test`, 'wrong', ip, {
          'x-forwarded-for': `192.0.2.${i + 1}`,
        });
        statuses.push(res.statusCode);
      }
      expect(refused(statuses)).toBe(25 - defaults.authPerIpPerMinute);
    } finally {
      await proxied.close();
    }
  });
});

describe('per login id', () => {
  it('keeps the lockout after 5 failures and then refuses the same login id from any address', async () => {
    const u = await buildUser(t.db);
    const answers = [];
    for (let i = 0; i < 15; i++)
      answers.push(await signIn(t.app, u.login_id.toUpperCase(), 'Wrong-1', freshAddress()));
    const keys = answers.map((r) => `${r.statusCode} ${r.json().msgKey}`);
    expect(keys.slice(0, MAX_FAILED_LOGINS - 1)).toEqual(
      Array(MAX_FAILED_LOGINS - 1).fill('401 msgLoginIncorrect'),
    );
    expect(keys.slice(MAX_FAILED_LOGINS - 1, defaults.authPerLoginPer15Minutes)).toEqual(
      Array(defaults.authPerLoginPer15Minutes - MAX_FAILED_LOGINS + 1).fill('423 msgAccountLocked'),
    );
    expect(keys.slice(defaults.authPerLoginPer15Minutes)).toEqual(
      Array(15 - defaults.authPerLoginPer15Minutes).fill(`429 ${MSG.tooManyRequests}`),
    );
    const wait = Number(answers[14].headers['retry-after']);
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(answers[14].json().params).toEqual({ retryAfterSeconds: wait });
  });

  it('leaves room for a person who mistypes: 4 failures, success, 4 failures, success', async () => {
    const u = await buildUser(t.db);
    const ip = freshAddress();
    for (let round = 0; round < 2; round++) {
      for (let i = 1; i < MAX_FAILED_LOGINS; i++) {
        expect((await signIn(t.app, u.login_id, 'Wrong-1', ip)).statusCode).toBe(401);
      }
      expect((await signIn(t.app, u.login_id, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    }
  });
});

describe('the figures of the review (one client, as fast as it can)', () => {
  it('refuses most of 60 failed sign-ins, 40 forgot-password and 25 wrong SIS passwords', async () => {
    const u = await buildUser(t.db);
    const run = async (n: number, req: InjectOptions) => {
      const ip = freshAddress();
      const statuses = await Promise.all(
        Array.from({ length: n }, () =>
          t.app.inject({ ...req, remoteAddress: ip }).then((r) => r.statusCode),
        ),
      );
      return refused(statuses);
    };
    const signIns = await run(60, {
      method: 'POST',
      url: `${API_PREFIX}/Auth/login`,
      payload: { username: u.login_id, password: 'Wrong-1', language: 'en-US' },
    });
    const forgot = await run(40, {
      method: 'POST',
      url: `${API_PREFIX}/Password/forgotpassword`,
      payload: { userName: u.login_id },
    });
    const account = SIS_STANDIN_ACCOUNTS[0];
    const sisCalls = await run(25, {
      method: 'GET',
      url: `${API_PREFIX}/Admin/validateAndGetSISUser?sis_user_id=${account.user_id}&password=wrong`,
    });
    console.log(
      `rate limit: refused ${signIns}/60 sign-ins, ${forgot}/40 forgot-password, ${sisCalls}/25 SIS`,
    );
    const login = defaults.authPerLoginPer15Minutes;
    expect([signIns, forgot, sisCalls]).toEqual([60 - login, 40 - login, 25 - login]);
  });
});

describe('the general API limit', () => {
  it('counts per signed-in user and per anonymous address, and never the web app or the docs', async () => {
    const low = await createTestApp({ ...DEFAULTS, RATE_LIMIT_API_MAX: '30' });
    try {
      const ops = await sessionToken(low, 'ops@demo.test');
      const shipper = await sessionToken(low, 'shipper@demo.test');
      const call = (token?: string, url = `${API_PREFIX}/Users/GetUserProfile`) =>
        low.app.inject({
          method: 'GET',
          url,
          headers: token ? bearer(token) : {},
          remoteAddress: '10.9.9.9',
        });
      const opsAnswers = [];
      for (let i = 0; i < 31; i++) opsAnswers.push((await call(ops)).statusCode);
      expect(opsAnswers.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(opsAnswers[30]).toBe(429);
      // another user from the same address has their own count
      expect((await call(shipper)).statusCode).toBe(200);
      // anonymous callers are counted by address
      const anon = [];
      for (let i = 0; i < 31; i++)
        anon.push((await call(undefined, `${API_PREFIX}/Password/getPasswordConfig`)).statusCode);
      expect(anon.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(anon[30]).toBe(429);
      // outside /api/v1 nothing is counted
      expect((await call(undefined, '/api/docs/json')).statusCode).toBe(200);
    } finally {
      await low.close();
    }
  });
});

describe('several server instances', () => {
  it('share one count through the database', async () => {
    const other = await buildApp({
      db: t.db,
      config: { ...loadConfig(DEFAULTS), webDistDir: '/nonexistent' },
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
    });
    try {
      const ip = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i <= defaults.authPerIpPerMinute; i++) {
        const app = i % 2 === 0 ? t.app : other;
        statuses.push((await signIn(app, `z${i}@x.test`, 'wrong', ip)).statusCode);
      }
      expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('the counter', () => {
  it('restarts a window that has ended and sweeps ended windows', async () => {
    expect((await hitCounter(t.db, 'test:a', 60_000)).hits).toBe(1);
    const second = await hitCounter(t.db, 'test:a', 60_000);
    expect(second.hits).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(55_000);
    await hitCounter(t.db, 'test:b', 1);
    await new Promise((r) => setTimeout(r, 20));
    expect((await hitCounter(t.db, 'test:b', 1)).hits).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    await sweepCounters(t.db);
    const { rows } = await t.db.execute<{ key: string }>(
      sql`select key from rate_limit_counters where key like 'test:%'`,
    );
    expect(rows.map((r) => r.key)).toEqual(['test:a']);
  });
});
