import { MAX_FAILED_LOGINS } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO_PASSWORD, sessionToken, type TestApp } from '../../../test/test-app';
import { buildUser } from '../../../test/user-factory';
import { announceActorChange } from '../../platform/access/actor-cache';
import { roles, sessions, userProfiles, users } from './auth.tables';

// Security review (issue 37) M1 and L5: a Change User session lives only as long as its real user may
// change user; a locked account is not a Change User target.
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
});
afterAll(() => t.close());

const login = (username: string, password = DEMO_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/Auth/login',
    payload: { username, password, language: 'en-US' },
  });
const call = (method: 'GET' | 'POST', url: string, token: string) =>
  t.app.inject({ method, url, headers: bearer(token) });
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** A super user holding change_user (SUPPORT), signed in and changed into ops@demo.test. */
async function changedSession() {
  const su = await buildUser(t.db, { is_super_user: true, profiles: [['SUPPORT', 'SUPPORT']] });
  const own = (await login(su.login_id)).json().token;
  const res = await call('POST', '/api/v1/Auth/ChangeUser/ops@demo.test', own);
  expect(res.statusCode).toBe(200);
  const changed: string = res.json().token;
  expect((await call('GET', '/api/v1/Booking/dashboard', changed)).statusCode).toBe(200);
  return { su, changed };
}

/** The changed token no longer reads nor renews: 401 msgSessionRevoked. */
async function expectEnded(changed: string) {
  for (const [method, url] of [
    ['GET', '/api/v1/Booking/dashboard'],
    ['POST', '/api/v1/Auth/renewtoken'],
  ] as const) {
    const res = await call(method, url, changed);
    expect(res.statusCode, url).toBe(401);
    expect(res.json().msgKey, url).toBe('msgSessionRevoked');
  }
}

describe('a Change User session ends with its real user', () => {
  it('ends when an administrator disables the super user', async () => {
    const { su, changed } = await changedSession();
    const [row] = await t.db.select().from(users).where(eq(users.user_uid, su.user_uid));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/User/${su.user_uid}/status`,
      headers: admin,
      payload: { status: 'D', version: row.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(changed);
    // The session row itself is revoked, so enabling the super user again does not bring it back.
    const [s] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, claims(changed).sid));
    expect(s.revoked_at).not.toBeNull();
  });

  it('ends when the super user is locked by failed sign-ins', async () => {
    const { su, changed } = await changedSession();
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await login(su.login_id, 'wrong-password-1');
    const [row] = await t.db.select().from(users).where(eq(users.user_uid, su.user_uid));
    expect(row.locked_at).not.toBeNull();
    await expectEnded(changed);
  });

  it('ends when the super user loses the change_user right', async () => {
    const { su, changed } = await changedSession();
    const [ops] = await t.db.select().from(roles).where(eq(roles.code, 'OPERATIONS'));
    await t.db.transaction(async (tx) => {
      await tx
        .update(userProfiles)
        .set({ role_id: ops.role_id })
        .where(eq(userProfiles.user_uid, su.user_uid));
      await announceActorChange(tx);
    });
    await expectEnded(changed);
  });

  it('ends when the super user is no longer a super user', async () => {
    const { su, changed } = await changedSession();
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ is_super_user: false }).where(eq(users.user_uid, su.user_uid));
      await announceActorChange(tx);
    });
    await expectEnded(changed);
  });

  it("leaves the super user's other sessions and other people's sessions alone", async () => {
    const { changed } = await changedSession();
    const ops = await sessionToken(t, 'ops@demo.test');
    expect((await call('GET', '/api/v1/Booking/dashboard', ops)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/Booking/dashboard', changed)).statusCode).toBe(200);
  });
});

describe('Change User into a locked account', () => {
  it('is refused with msgChangeUserFail and leaves the super user signed in', async () => {
    const target = await buildUser(t.db);
    await t.db
      .update(users)
      .set({ locked_at: new Date().toISOString() })
      .where(eq(users.user_uid, target.user_uid));
    const own = await sessionToken(t, 'super@demo.test');
    const res = await call('POST', `/api/v1/Auth/ChangeUser/${encodeURIComponent(target.login_id)}`, own);
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgChangeUserFail');
    expect((await call('GET', '/api/v1/Booking/dashboard', own)).statusCode).toBe(200);
  });
});
