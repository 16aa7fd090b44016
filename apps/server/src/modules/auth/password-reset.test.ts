import { MAX_FAILED_LOGINS } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO_PASSWORD, sessionToken, type TestApp } from '../../../test/test-app';
import { buildUser } from '../../../test/user-factory';
import { isCommonPassword, isPasswordExpired } from './password-policy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: 'https://portal.example.com/', PASSWORD_MAX_AGE_DAYS: '90' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });
const login = (username: string, password: string) =>
  post('/Auth/login', { username, password, language: 'en-US' });
const forgot = (userName: string) => post('/Password/forgotpassword', { userName });
const validate = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/password/resetpassword?${query}` });
const reset = (loginID: string, token: string, password: string) =>
  post('/Password/resetpassword', { loginID, token, password });

/** The reset mails sent to `to`, newest first, with the link's login id and token. */
async function resetMails(to: string) {
  const { rows } = await t.db.execute<{ text_body: string; subject: string }>(
    sql`select text_body, subject from mail_outbox where to_address = ${to} and tag = 'password_reset' order by id desc`,
  );
  return rows.map((r) => {
    const link = /https:\/\/portal\.example\.com\/resetpassword\?\S+/.exec(r.text_body)?.[0] ?? '';
    const url = new URL(link);
    return {
      ...r,
      link,
      loginID: url.searchParams.get('loginID') ?? '',
      token: url.searchParams.get('token') ?? '',
    };
  });
}

const NEW_PASSWORD = 'Harbour-Crane-4821';

describe('password policy', () => {
  it('answers the password configuration publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Password/getPasswordConfig' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, useStrongPassword: true, maxLength: 128 });
  });

  it('knows the common passwords in any letter case, and expiry after the maximum age', () => {
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('letmein')).toBe(true);
    expect(isCommonPassword(NEW_PASSWORD)).toBe(false);
    const now = new Date('2026-06-01T00:00:00Z');
    expect(isPasswordExpired('2026-02-01T00:00:00Z', 90, now)).toBe(true);
    expect(isPasswordExpired('2026-04-01T00:00:00Z', 90, now)).toBe(false);
    expect(isPasswordExpired('2020-01-01T00:00:00Z', 0, now)).toBe(false);
    expect(isPasswordExpired(null, 90, now)).toBe(false);
  });

  it('forces a change at sign-in when the password is older than PASSWORD_MAX_AGE_DAYS', async () => {
    const u = await buildUser(t.db);
    await t.db.execute(
      sql`update users set password_changed_at = now() - interval '91 days' where user_uid = ${u.user_uid}`,
    );
    const res = await login(u.login_id, DEMO_PASSWORD);
    expect(res.json()).toMatchObject({ force_change_password: true, needChangePassword: true });
    await t.db.execute(
      sql`update users set password_changed_at = now() - interval '89 days' where user_uid = ${u.user_uid}`,
    );
    expect((await login(u.login_id, DEMO_PASSWORD)).json().force_change_password).toBe(false);
  });

  it('changepassword refuses common, too long and recently used passwords, and allows 64 characters', async () => {
    const u = await buildUser(t.db);
    const token = (await login(u.login_id, DEMO_PASSWORD)).json().token as string;
    const change = (old_password: string, new_password: string) =>
      post('/Password/changepassword', { old_password, new_password }, token);
    const common = await change(DEMO_PASSWORD, 'Password1');
    expect(common.statusCode).toBe(422);
    expect(common.json()).toMatchObject({
      msgKey: 'msgPasswordTooCommon',
      details: [{ field: 'new_password' }],
    });
    const long = await change(DEMO_PASSWORD, `Aa1${'x'.repeat(130)}`);
    expect(long.json()).toMatchObject({ msgKey: 'msgPasswordTooLong', params: { max: 128 } });
    const sixtyFour = `Aa1-${'long passphrase '.repeat(4)}`.slice(0, 64);
    expect(sixtyFour).toHaveLength(64);
    expect((await change(DEMO_PASSWORD, sixtyFour)).statusCode).toBe(200);
    expect((await change(sixtyFour, NEW_PASSWORD)).statusCode).toBe(200);
    const back = await change(NEW_PASSWORD, DEMO_PASSWORD);
    expect(back.statusCode).toBe(422);
    expect(back.json().msgKey).toBe('msgPasswordReused');
    // Five changes later the first password may come back.
    let current = NEW_PASSWORD;
    for (const n of [1, 2, 3, 4, 5]) {
      const next = `Quay-Side-${n}-Xy${n}9`;
      expect((await change(current, next)).statusCode).toBe(200);
      current = next;
    }
    expect((await change(current, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('always answers success, and e-mails a link only to an existing active account', async () => {
    expect((await forgot('nobody@nowhere.test')).json()).toEqual({ success: true });
    const pending = await buildUser(t.db, { status: 'P' });
    expect((await forgot(pending.login_id)).json()).toEqual({ success: true });
    const { rows } = await t.db.execute(
      sql`select 1 from mail_outbox where to_address in ('nobody@nowhere.test', ${pending.login_id})`,
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses an empty user name and bad bodies without a 500', async () => {
    const empty = await forgot('  ');
    expect(empty.statusCode).toBe(400);
    expect((await post('/Password/forgotpassword', {})).statusCode).toBe(400);
    expect((await post('/Password/resetpassword', { loginID: 'x' })).statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Password/resetpassword',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('e-mails a single-use link that resets the password, ends sessions and refuses weak passwords first', async () => {
    const u = await buildUser(t.db);
    const old = (await login(u.login_id, DEMO_PASSWORD)).json().token as string;
    expect((await forgot(u.login_id.toUpperCase())).json()).toEqual({ success: true });
    const [mail] = await resetMails(u.login_id);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.loginID).toBe(u.login_id);
    expect(mail.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const { rows } = await t.db.execute(
      sql`select 1 from password_reset_tokens where token_hash = ${mail.token}`,
    );
    expect(rows).toHaveLength(0);

    expect((await validate(`loginid=${encodeURIComponent(u.login_id)}&token=${mail.token}`)).json()).toEqual({
      success: true,
    });
    expect((await validate(`loginID=${encodeURIComponent(u.login_id)}&token=${mail.token}`)).json()).toEqual({
      success: true,
    });
    expect((await validate(`loginid=${encodeURIComponent(u.login_id)}&token=wrong`)).json()).toEqual({
      success: false,
    });
    expect((await validate('')).json()).toEqual({ success: false });

    const weak = await reset(u.login_id, mail.token, 'weakpass');
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({ msgKey: 'msgStrongPWRequired', details: [{ field: 'password' }] });
    const same = await reset(u.login_id, mail.token, DEMO_PASSWORD);
    expect(same.json().msgKey).toBe('msgPasswordReused');
    const common = await reset(u.login_id, mail.token, 'Password1');
    expect(common.json().msgKey).toBe('msgPasswordTooCommon');

    const ok = await reset(u.login_id, mail.token, NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    // The session opened before the reset has ended.
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/renewtoken',
      headers: bearer(old),
    });
    expect(after.statusCode).toBe(401);
    expect((await login(u.login_id, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login(u.login_id, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(u.login_id, mail.token, 'Another-Good-Pass-77');
    expect(again.statusCode).toBe(400);
    expect(again.json().msgKey).toBe('msgInvalidResetToken');
    expect((await validate(`loginid=${encodeURIComponent(u.login_id)}&token=${mail.token}`)).json()).toEqual({
      success: false,
    });
  });

  it('refuses a wrong, expired or another user\'s token with "Invalid Token"', async () => {
    const a = await buildUser(t.db);
    const b = await buildUser(t.db);
    await forgot(a.login_id);
    const [mail] = await resetMails(a.login_id);
    expect((await reset(b.login_id, mail.token, NEW_PASSWORD)).json().msgKey).toBe('msgInvalidResetToken');
    expect((await reset(a.login_id, 'x'.repeat(43), NEW_PASSWORD)).json().msgKey).toBe(
      'msgInvalidResetToken',
    );
    expect((await reset('nobody@nowhere.test', mail.token, NEW_PASSWORD)).json().msgKey).toBe(
      'msgInvalidResetToken',
    );
    await t.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_uid = ${a.user_uid}`,
    );
    const expired = await reset(a.login_id, mail.token, NEW_PASSWORD);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msgKey).toBe('msgInvalidResetToken');
  });

  it('issues a link that lives one hour', async () => {
    const u = await buildUser(t.db);
    await forgot(u.login_id);
    const { rows } = await t.db.execute<{ minutes: number }>(
      sql`select round(extract(epoch from expires_at - created_at) / 60)::int as minutes
          from password_reset_tokens where user_uid = ${u.user_uid}`,
    );
    expect(rows).toEqual([{ minutes: 60 }]);
  });

  it('sends at most 3 links per account in 15 minutes, still answering success', async () => {
    const u = await buildUser(t.db);
    for (let i = 0; i < 5; i++) expect((await forgot(u.login_id)).json()).toEqual({ success: true });
    expect(await resetMails(u.login_id)).toHaveLength(3);
  });

  it('a locked account signs in again only after a reset', async () => {
    const u = await buildUser(t.db);
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await login(u.login_id, 'Wrong-Password-1');
    expect((await login(u.login_id, DEMO_PASSWORD)).statusCode).toBe(423);
    await forgot(u.login_id);
    const [mail] = await resetMails(u.login_id);
    expect((await reset(u.login_id, mail.token, NEW_PASSWORD)).statusCode).toBe(200);
    const { rows } = await t.db.execute<{ locked_at: string | null; failed_login_count: number }>(
      sql`select locked_at, failed_login_count from users where user_uid = ${u.user_uid}`,
    );
    expect(rows[0]).toEqual({ locked_at: null, failed_login_count: 0 });
    expect((await login(u.login_id, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('dev mailbox access', () => {
  it('lists the outbox with links for an admin only', async () => {
    const u = await buildUser(t.db);
    await forgot(u.login_id);
    const admin = await sessionToken(t, 'admin@demo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Admin/DevMailbox',
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().rows.find((r: { to: string }) => r.to === u.login_id);
    expect(row.links[0]).toMatch(/^https:\/\/portal\.example\.com\/resetpassword\?loginID=/);
    const ops = await sessionToken(t, 'ops@demo.test');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/Admin/DevMailbox', headers: bearer(ops) }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/Admin/DevMailbox' })).statusCode).toBe(401);
  });
});
