import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: Record<string, string>;
let shipper: Record<string, string>;
const URL_A = '/BMS/carrier_maintenance';

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
const upsert = (body: object, headers = admin) =>
  call('POST', '/users/UpsertUserPreferencesWithType', headers, {
    url: URL_A,
    preference_type: 'table_view',
    preference_name: 'View',
    preference: { order: ['a'] },
    ...body,
  });
const listFor = async (headers = admin, url = URL_A) =>
  (await call('GET', `/users/GetUserPreferences?url=${encodeURIComponent(url)}`, headers)).json();

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
});
afterAll(() => t.close());

describe('user preferences', () => {
  it('saves, lists, updates and deletes a view of the caller', async () => {
    const res = await upsert({ preference_name: 'My view', preference: { hidden: ['scac'] } });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      preference_name: 'My view',
      preference_type: 'table_view',
      url: URL_A,
      isFavourite: false,
      preference: { hidden: ['scac'] },
    });
    expect(saved).not.toHaveProperty('user_uid');

    const renamed = await upsert({ preference_id: saved.preference_id, preference_name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ preference_id: saved.preference_id, preference_name: 'Renamed' });
    expect((await listFor()).map((p: { preference_name: string }) => p.preference_name)).toContain('Renamed');

    const del = await call('POST', '/users/DeleteUserPreferences', admin, {
      preference_id: saved.preference_id,
    });
    expect(del.statusCode).toBe(200);
    expect(
      (await listFor()).some((p: { preference_id: number }) => p.preference_id === saved.preference_id),
    ).toBe(false);
    const again = await call('POST', '/users/DeleteUserPreferences', admin, {
      preference_id: saved.preference_id,
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps one favourite per page and type: marking one clears the other', async () => {
    const a = (await upsert({ preference_name: 'Fav A', isFavourite: true, url: '/fav' })).json();
    const b = (await upsert({ preference_name: 'Fav B', isFavourite: true, url: '/fav' })).json();
    const other = (
      await upsert({ preference_name: 'Other type', isFavourite: true, url: '/fav', preference_type: 'x' })
    ).json();
    const rows = await listFor(admin, '/fav');
    const fav = (id: number) =>
      rows.find((p: { preference_id: number }) => p.preference_id === id).isFavourite;
    expect(fav(a.preference_id)).toBe(false);
    expect(fav(b.preference_id)).toBe(true);
    expect(fav(other.preference_id)).toBe(true);
    await upsert({
      preference_id: a.preference_id,
      preference_name: 'Fav A',
      isFavourite: true,
      url: '/fav',
    });
    const after = await listFor(admin, '/fav');
    const favs = after.filter((p: { isFavourite: boolean; preference_type: string }) => p.isFavourite);
    expect(favs.map((p: { preference_id: number }) => p.preference_id).sort()).toEqual(
      [a.preference_id, other.preference_id].sort(),
    );
  });

  it('UpsertUserPreferences (no type) saves and keeps the stored type on update', async () => {
    const res = await call('POST', '/users/UpsertUserPreferences', admin, {
      url: '/untyped',
      preference_name: 'Plain',
      preference: { a: 1 },
      isFavourite: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().preference_type).toBeNull();
    const typed = (await upsert({ url: '/untyped', preference_name: 'Typed' })).json();
    const upd = await call('POST', '/users/UpsertUserPreferences', admin, {
      preference_id: typed.preference_id,
      url: '/untyped',
      preference_name: 'Typed 2',
      preference: {},
    });
    expect(upd.json()).toMatchObject({ preference_type: 'table_view', preference_name: 'Typed 2' });
  });

  it('refuses a preference over 64 KB, a name over 100 characters and missing fields', async () => {
    const big = await upsert({ preference: { blob: 'x'.repeat(66_000) } });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toMatchObject({ msgKey: 'msgPreferenceTooLarge' });

    const long = await upsert({ preference_name: 'n'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([
      expect.objectContaining({ field: 'preference_name', msgKey: 'msgFieldTooLong' }),
    ]);

    const missing = await call('POST', '/users/UpsertUserPreferencesWithType', admin, { preference: {} });
    expect(missing.statusCode).toBe(400);
    const fields = missing.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['url', 'preference_name', 'preference_type']));

    const noUrl = await call('GET', '/users/GetUserPreferences', admin);
    expect(noUrl.statusCode).toBe(400);
  });

  it('refuses the 51st preference of a page', async () => {
    for (let i = 0; i < 50; i++) {
      const r = await upsert({ url: '/limit', preference_name: `v${i}` });
      expect(r.statusCode).toBe(200);
    }
    const over = await upsert({ url: '/limit', preference_name: 'one too many' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      msgKey: 'msgPreferenceLimitReached',
      details: [{ params: { max: 50 } }],
    });
    // Updating an existing one is still allowed.
    const first = (await listFor(admin, '/limit'))[0];
    const upd = await upsert({
      url: '/limit',
      preference_id: first.preference_id,
      preference_name: 'edited',
    });
    expect(upd.statusCode).toBe(200);
  });

  it("never shows, updates or deletes another user's preference", async () => {
    const mine = (await upsert({ preference_name: 'Admin only', url: '/iso' })).json();
    expect(await listFor(shipper, '/iso')).toEqual([]);
    const steal = await upsert(
      { preference_id: mine.preference_id, preference_name: 'Taken', url: '/iso' },
      shipper,
    );
    expect(steal.statusCode).toBe(404);
    const del = await call('POST', '/users/DeleteUserPreferences', shipper, {
      preference_id: mine.preference_id,
    });
    expect(del.statusCode).toBe(404);
    const rows = await listFor(admin, '/iso');
    expect(rows).toEqual([
      expect.objectContaining({ preference_id: mine.preference_id, preference_name: 'Admin only' }),
    ]);
  });

  it('needs a signed-in user', async () => {
    const res = await call('GET', `/users/GetUserPreferences?url=${URL_A}`, {});
    expect(res.statusCode).toBe(401);
    const h = await call('GET', '/AutoSave/GetSmartSearchHistory', {});
    expect(h.statusCode).toBe(401);
  });
});

describe('smart search history', () => {
  const save = (search_text: string, headers = admin, id = -1) =>
    call('POST', '/AutoSave/UpsertSmartSearchHistory', headers, { id, search_text });
  const history = async (headers = admin) =>
    (await call('GET', '/AutoSave/GetSmartSearchHistory', headers)).json();

  it('lists the newest first and moves a repeated text to the top without duplicating it', async () => {
    await save('maersk');
    await save('hapag');
    await save('  maersk  ');
    const texts = (await history()).map((h: { search_text: string }) => h.search_text);
    expect(texts.slice(0, 2)).toEqual(['maersk', 'hapag']);
    expect(texts.filter((s: string) => s === 'maersk')).toHaveLength(1);
  });

  it('updates an entry by id, answers 20 and keeps at most 50', async () => {
    const first = (await save('typo serch')).json();
    const fixed = await save('typo search', admin, first.id);
    expect(fixed.json()).toEqual({ id: first.id, search_text: 'typo search' });
    for (let i = 0; i < 55; i++) await save(`search ${i}`);
    const rows = await history();
    expect(rows).toHaveLength(20);
    expect(rows[0].search_text).toBe('search 54');
    const { rows: kept } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from smart_search_history h join users u using (user_uid) where u.login_id = 'admin@demo.test'`,
    );
    expect(kept[0].n).toBe(50);
  });

  it('refuses empty, too long or badly typed input', async () => {
    expect((await save('   ')).statusCode).toBe(400);
    const long = await save('x'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0]).toMatchObject({ field: 'search_text', msgKey: 'msgFieldTooLong' });
    const bad = await call('POST', '/AutoSave/UpsertSmartSearchHistory', admin, {
      id: 'x',
      search_text: 'abc',
    });
    expect(bad.statusCode).toBe(400);
    expect((await save('zero', admin, 0)).statusCode).toBe(400);
  });

  it("keeps each user's history apart", async () => {
    await save('shipper secret', shipper);
    expect((await history()).some((h: { search_text: string }) => h.search_text === 'shipper secret')).toBe(
      false,
    );
    const mine = (await history())[0];
    const steal = await save('hijack', shipper, mine.id);
    expect(steal.statusCode).toBe(404);
    expect((await history(shipper)).map((h: { search_text: string }) => h.search_text)).toEqual([
      'shipper secret',
    ]);
  });
});
