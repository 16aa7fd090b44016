import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { DEMO_PASSWORD } from '../../seed/demo';

let t: TestApp;
let admin: Record<string, string>;
let shipper: Record<string, string>;
const url = '/api/v1/SysNotice';
const hour = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const valid = (over: Record<string, unknown> = {}) => ({
  notice_type: 'ALERT',
  notice_title: 'Maintenance tonight',
  notice_body: 'The portal stops in {{REMAIN}} minutes',
  affected_system: 'Portal',
  remarks: '',
  valid_from: at(-hour),
  valid_to: at(hour),
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
});
afterAll(() => t.close());

describe('system notice maintenance', () => {
  it('creates a notice, lists it as current, and shows it in the next sign-in answer', async () => {
    const res = await t.app.inject({ method: 'POST', url, headers: admin, payload: valid() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ notice_type: 'ALERT', remarks: null, version: 1 });
    const list = await t.app.inject({ method: 'GET', url: `${url}?validity=current`, headers: admin });
    expect(list.json().rows.map((r: { uid: string }) => r.uid)).toContain(res.json().uid);
    const past = await t.app.inject({ method: 'GET', url: `${url}?validity=past`, headers: admin });
    expect(past.json().rows.map((r: { uid: string }) => r.uid)).not.toContain(res.json().uid);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/login',
      payload: { username: 'shipper@demo.test', password: DEMO_PASSWORD, language: 'en-US' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().sysAlertList.map((n: { uid: string }) => n.uid)).toContain(res.json().uid);
  });

  it('accepts Hong Kong time (+08:00) and stores the instant in UTC', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: valid({
        notice_type: 'NOTICE',
        valid_from: '2030-01-01T08:00:00+08:00',
        valid_to: '2030-01-02T08:00:00+08:00',
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      valid_from: '2030-01-01T00:00:00.000Z',
      valid_to: '2030-01-02T00:00:00.000Z',
    });
  });

  it('rejects valid to not after valid from, a missing title, an unknown type', async () => {
    for (const body of [
      valid({ valid_to: at(-2 * hour) }),
      valid({ notice_title: '  ' }),
      valid({ notice_type: 'BANNER' }),
      valid({ valid_from: 'yesterday' }),
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: admin, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: valid({ valid_to: at(-2 * hour) }),
    });
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'valid_to', msgKey: 'msgValidToBeforeFrom' }),
      ]),
    );
  });

  it('updates with the version read, refuses a stale version, records the history', async () => {
    const created = (await t.app.inject({ method: 'POST', url, headers: admin, payload: valid() })).json();
    const put = (version: number) =>
      t.app.inject({
        method: 'PUT',
        url: `${url}/${created.uid}`,
        headers: admin,
        payload: { ...valid({ notice_title: 'Changed' }), version },
      });
    const ok = await put(1);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ notice_title: 'Changed', version: 2 });
    expect((await put(1)).statusCode).toBe(409);
    const history = await t.app.inject({
      method: 'GET',
      url: `${url}/${created.uid}/history`,
      headers: admin,
    });
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('Changed');
    const missing = await t.app.inject({
      method: 'GET',
      url: `${url}/00000000-0000-4000-8000-000000000000`,
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is refused to a user without the admin function', async () => {
    for (const c of [
      { method: 'GET' as const, url },
      { method: 'POST' as const, url, payload: valid() },
      { method: 'GET' as const, url: `${url}/00000000-0000-4000-8000-000000000000` },
    ]) {
      expect((await t.app.inject({ ...c, headers: shipper })).statusCode).toBe(403);
    }
  });
});
