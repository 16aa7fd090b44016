import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { DEMO_PASSWORD } from '../../seed/demo';

let t: TestApp;
let admin: Record<string, string>;
const url = '/api/v1/User';

const find = async (login: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${url}?q=${encodeURIComponent(login)}`,
    headers: admin,
  });
  return res.json().rows.find((u: { login_id: string }) => u.login_id === login);
};
const login = (username: string, password = DEMO_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/Auth/login',
    payload: { username, password, language: 'en-US' },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
});
afterAll(() => t.close());

describe('user maintenance', () => {
  it('lists users with their profiles, searches and filters by status, never shows a password hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?status=A&pageSize=50`, headers: admin });
    expect(res.statusCode).toBe(200);
    const admins = res.json().rows.filter((u: { login_id: string }) => u.login_id === 'admin@demo.test');
    expect(admins[0].profiles.length).toBeGreaterThan(0);
    expect(res.body).not.toContain('password_hash');
    expect((await t.app.inject({ method: 'GET', url: `${url}?status=X`, headers: admin })).statusCode).toBe(
      400,
    );
  });

  it('disabling a user ends their open session at once and refuses sign-in; enabling lets them back', async () => {
    const victim = bearer(await sessionToken(t, 'shipper@demo.test'));
    const u = await find('shipper@demo.test');
    const res = await t.app.inject({
      method: 'POST',
      url: `${url}/${u.user_uid}/status`,
      headers: admin,
      payload: { status: 'D', version: u.version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('D');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/getprofileTypeOpts',
      headers: victim,
    });
    expect(after.statusCode).toBe(401);
    expect((await login('shipper@demo.test')).statusCode).toBe(403);
    const stale = await t.app.inject({
      method: 'POST',
      url: `${url}/${u.user_uid}/status`,
      headers: admin,
      payload: { status: 'A', version: u.version },
    });
    expect(stale.statusCode).toBe(409);
    const back = await t.app.inject({
      method: 'POST',
      url: `${url}/${u.user_uid}/status`,
      headers: admin,
      payload: { status: 'A', version: res.json().version },
    });
    expect(back.statusCode).toBe(200);
    expect((await login('shipper@demo.test')).statusCode).toBe(200);
  });

  it('resets a password to a temporary one that must be changed, and refuses a weak one', async () => {
    const u = await find('shipper@demo.test');
    const weak = await t.app.inject({
      method: 'POST',
      url: `${url}/${u.user_uid}/resetPassword`,
      headers: admin,
      payload: { password: 'short', version: u.version },
    });
    expect(weak.statusCode).toBe(400);
    expect(JSON.stringify(weak.json())).toContain('msgStrongPWRequired');
    // The one password policy: a common password is refused here as everywhere else.
    const common = await t.app.inject({
      method: 'POST',
      url: `${url}/${u.user_uid}/resetPassword`,
      headers: admin,
      payload: { password: 'Password1', version: u.version },
    });
    expect(common.statusCode).toBe(422);
    expect(common.json()).toMatchObject({
      msgKey: 'msgPasswordTooCommon',
      details: [{ field: 'password', msgKey: 'msgPasswordTooCommon' }],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `${url}/${u.user_uid}/resetPassword`,
      headers: admin,
      payload: { password: 'Temp-Pass-123', version: u.version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().force_change_password).toBe(true);
    const signIn = await login('shipper@demo.test', 'Temp-Pass-123');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().force_change_password).toBe(true);
  });

  it('unlocks a locked user (lockout and failure count cleared)', async () => {
    for (let i = 0; i < 5; i++) await login('consignee@demo.test', 'wrong-password');
    expect((await login('consignee@demo.test')).statusCode).toBe(423);
    const u = await find('consignee@demo.test');
    expect(u.locked).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: `${url}/${u.user_uid}/unlock`,
      headers: admin,
      payload: { version: u.version },
    });
    expect(res.json()).toMatchObject({ locked: false, failed_login_count: 0 });
    expect((await login('consignee@demo.test')).statusCode).toBe(200);
    const history = await t.app.inject({
      method: 'GET',
      url: `${url}/${u.user_uid}/history`,
      headers: admin,
    });
    expect(JSON.stringify(history.json())).toContain('unlock');
  });

  it('is refused to a user without the admin function', async () => {
    const agent = bearer(await sessionToken(t, 'agent@demo.test'));
    const u = await find('admin@demo.test');
    for (const c of [
      { method: 'GET' as const, url },
      { method: 'GET' as const, url: `${url}/${u.user_uid}` },
      { method: 'POST' as const, url: `${url}/${u.user_uid}/unlock`, payload: { version: 1 } },
      { method: 'POST' as const, url: `${url}/${u.user_uid}/status`, payload: { status: 'D', version: 1 } },
    ]) {
      expect((await t.app.inject({ ...c, headers: agent })).statusCode, c.url).toBe(403);
    }
  });
});
