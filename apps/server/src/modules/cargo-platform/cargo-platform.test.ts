import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CargoPlatformStandIn,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  startCargoPlatformStandIn,
} from '../../../../../standins/cargo-platform/cargo-platform-stand-in.mjs';
import { closedPort } from '../../../test/clamd-stand-in';
import { bearer, createTestApp, sessionToken, signIn, type TestApp } from '../../../test/test-app';
import { buildUser } from '../../../test/user-factory';

type H = Record<string, string>;
const URL_PATH = '/api/v1/Auth/GetCargosphereAccessToken';
const CREDENTIALS = {
  CARGO_PLATFORM_CLIENT_ID: DEMO_CLIENT_ID,
  CARGO_PLATFORM_CLIENT_SECRET: DEMO_CLIENT_SECRET,
};
let platform: CargoPlatformStandIn;
let t: TestApp;
let ops: H;

const ask = (app: TestApp, headers: H) => app.app.inject({ method: 'POST', url: URL_PATH, headers });
const me = (token: string) =>
  fetch(`${platform.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
/** A test app on the stand-in with the demo credentials, overridden by `env`. */
const appWith = (env: Record<string, string>) =>
  createTestApp({ CARGO_PLATFORM_URL: `${platform.url}/`, ...CREDENTIALS, ...env });

beforeAll(async () => {
  platform = await startCargoPlatformStandIn();
  t = await appWith({});
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
});
afterAll(async () => {
  await t.close();
  await platform.close();
});

describe('POST /Auth/GetCargosphereAccessToken', () => {
  it('answers a platform token for the signed-in user with its expiry and where to open the platform', async () => {
    const res = await ask(t, ops);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', platform_url: `${platform.url}/` });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(body.expires_in).toBeGreaterThan(3500);
    expect(body.expires_in).toBeLessThanOrEqual(3600);
    expect(Math.abs(Date.parse(body.expires_at) - (Date.now() + body.expires_in * 1000))).toBeLessThan(2000);
    // the platform's protected call and its landing page know the caller
    const echo = await me(body.access_token);
    expect(echo.status).toBe(200);
    expect(await echo.json()).toMatchObject({ client_id: DEMO_CLIENT_ID, subject: 'ops@demo.test' });
    const page = await fetch(`${body.platform_url}?access_token=${body.access_token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('ops@demo.test');
  });

  it('reuses the cached token per user and asks the platform again for another user', async () => {
    const first = (await ask(t, ops)).json().access_token;
    const issued = platform.tokensIssued();
    const again = await Promise.all([ask(t, ops), ask(t, ops), ask(t, ops)]);
    expect(again.map((r) => r.json().access_token)).toEqual([first, first, first]);
    expect(platform.tokensIssued()).toBe(issued);
    const admin = await ask(t, bearer(await sessionToken(t, 'admin@demo.test')));
    expect(admin.statusCode).toBe(200);
    expect(admin.json().access_token).not.toBe(first);
    expect(platform.tokensIssued()).toBe(issued + 1);
    expect(await (await me(admin.json().access_token)).json()).toMatchObject({ subject: 'admin@demo.test' });
  });

  it('gets a new token once the cached one is within the refresh margin of its expiry', async () => {
    // tokens live 8 s and are replaced 7 s before expiry: reusable for 1 s
    const short = await startCargoPlatformStandIn({ ttlSeconds: 8 });
    const app = await createTestApp({
      CARGO_PLATFORM_URL: short.url,
      ...CREDENTIALS,
      CARGO_PLATFORM_REFRESH_MARGIN_SECONDS: '7',
    });
    try {
      const token = bearer(await sessionToken(app, 'ops@demo.test'));
      const firstRes = await ask(app, token);
      expect(firstRes.statusCode).toBe(200);
      const first = firstRes.json();
      expect((await ask(app, token)).json().access_token).toBe(first.access_token);
      expect(short.tokensIssued()).toBe(1);
      await new Promise((r) => setTimeout(r, 1200));
      const renewed = await ask(app, token);
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json().access_token).not.toBe(first.access_token);
      expect(Date.parse(renewed.json().expires_at)).toBeGreaterThan(Date.parse(first.expires_at));
      expect(short.tokensIssued()).toBe(2);
    } finally {
      await app.close();
      await short.close();
    }
  });

  it('answers 502 msgCargoPlatformUnavailable when the platform is down, failing or answering nonsense, and caches no failure', async () => {
    const broken: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((r) => broken.listen(0, '127.0.0.1', r));
    const address = broken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const down = await appWith({ CARGO_PLATFORM_URL: `http://127.0.0.1:${await closedPort()}` });
    const nonsense = await appWith({ CARGO_PLATFORM_URL: `http://127.0.0.1:${port}` });
    try {
      for (const app of [down, nonsense]) {
        const res = await ask(app, bearer(await sessionToken(app, 'ops@demo.test')));
        expect(res.statusCode).toBe(502);
        expect(res.json().msgKey).toBe('msgCargoPlatformUnavailable');
      }
      // up but failing (503), then back: the failure was not kept
      const supervisor = bearer(await sessionToken(t, 'supervisor@demo.test'));
      platform.setDown(true);
      const failing = await ask(t, supervisor);
      expect(failing.statusCode).toBe(502);
      expect(failing.json().msgKey).toBe('msgCargoPlatformUnavailable');
      platform.setDown(false);
      expect((await ask(t, supervisor)).statusCode).toBe(200);
    } finally {
      platform.setDown(false);
      await down.close();
      await nonsense.close();
      await new Promise<void>((r) => broken.close(() => r()));
    }
  });

  it('answers 502 msgCargoPlatformRefused when the platform refuses the client credentials', async () => {
    const wrong = await appWith({ CARGO_PLATFORM_CLIENT_SECRET: 'not-the-secret' });
    try {
      const res = await ask(wrong, bearer(await sessionToken(wrong, 'ops@demo.test')));
      expect(res.statusCode).toBe(502);
      expect(res.json().msgKey).toBe('msgCargoPlatformRefused');
    } finally {
      await wrong.close();
    }
  });

  it('answers 503 msgCargoPlatformNotConfigured without the address or the credentials', async () => {
    const noUrl = await createTestApp({ CARGO_PLATFORM_URL: '', ...CREDENTIALS });
    const noSecret = await appWith({ CARGO_PLATFORM_CLIENT_SECRET: '' });
    try {
      for (const app of [noUrl, noSecret]) {
        const res = await ask(app, bearer(await sessionToken(app, 'ops@demo.test')));
        expect(res.statusCode).toBe(503);
        expect(res.json().msgKey).toBe('msgCargoPlatformNotConfigured');
      }
    } finally {
      await noUrl.close();
      await noSecret.close();
    }
  });

  it('answers 403 to users without compareso and to external profiles, 401 without a session', async () => {
    const issued = platform.tokensIssued();
    for (const login of ['finance@demo.test', 'manager@demo.test', 'shipper@demo.test', 'agent@demo.test']) {
      const res = await ask(t, bearer(await sessionToken(t, login)));
      expect(res.statusCode, login).toBe(403);
      expect(res.json().msgKey).toBe('msgNoPermission');
    }
    // an external profile given a role that holds compareso is still refused
    const external = await buildUser(t.db, { profiles: [['SHIPPER', 'OPERATIONS']] });
    const res = await ask(t, bearer(await signIn(t.app, external.login_id)));
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: URL_PATH })).statusCode).toBe(401);
    expect(platform.tokensIssued()).toBe(issued);
  });
});
