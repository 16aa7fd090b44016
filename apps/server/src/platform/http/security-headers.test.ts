import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_JWT_SECRET, TEST_RATE_LIMITS, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { helmetOptions } from './security-headers';

/** Security headers (helmet) on the web app's HTML, the API's JSON, refusals and the API docs. */

let t: TestApp;
let web: FastifyInstance;
let webDir: string;

/** An app serving a stand-in web build (index.html and one asset), with extra settings. */
async function appWithWeb(env: Record<string, string> = {}) {
  return buildApp({
    db: t.db,
    config: { ...loadConfig({ ...TEST_RATE_LIMITS, ...env }), webDistDir: webDir },
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  webDir = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  web = await appWithWeb();
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

const csp = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

function expectPortalHeaders(headers: Record<string, unknown>) {
  const policy = csp(headers['content-security-policy']);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  expect(policy['font-src']).toEqual(["'self'", 'data:']);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['form-action']).toEqual(["'self'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['connect-src']?.[0]).toBe("'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  it('are on the web app, its assets routes, API answers, refusals and the API docs', async () => {
    const answers = [
      await web.inject({ method: 'GET', url: '/login' }),
      await web.inject({ method: 'GET', url: '/index.html' }),
      await web.inject({ method: 'GET', url: '/api/v1/Password/getPasswordConfig' }),
      await web.inject({ method: 'GET', url: '/api/v1/User' }),
      await web.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
      await web.inject({ method: 'GET', url: '/api/docs/' }),
      await web.inject({ method: 'GET', url: '/api/docs/json' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 404, 200, 200]);
    expect(answers[0].headers['content-type']).toMatch(/text\/html/);
    for (const a of answers) expectPortalHeaders(a.headers);
  });

  it('allows the page its own WebSocket origin, and never repeats a hostile Host header', async () => {
    const own = await web.inject({ method: 'GET', url: '/login', headers: { host: 'portal.example:8443' } });
    expect(csp(own.headers['content-security-policy'])['connect-src']).toEqual([
      "'self'",
      'ws://portal.example:8443',
      'wss://portal.example:8443',
    ]);
    const hostile = await web.inject({
      method: 'GET',
      url: '/login',
      headers: { host: "evil.example; script-src 'unsafe-inline'" },
    });
    expect(csp(hostile.headers['content-security-policy'])['connect-src']).toEqual(["'self'"]);
    expect(csp(hostile.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });

  it('sends HSTS and upgrade-insecure-requests only behind TLS', async () => {
    const plain = await web.inject({ method: 'GET', url: '/login' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(csp(plain.headers['content-security-policy'])).not.toHaveProperty('upgrade-insecure-requests');
    const behindProxy = await appWithWeb({ TRUST_PROXY: 'true', PUBLIC_BASE_URL: 'https://portal.example' });
    try {
      const res = await behindProxy.inject({ method: 'GET', url: '/login' });
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
      expect(csp(res.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
    } finally {
      await behindProxy.close();
    }
  });

  it('are exactly what @fastify/helmet sets per request, for any Host (worked out once at start)', async () => {
    const envs: Record<string, string>[] = [
      {},
      { TRUST_PROXY: 'true', PUBLIC_BASE_URL: 'https://portal.example' },
    ];
    for (const env of envs) {
      const config = { ...loadConfig({ ...TEST_RATE_LIMITS, ...env }), webDistDir: webDir };
      // The reference: the plugin itself, building helmet's middleware on every request.
      const reference = Fastify();
      await reference.register(helmet, helmetOptions(config));
      reference.get('/', async () => ({ ok: true }));
      const app = await appWithWeb(env);
      try {
        for (const host of ['localhost:8080', 'portal.example', '[::1]:3000', 'evil.example; x', '']) {
          const want = await reference.inject({ method: 'GET', url: '/', headers: { host } });
          const got = await app.inject({
            method: 'GET',
            url: '/api/v1/Password/getPasswordConfig',
            headers: { host },
          });
          const helmetNames = Object.keys(want.headers).filter(
            (n) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(n),
          );
          expect(helmetNames.length).toBeGreaterThan(8);
          for (const name of helmetNames)
            expect([host, name, got.headers[name]]).toEqual([host, name, want.headers[name]]);
        }
      } finally {
        await app.close();
        await reference.close();
      }
    }
  });
});
