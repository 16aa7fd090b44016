import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: Record<string, string>;
const url = '/api/v1/Role';

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
});
afterAll(() => t.close());

const roleByCode = async (code: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${url}?q=${code}&pageSize=50`, headers: admin });
  return res.json().rows.find((r: { code: string }) => r.code === code);
};

describe('role catalogue', () => {
  it('lists the seeded roles with their function ids and the catalogue grouped by menu', async () => {
    const ops = await roleByCode('OPERATIONS');
    expect(ops.func_ids).toContain('booking');
    const cat = await t.app.inject({ method: 'GET', url: `${url}/funcs`, headers: admin });
    expect(cat.json()).toContainEqual(expect.objectContaining({ func_id: 'admin', menu_id: 'm_admin' }));
  });

  it('creates a role, refuses a duplicate code and unknown function ids', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { code: 'auditor', name: 'Auditor', func_ids: ['m_fin_search', 'm_rw_search'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'AUDITOR', func_ids: ['m_fin_search', 'm_rw_search'] });
    const dup = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { code: 'Auditor', name: 'x' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msgKey).toBe('msgRoleDuplicateCode');
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { code: 'X1', name: 'x', func_ids: ['no_such_func'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msgKey).toBe('msgReferenceUnknown');
  });

  it('a function added to a role applies to its users on their next request; stale versions are refused', async () => {
    const shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/Role', headers: shipper });
    expect(before.statusCode).toBe(403);
    const role = await roleByCode('SHIPPER');
    const res = await t.app.inject({
      method: 'PUT',
      url: `${url}/${role.role_id}`,
      headers: admin,
      payload: {
        code: role.code,
        name: role.name,
        func_ids: [...role.func_ids, 'admin'],
        version: role.version,
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/Role', headers: shipper })).statusCode).toBe(
      200,
    );
    const stale = await t.app.inject({
      method: 'PUT',
      url: `${url}/${role.role_id}`,
      headers: admin,
      payload: { code: role.code, name: role.name, func_ids: role.func_ids, version: role.version },
    });
    expect(stale.statusCode).toBe(409);
    const back = await t.app.inject({
      method: 'PUT',
      url: `${url}/${role.role_id}`,
      headers: admin,
      payload: { code: role.code, name: role.name, func_ids: role.func_ids, version: res.json().version },
    });
    expect(back.statusCode).toBe(200);
    const history = await t.app.inject({
      method: 'GET',
      url: `${url}/${role.role_id}/history`,
      headers: admin,
    });
    expect(JSON.stringify(history.json())).toContain('func_ids');
  });

  it('records the function ids on create, and an update entry for every save (even one that changes nothing)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { code: 'hist1', name: 'Hist', func_ids: ['m_rw_search', 'm_fin_search', 'm_rw_search'] },
    });
    const role = created.json();
    expect(role.func_ids).toEqual(['m_fin_search', 'm_rw_search']);
    const save = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `${url}/${role.role_id}`, headers: admin, payload: body });
    const same = await save({ code: 'hist1', name: 'Hist', func_ids: role.func_ids, version: role.version });
    expect(same.json()).toMatchObject({ version: role.version + 1, func_ids: role.func_ids });
    const changed = await save({
      code: 'hist1',
      name: 'Hist 2',
      func_ids: ['admin'],
      version: role.version + 1,
    });
    expect(changed.json()).toMatchObject({ name: 'Hist 2', func_ids: ['admin'] });
    const history = (
      await t.app.inject({ method: 'GET', url: `${url}/${role.role_id}/history`, headers: admin })
    ).json();
    expect(
      history.map((h: { action: string; changes: unknown; to_status: unknown }) => [
        h.action,
        h.changes,
        h.to_status,
      ]),
    ).toEqual([
      [
        'update',
        {
          name: { from: 'Hist', to: 'Hist 2' },
          func_ids: { from: 'm_fin_search, m_rw_search', to: 'admin' },
        },
        null,
      ],
      ['update', null, null],
      ['create', { func_ids: { from: null, to: 'm_fin_search, m_rw_search' } }, null],
    ]);
  });

  it('is refused to a user without the admin function', async () => {
    const agent = bearer(await sessionToken(t, 'agent@demo.test'));
    for (const c of [
      { method: 'GET' as const, url },
      { method: 'GET' as const, url: `${url}/funcs` },
      { method: 'GET' as const, url: `${url}/1` },
      { method: 'POST' as const, url, payload: { code: 'Z', name: 'z' } },
    ]) {
      expect((await t.app.inject({ ...c, headers: agent })).statusCode, c.url).toBe(403);
    }
  });
});

describe('role export', () => {
  it('exports the roles as a spreadsheet', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}/export`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('roles-');
  });
});
