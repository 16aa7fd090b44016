import type { FuncId, RouteAccess } from '@portal/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO_PASSWORD, signIn, type TestApp } from '../../../test/test-app';
import { buildUser } from '../../../test/user-factory';
import { roles } from '../../db/schema';
import { type AccessEntry, API_PREFIX } from './access';

/**
 * Walks every route the app registered (modules added later included) and proves the global access hook
 * guards it as declared: no token → 401, a profile without the function id → 403.
 */
let t: TestApp;
let api: AccessEntry[];
/** Function ids each candidate user holds, by token. */
const holders: { login: string; token: string; funcs: Set<string> }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  api = t.app.accessRegistry.filter((r) => r.url.startsWith(API_PREFIX));
  // Users with some functions but not others, then one whose role grants nothing at all.
  const logins = ['shipper@demo.test', 'finance@demo.test', 'consignee@demo.test', 'ops@demo.test'];
  await t.db.insert(roles).values({ code: 'NO_FUNCS', name: 'No functions' });
  const noFuncs = await buildUser(t.db, { profiles: [['CUSTOMER', 'NO_FUNCS']] });
  for (const login of [...logins, noFuncs.login_id]) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/Auth/login`,
      payload: { username: login, password: DEMO_PASSWORD, language: 'en-US' },
    });
    const body = res.json();
    holders.push({
      login,
      token: body.token,
      funcs: new Set(body.uac.menu_func_accesses.map((a: { func_id: string }) => a.func_id)),
    });
  }
});
afterAll(() => t.close());

/** A request to the route with a dummy value for each path parameter and, when it takes one, an empty JSON body. */
function requestFor(route: AccessEntry, token?: string): InjectOptions {
  const url = route.url.replace(/:\w+(\([^)]*\))?/g, '1').replace(/\*$/, '1');
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  return {
    method: route.method as InjectOptions['method'],
    url,
    headers: token ? bearer(token) : {},
    ...(hasBody ? { payload: {} } : {}),
  };
}

const label = (r: AccessEntry) => `${r.method} ${r.url}`;
const funcOf = (access: RouteAccess | undefined): FuncId | null =>
  typeof access === 'object' ? access.funcId : null;

describe('access declarations', () => {
  it('finds the registered API routes, including sign-in and other modules', () => {
    expect(api.length).toBeGreaterThan(8);
    expect(api).toContainEqual({ method: 'POST', url: `${API_PREFIX}/Auth/login`, access: 'public' });
    expect(api.some((r) => funcOf(r.access) !== null)).toBe(true);
    // 000 §7's cargo platform hand-off (modules/cargo-platform): compareso, walked by the hook tests below
    expect(api).toContainEqual({
      method: 'POST',
      url: `${API_PREFIX}/Auth/GetCargosphereAccessToken`,
      access: { funcId: 'compareso' },
    });
    // Analytics (issue 17): every page's three routes behind the page's own function id, walked below.
    for (const suffix of ['', '/documents', '/export'])
      expect(api).toContainEqual({
        method: 'GET',
        url: `${API_PREFIX}/Analytics/CarrierReportPBI${suffix}`,
        access: { funcId: 'm_analytics_carrier' },
      });
    expect(api).toContainEqual({ method: 'GET', url: `${API_PREFIX}/Analytics/_options`, access: 'profile' });
    // Tax rules (issue 38): finance keeps them (inv_tax_rule); every invoice editor asks for a line's default.
    for (const [method, url] of [
      ['GET', '/TaxRule'],
      ['GET', '/TaxRule/:id'],
      ['POST', '/TaxRule'],
      ['PUT', '/TaxRule/:id'],
    ])
      expect(api).toContainEqual({ method, url: `${API_PREFIX}${url}`, access: { funcId: 'inv_tax_rule' } });
    expect(api).toContainEqual({
      method: 'GET',
      url: `${API_PREFIX}/TaxRule/default`,
      access: { funcId: 'inv_edit' },
    });
    // The master bill at its carrier over DCSA eBL 3.0 (issue 42): the panel and its calls behind master_bl.
    for (const [method, url] of [
      ['GET', '/MasterBL/:mbl_no/carrier'],
      ['POST', '/MasterBL/:mbl_no/carrier/submit'],
      ['POST', '/MasterBL/:mbl_no/carrier/accept'],
      ['POST', '/MasterBL/:mbl_no/carrier/approve'],
    ])
      expect(api).toContainEqual({ method, url: `${API_PREFIX}${url}`, access: { funcId: 'master_bl' } });
    // Carrier connections (issue 42): kept by admins on carrier maintenance; a plan's carrier booking behind
    // consolidation; the carriers' notification endpoints are public with their own bearer secret.
    for (const [method, url] of [
      ['GET', '/Carrier/:id/connection'],
      ['PUT', '/Carrier/:id/connection'],
      ['POST', '/Carrier/:id/connection/test'],
    ])
      expect(api).toContainEqual({ method, url: `${API_PREFIX}${url}`, access: { funcId: 'admin' } });
    for (const [method, url] of [
      ['GET', '/Consolidation/:consol_no/carrier'],
      ['POST', '/Consolidation/:consol_no/carrier/send'],
      ['POST', '/Consolidation/:consol_no/carrier/cancel'],
      ['POST', '/Consolidation/:consol_no/carrier/accept'],
    ])
      expect(api).toContainEqual({ method, url: `${API_PREFIX}${url}`, access: { funcId: 'consolidation' } });
    // An FCL booking's carrier booking (and its DCSA request file) behind booking.
    for (const [method, url] of [
      ['GET', '/Booking/:so_no/carrier'],
      ['GET', '/Booking/:so_no/dcsa/booking'],
      ['POST', '/Booking/:so_no/carrier/send'],
      ['POST', '/Booking/:so_no/carrier/cancel'],
      ['POST', '/Booking/:so_no/carrier/accept'],
    ])
      expect(api).toContainEqual({ method, url: `${API_PREFIX}${url}`, access: { funcId: 'booking' } });
    for (const path of [
      '/v2/booking-notifications',
      '/v3/shipping-instructions-notifications',
      '/v3/transport-document-notifications',
    ])
      expect(api).toContainEqual({
        method: 'POST',
        url: `${API_PREFIX}/carrier-link/:carrierCode${path}`,
        access: 'public',
      });
  });

  it('has an access declaration on every API route', () => {
    const missing = api.filter((r) => r.access === undefined).map(label);
    expect(missing).toEqual([]);
  });

  it('refuses an app that registers an API route without a declaration', async () => {
    const { buildApp } = await import('../../app');
    const { loadConfig } = await import('../../config');
    const app = await buildApp({
      db: t.db,
      config: { ...loadConfig(), webDistDir: '/nonexistent' },
      jwtSecret: 'x'.repeat(32),
      logger: false,
    });
    expect(() => app.get(`${API_PREFIX}/undeclared`, async () => ({}))).toThrow(/declares no access/);
    await app.close();
  });
});

describe('the access hook', () => {
  it('answers 401 without a token on every route that is not public', async () => {
    const failures: string[] = [];
    for (const route of api.filter((r) => r.access !== 'public')) {
      const res = await t.app.inject(requestFor(route));
      if (res.statusCode !== 401) failures.push(`${label(route)} → ${res.statusCode}`);
      else if (route.method !== 'HEAD') expect(res.json().msgKey, label(route)).toBe('msgUnauthorized');
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to a token that is not one of ours on every route that is not public', async () => {
    const failures: string[] = [];
    for (const route of api.filter((r) => r.access !== 'public')) {
      const res = await t.app.inject(requestFor(route, 'eyJhbGciOiJIUzI1NiJ9.e30.invalid'));
      if (res.statusCode !== 401) failures.push(`${label(route)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 on every function-id route to a signed-in user whose profile lacks the function id', async () => {
    const failures: string[] = [];
    const guarded = api.filter((r) => funcOf(r.access) !== null);
    for (const route of guarded) {
      const funcId = funcOf(route.access)!;
      const user = holders.find((h) => !h.funcs.has(funcId));
      if (!user) {
        failures.push(`${label(route)}: no test user lacks ${funcId}`);
        continue;
      }
      const res = await t.app.inject(requestFor(route, user.token));
      if (res.statusCode !== 403) failures.push(`${label(route)} as ${user.login} → ${res.statusCode}`);
      else if (route.method !== 'HEAD') expect(res.json().msgKey, label(route)).toBe('msgNoPermission');
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 msgProfileRequired on profile and function-id routes before a profile is chosen', async () => {
    const token = (
      await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/Auth/login`,
        payload: { username: 'multi@demo.test', password: DEMO_PASSWORD, language: 'en-US' },
      })
    ).json().token;
    const failures: string[] = [];
    for (const route of api.filter((r) => r.access === 'profile' || funcOf(r.access) !== null)) {
      const res = await t.app.inject(requestFor(route, token));
      if (res.statusCode !== 403) failures.push(`${label(route)} → ${res.statusCode}`);
      else if (route.method !== 'HEAD') expect(res.json().msgKey, label(route)).toBe('msgProfileRequired');
    }
    expect(failures).toEqual([]);
  });

  it('lets a user holding the function id through (not 401 or 403)', async () => {
    const admin = await signIn(t.app, 'admin@demo.test');
    const failures: string[] = [];
    for (const route of api.filter((r) => funcOf(r.access) !== null && r.method === 'GET')) {
      const res = await t.app.inject(requestFor(route, admin));
      if (res.statusCode === 401 || res.statusCode === 403)
        failures.push(`${label(route)} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
