import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: Record<string, string>;
const url = '/api/v1/User';

const body = (over: Record<string, unknown> = {}) => ({
  login_id: 'new.user@example.com',
  last_name: 'Chan',
  first_name: 'Tai Man',
  default_lang: 'zh-HK',
  address: '1 Harbour Road',
  zip: '000',
  country_code: 'HK',
  phone: '+852 1234 5678',
  fax: '+852 1234 5679',
  company: 'Chan Trading',
  position: 'Clerk',
  department: 'Shipping',
  sales_code: 'S01',
  referred_by: 'Mr Lee',
  sales_codes: ['S01', 'S02'],
  profiles: [
    {
      profile_type: 'SHIPPER',
      role: 'SHIPPER',
      user_level_id: 2,
      party_type_ids: ['SHIPPER'],
      all_party: false,
      party_group_ids: [],
      tradelane_ids: [],
    },
  ],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
});
afterAll(() => t.close());

describe('user maintenance: create and edit', () => {
  it('offers the choice lists of the form', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}/formOptions`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles.map((r: { code: string }) => r.code)).toContain('ACCOUNTING');
  });

  it('creates a user with every field and a profile; the password must be changed at first sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: body({ password: 'Strong-Pass-1' }),
    });
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({ login_id: 'new.user@example.com', status: 'A', force_change_password: true });
    expect(u.details).toMatchObject({
      company: 'Chan Trading',
      country_code: 'HK',
      sales_codes: ['S01', 'S02'],
    });
    expect(u.profiles[0]).toMatchObject({ profile_type: 'SHIPPER', role: 'SHIPPER', user_level_id: 2 });
    expect(u.profiles[0].party_type_ids).toEqual(['SHIPPER']);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Auth/login',
      payload: { username: 'new.user@example.com', password: 'Strong-Pass-1', language: 'en-US' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a login id already taken (any case) or not an e-mail', async () => {
    const dup = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: body({ login_id: 'ADMIN@demo.test' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msgKey).toBe('msgUserDuplicateLoginId');
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: body({ login_id: 'not-an-email' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toContain('login_id');
  });

  it('refuses a repeated profile type, a profile without a role, unknown references and a weak password', async () => {
    const p = body().profiles[0];
    const twice = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: body({ login_id: 'a1@example.com', profiles: [p, { ...p, role: 'AGENT' }] }),
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msgKey).toBe('msgUserProfileTypeDuplicate');
    expect(twice.json().details[0].field).toBe('profiles.1.profile_type');
    const noRole = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: body({ login_id: 'a2@example.com', profiles: [{ ...p, role: '' }] }),
    });
    expect(noRole.statusCode).toBe(400);
    expect(JSON.stringify(noRole.json())).toContain('msgUserProfileRoleRequired');
    const unknown = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: body({
        login_id: 'a3@example.com',
        country_code: 'QQ',
        profiles: [{ ...p, role: 'NOPE', party_group_ids: [999999] }],
      }),
    });
    expect(unknown.statusCode).toBe(400);
    const fields = unknown.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['profiles.0.role', 'profiles.0.party_group_ids', 'country_code']),
    );
    const weak = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: body({ login_id: 'a4@example.com', password: 'weakpass' }),
    });
    expect(weak.statusCode).toBe(400);
    expect(JSON.stringify(weak.json())).toContain('msgStrongPWRequired');
    const common = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: body({ login_id: 'a5@example.com', password: 'Password1' }),
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().msgKey).toBe('msgPasswordTooCommon');
  });

  it('edits a user under its version: fields, profiles replaced, history written; stale saves refused', async () => {
    const list = await t.app.inject({ method: 'GET', url: `${url}?q=new.user`, headers: admin });
    const { user_uid } = list.json().rows[0];
    const u = (await t.app.inject({ method: 'GET', url: `${url}/${user_uid}`, headers: admin })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `${url}/${user_uid}`,
      headers: admin,
      payload: body({
        first_name: 'Siu Ming',
        company: 'Chan Logistics',
        sales_codes: [],
        profiles: [
          { ...body().profiles[0], user_profile_id: u.profiles[0].user_profile_id, role: 'AGENT' },
          { profile_type: 'CONSIGNEE', role: 'CONSIGNEE', all_party: true },
        ],
        version: u.version,
      }),
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.first_name).toBe('Siu Ming');
    expect(saved.details.company).toBe('Chan Logistics');
    expect(saved.profiles.map((x: { role: string }) => x.role)).toEqual(['AGENT', 'CONSIGNEE']);
    expect(saved.profiles[0].user_profile_id).toBe(u.profiles[0].user_profile_id);
    expect(saved.profiles[1].all_party).toBe(true);
    const stale = await t.app.inject({
      method: 'PUT',
      url: `${url}/${user_uid}`,
      headers: admin,
      payload: body({ version: u.version }),
    });
    expect(stale.statusCode).toBe(409);
    const history = await t.app.inject({ method: 'GET', url: `${url}/${user_uid}/history`, headers: admin });
    expect(JSON.stringify(history.json())).toContain('first_name');
    // A save that changes none of the tracked fields still records its entry (with the status).
    const again = await t.app.inject({
      method: 'PUT',
      url: `${url}/${user_uid}`,
      headers: admin,
      payload: body({ first_name: 'Siu Ming', company: 'Other Co', version: saved.version }),
    });
    expect(again.json()).toMatchObject({ version: saved.version + 1, first_name: 'Siu Ming' });
    const entries = (
      await t.app.inject({ method: 'GET', url: `${url}/${user_uid}/history`, headers: admin })
    ).json();
    expect(
      entries.map((h: { action: string; from_status: unknown; to_status: unknown; changes: unknown }) => [
        h.action,
        h.from_status,
        h.to_status,
        h.changes,
      ]),
    ).toEqual([
      ['update', 'A', 'A', null],
      [
        'update',
        'A',
        'A',
        {
          default_lang: { from: u.default_lang, to: 'zh-HK' },
          first_name: { from: u.first_name, to: 'Siu Ming' },
        },
      ],
      ['create', null, 'A', null],
    ]);
  });

  it('is refused to a user without the admin function', async () => {
    const agent = bearer(await sessionToken(t, 'agent@demo.test'));
    expect((await t.app.inject({ method: 'POST', url, headers: agent, payload: body() })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}/formOptions`, headers: agent })).statusCode,
    ).toBe(403);
  });
});

describe('user export', () => {
  it('exports the filtered users as a spreadsheet', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}/export?status=A`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('users-');
  });
});
