import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIS_STANDIN_PASSWORD, startSisStandIn } from '../../../../../standins/sis/sis-stand-in.mjs';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { mailOutbox, userProfiles, userRegistrations, users } from '../../db/schema';

let t: TestApp;
let admin: Record<string, string>;
let shipperToken: Record<string, string>;
let sis: { url: string; close(): Promise<void> };

const PASSWORD = 'New-Passw0rd-2026';
const api = '/api/v1';
const get = (path: string, headers?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `${api}${path}`, headers });
const post = (path: string, payload: object, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `${api}${path}`, payload, headers });

let seq = 0;
const application = (over: Record<string, unknown> = {}) => ({
  login_id: `applicant${++seq}@example.com`,
  family_name: 'Lee',
  given_name: 'Ann',
  co_address1: '1 Harbour Road',
  co_country_code: 'HK',
  phone: '+85212345678',
  fax: '+85212345679',
  company: 'Ann Trading Ltd.',
  user_type_id: 'CONSIGNEE',
  ...over,
});

/** The activation link of the newest e-mail to `to`, split into login id and token. */
async function activationOf(to: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const link = new URL(/https?:\/\/\S+/.exec(mail.text_body)?.[0] ?? '');
  return {
    path: link.pathname,
    loginID: link.searchParams.get('loginID') ?? '',
    token: link.searchParams.get('token') ?? '',
  };
}

const registrationOf = async (login: string) =>
  (await t.db.select().from(userRegistrations).where(eq(userRegistrations.login_id, login)))[0];

beforeAll(async () => {
  sis = await startSisStandIn();
  t = await createTestApp({ SIS_URL: sis.url, PUBLIC_BASE_URL: 'http://portal.test' });
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  shipperToken = bearer(await sessionToken(t, 'shipper@demo.test'));
});
afterAll(async () => {
  await t.close();
  await sis.close();
});

describe('registration options', () => {
  it('offers the user types and locations without sign-in', async () => {
    const types = await get('/admin/getusertypeopts');
    expect(types.statusCode).toBe(200);
    expect(types.json().map((o: { pkey: string }) => o.pkey)).toEqual(['SHIPPER', 'CONSIGNEE', 'AGENT']);
    const locations = await get('/admin/getlocationopts');
    expect(locations.json().map((o: { pkey: string }) => o.pkey)).toEqual(['1', '2', '3']);
  });

  it('filters office choices by location type: 1 → SCH, 2 → NCH, 3 → SEA/LPA/IND', async () => {
    const groups = async (q: string) =>
      new Set((await get(`/admin/getofficeopts${q}`)).json().map((o: { group_id: string }) => o.group_id));
    expect(await groups('?location_type_id=1')).toEqual(new Set(['SCH']));
    expect(await groups('?location_type_id=2')).toEqual(new Set(['NCH']));
    expect(await groups('?location_type_id=3')).toEqual(new Set(['SEA']));
    expect((await groups('')).size).toBeGreaterThanOrEqual(3);
    const one = (await get('/admin/getofficeopts?location_type_id=1')).json()[0];
    expect(one).toEqual({ party_id: expect.any(Number), short_name: expect.any(String), group_id: 'SCH' });
    expect((await get('/admin/getofficeopts?location_type_id=9')).statusCode).toBe(400);
  });
});

describe('login id validation', () => {
  it('answers an empty list for a free e-mail and the message keys otherwise', async () => {
    expect(
      (await get('/admin/validateuserprofile?login_id=free@example.com&checkIsRegistered=true')).json(),
    ).toEqual([]);
    expect((await get('/admin/validateuserprofile?login_id=admin@demo.test')).json()).toEqual([
      { msg_key: 'msgRegLoginIdExists' },
    ]);
    expect((await get('/admin/validateuserprofile?login_id=not-an-email')).json()).toEqual([
      { msg_key: 'msgRegLoginIdEmail' },
    ]);
  });
});

describe('registration without SIS', () => {
  it('refuses every broken rule of 000 §5 with per-field keys', async () => {
    const res = await post(
      '/admin/registerapplication',
      application({
        login_id: 'nope',
        family_name: '   ',
        given_name: '',
        co_address1: '',
        phone: '',
        fax: '',
        company: '',
        user_type_id: '',
      }),
    );
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().details.map((d: { field: string; msgKey: string }) => [d.field, d.msgKey]),
    );
    expect(fields).toMatchObject({
      login_id: 'msgRegLoginIdEmail',
      family_name: 'msgRegNameBlank',
      given_name: 'msgRegNameBlank',
      co_address1: 'msgFieldRequired',
      phone: 'msgFieldRequired',
      fax: 'msgFieldRequired',
      company: 'msgFieldRequired',
      user_type_id: 'msgRegUserTypeRequired',
    });
  });

  it('refuses an unknown country code and an office outside the location', async () => {
    const bad = await post('/admin/registerapplication', application({ co_country_code: 'QQ' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({
      field: 'co_country_code',
      msgKey: 'msgRegCountryCodeInvalid',
    });
    const nch = (await get('/admin/getofficeopts?location_type_id=2')).json()[0];
    const wrong = await post(
      '/admin/registerapplication',
      application({
        user_type_id: 'SHIPPER',
        location_type_id: 1,
        referred_by_office_party_id: nch.party_id,
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].msgKey).toBe('msgRegOfficeNotInLocation');
  });

  it('keeps location and referral only for SHIPPER, stored as null otherwise', async () => {
    const sch = (await get('/admin/getofficeopts?location_type_id=1')).json()[0];
    const shipper = application({
      user_type_id: 'SHIPPER',
      location_type_id: 1,
      referred_by: 'Sales Tom',
      referred_by_office_party_id: sch.party_id,
    });
    expect((await post('/admin/registerapplication', shipper)).statusCode).toBe(200);
    expect(await registrationOf(shipper.login_id)).toMatchObject({
      location_type_id: 1,
      referred_by: 'Sales Tom',
      referred_by_office_party_id: sch.party_id,
      status: 'P',
      email2: shipper.login_id,
    });
    const agent = application({
      user_type_id: 'AGENT',
      location_type_id: 1,
      referred_by: 'Sales Tom',
      referred_by_office_party_id: sch.party_id,
    });
    expect((await post('/admin/registerapplication', agent)).statusCode).toBe(200);
    expect(await registrationOf(agent.login_id)).toMatchObject({
      location_type_id: null,
      referred_by: null,
      referred_by_office_party_id: null,
    });
  });

  it('creates one application when the same registration is submitted twice', async () => {
    const body = application();
    const [a, b] = await Promise.all([
      post('/admin/registerapplication', body),
      post('/admin/registerapplication', body),
    ]);
    const c = await post('/admin/registerapplication', body);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a, b, c].map((r) => r.json().user_registration_id)).size).toBe(1);
    const rows = await t.db
      .select()
      .from(userRegistrations)
      .where(eq(userRegistrations.login_id, body.login_id));
    expect(rows).toHaveLength(1);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, body.login_id));
    expect(mails).toHaveLength(1);
    // the login id is now registered
    expect(
      (await get(`/admin/validateuserprofile?login_id=${body.login_id}&checkIsRegistered=true`)).json(),
    ).toEqual([{ msg_key: 'msgRegLoginIdExists' }]);
  });

  it('refuses a login id that already belongs to a user', async () => {
    const res = await post('/admin/registerapplication', application({ login_id: 'ADMIN@demo.test' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().msgKey).toBe('msgRegLoginIdExists');
  });

  it('activates through the e-mailed link once, then the admin approves and the user signs in', async () => {
    const body = application({ user_type_id: 'SHIPPER' });
    await post('/admin/registerapplication', body);
    const link = await activationOf(body.login_id);
    expect(link.path).toBe('/RegistrationWithoutSIS');
    expect(link.loginID).toBe(body.login_id);
    expect((await get(`/admin/activateAccount?loginid=${link.loginID}&token=${link.token}`)).json()).toEqual({
      success: true,
    });
    // weak password refused, link still usable
    const weak = await post('/Admin/UpdateNewUserPassword', {
      login_id: body.login_id,
      password: 'weak',
      token: link.token,
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().details[0].msgKey).toBe('msgStrongPWRequired');
    const common = await post('/Admin/UpdateNewUserPassword', {
      login_id: body.login_id,
      password: 'Password1',
      token: link.token,
    });
    expect(common.json().details[0].msgKey).toBe('msgPasswordTooCommon');
    const set = await post('/Admin/UpdateNewUserPassword', {
      login_id: body.login_id,
      password: PASSWORD,
      token: link.token,
    });
    expect(set.json()).toEqual({ success: true });
    // single use
    const again = await get(`/admin/activateAccount?loginid=${link.loginID}&token=${link.token}`);
    expect(again.statusCode).toBe(422);
    expect(again.json().msgKey).toBe('msgRegActivateExpired');
    const reuse = await post('/Admin/UpdateNewUserPassword', {
      login_id: body.login_id,
      password: PASSWORD,
      token: link.token,
    });
    expect(reuse.statusCode).toBe(422);

    // activated but not approved: not yet
    const login = () =>
      post('/Auth/login', { username: body.login_id, password: PASSWORD, language: 'en-US' });
    expect((await login()).json().msgKey).toBe('msgUserNotActivated');

    const reg = await registrationOf(body.login_id);
    const list = await get('/admin/UserRegistration?status=P&pageSize=100', admin);
    expect(list.json().rows.map((r: { login_id: string }) => r.login_id)).toContain(body.login_id);
    const approved = await post(
      `/admin/UserRegistration/${reg.user_registration_id}/approve`,
      { version: reg.version },
      admin,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('A');
    const ok = await login();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profiles).toHaveLength(1);
    const told = await t.db.select().from(mailOutbox).where(eq(mailOutbox.tag, 'registration-approved'));
    expect(told.map((m) => m.to_address)).toContain(body.login_id);
    const history = (await get(`/admin/UserRegistration/${reg.user_registration_id}/history`, admin)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['approve', 'activate', 'register']);
    // a second decision is refused
    const twice = await post(
      `/admin/UserRegistration/${reg.user_registration_id}/approve`,
      { version: reg.version + 1 },
      admin,
    );
    expect(twice.statusCode).toBe(409);
  });

  it('refuses a link older than 7 days and a wrong or missing token', async () => {
    const body = application();
    await post('/admin/registerapplication', body);
    const link = await activationOf(body.login_id);
    expect((await get(`/admin/activateAccount?loginid=${link.loginID}&token=wrong`)).statusCode).toBe(422);
    expect((await get(`/admin/activateAccount?loginid=${link.loginID}`)).json().msgKey).toBe(
      'msgRegInvalidLink',
    );
    // 6 days 23 hours: still fine; 7 days and a minute: expired
    const issuedAgo = (ms: number) =>
      t.db
        .update(userRegistrations)
        .set({ token_issued_at: new Date(Date.now() - ms).toISOString() })
        .where(eq(userRegistrations.login_id, body.login_id));
    await issuedAgo((7 * 24 - 1) * 3600_000);
    expect((await get(`/admin/activateAccount?loginid=${link.loginID}&token=${link.token}`)).statusCode).toBe(
      200,
    );
    await issuedAgo(7 * 24 * 3600_000 + 60_000);
    const late = await get(`/admin/activateAccount?loginid=${link.loginID}&token=${link.token}`);
    expect(late.statusCode).toBe(422);
    expect(late.json().msgKey).toBe('msgRegActivateExpired');
    const set = await post('/Admin/UpdateNewUserPassword', {
      login_id: body.login_id,
      password: PASSWORD,
      token: link.token,
    });
    expect(set.statusCode).toBe(422);
  });

  it('refuses approval before activation, and a rejection needs a reason and frees the login id', async () => {
    const body = application();
    await post('/admin/registerapplication', body);
    const reg = await registrationOf(body.login_id);
    const early = await post(
      `/admin/UserRegistration/${reg.user_registration_id}/approve`,
      { version: reg.version },
      admin,
    );
    expect(early.statusCode).toBe(422);
    expect(early.json().msgKey).toBe('msgRegNotActivated');
    const noReason = await post(
      `/admin/UserRegistration/${reg.user_registration_id}/reject`,
      { version: reg.version, reason: ' ' },
      admin,
    );
    expect(noReason.statusCode).toBe(400);
    const rejected = await post(
      `/admin/UserRegistration/${reg.user_registration_id}/reject`,
      { version: reg.version, reason: 'Unknown company' },
      admin,
    );
    expect(rejected.json()).toMatchObject({ status: 'R', reject_reason: 'Unknown company', user_uid: null });
    expect(await t.db.select().from(users).where(eq(users.login_id, body.login_id))).toHaveLength(0);
    expect((await get(`/admin/validateuserprofile?login_id=${body.login_id}`)).json()).toEqual([]);
  });

  it('exports the list as Excel', async () => {
    const res = await get('/admin/UserRegistration/export?status=P', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('guards the administration with admin', async () => {
    expect((await get('/admin/UserRegistration', shipperToken)).statusCode).toBe(403);
    expect((await get('/admin/UserRegistration')).statusCode).toBe(401);
    expect((await get('/admin/UserRegistration/999999', admin)).statusCode).toBe(404);
  });
});

describe('registration with SIS (against the SIS stand-in)', () => {
  const sisUser = (id: string, password = SIS_STANDIN_PASSWORD) =>
    get(`/Admin/validateAndGetSISUser?sis_user_id=${id}&password=${encodeURIComponent(password)}`);

  it('answers the SIS user with profiles mapped to our parties, roles, groups and lanes', async () => {
    const res = await sisUser('sis-shipper');
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      sis_user_id: 'sis-shipper',
      login_id: 'shipper.sis@example.com',
      status: 'P',
    });
    expect(user.profiles[0]).toMatchObject({
      profile_type: 'SHIPPER',
      status: 'P',
      action: 'i',
      parties: [{ party_code: 'HKSHP001', action: 'i', status: 'P' }],
      roles: [{ role_code: 'SHIPPER', action: 'i' }],
      party_groups: [{ group_name: 'Key Accounts Asia', action: 'i' }],
      tradelanees: [{ tradelane_name: 'Transpacific Eastbound (HK-US)', action: 'i', status: 'P' }],
    });
  });

  it('answers msg_type error for wrong credentials and for profiles that cannot be mapped', async () => {
    expect((await sisUser('sis-shipper', 'wrong')).json()).toEqual({
      msg_type: 'error',
      msg_key: 'msgRegSisInvalid',
    });
    expect((await sisUser('nobody')).json()).toEqual({ msg_type: 'error', msg_key: 'msgRegSisInvalid' });
    expect((await sisUser('sis-unmapped')).json()).toEqual({
      msg_type: 'error',
      msg_key: 'msgRegSisCannotMap',
    });
    expect((await get('/Admin/validateAndGetSISUser?sis_user_id=&password=')).statusCode).toBe(400);
  });

  it('answers 503 when SIS cannot be reached', async () => {
    const other = await createTestApp({ SIS_URL: 'http://127.0.0.1:1' });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: `${api}/Admin/validateAndGetSISUser?sis_user_id=sis-shipper&password=x`,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().msgKey).toBe('msgRegSisUnavailable');
    } finally {
      await other.close();
    }
  });

  it('registers the user and its profiles with status P, activates, and signs in after approval', async () => {
    const user = (await sisUser('sis-agent')).json();
    const body = {
      ...user,
      login_id: 'agent.sis@example.com',
      co_address1: user.co_address1,
      sis_password: SIS_STANDIN_PASSWORD,
      profiles: undefined,
      status: undefined,
    };
    const res = await post('/admin/registeruser', body);
    expect(res.statusCode).toBe(200);
    const again = await post('/admin/registeruser', body);
    expect(again.json().user_registration_id).toBe(res.json().user_registration_id);
    const [u] = await t.db.select().from(users).where(eq(users.login_id, 'agent.sis@example.com'));
    expect(u.status).toBe('P');
    const profiles = await t.db.select().from(userProfiles).where(eq(userProfiles.user_uid, u.user_uid));
    expect(profiles.map((p) => p.status)).toEqual(['P']);
    const reg = await registrationOf('agent.sis@example.com');
    expect(reg.profiles[0].parties[0].party_code).toBe('CNSHA001');

    const link = await activationOf('agent.sis@example.com');
    expect(link.path).toBe('/RegistrationWithSIS');
    await post('/Admin/UpdateNewUserPassword', {
      login_id: link.loginID,
      password: PASSWORD,
      token: link.token,
    });
    const fresh = await registrationOf('agent.sis@example.com');
    await post(
      `/admin/UserRegistration/${fresh.user_registration_id}/approve`,
      { version: fresh.version },
      admin,
    );
    const after = await t.db.select().from(userProfiles).where(eq(userProfiles.user_uid, u.user_uid));
    expect(after.map((p) => p.status)).toEqual(['A']);
    const login = await post('/Auth/login', {
      username: 'agent.sis@example.com',
      password: PASSWORD,
      language: 'en-US',
    });
    expect(login.statusCode).toBe(200);
    const detail = (await get(`/admin/UserRegistration/${fresh.user_registration_id}`, admin)).json();
    expect(detail).toMatchObject({ kind: 'SIS', sis_user_id: 'sis-agent', status: 'A' });
    expect(detail).not.toHaveProperty('token_hash');
  });

  it('refuses registeruser with wrong SIS credentials', async () => {
    const res = await post('/admin/registeruser', {
      ...application(),
      sis_user_id: 'sis-shipper',
      sis_password: 'wrong',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgRegSisInvalid');
    const count = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from user_registrations where sis_user_id = 'sis-shipper'`,
    );
    expect(count.rows[0].n).toBe(0);
  });
});
