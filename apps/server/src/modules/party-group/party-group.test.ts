import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { parties, seedDemoParties } from '../party';
import { seedDemoMasterData } from './party-group.seed';

let t: TestApp;
let admin: Record<string, string>;
let shipper: Record<string, string>;
const partyId = new Map<string, number>();

const valid = (over: Record<string, unknown> = {}) => ({
  group_name: 'Test Group',
  group_type: 'CUSTOMER',
  sub_group: 'Tier 1',
  party_ids: [partyId.get('HKSHP001'), partyId.get('DEMUC001')],
  ...over,
});

const url = '/api/v1/PartyGroup';
const post = (body: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url, headers, payload: body as object });
const put = (id: number, body: unknown) =>
  t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers: admin, payload: body as object });
const get = (path: string) => t.app.inject({ method: 'GET', url: `${url}${path}`, headers: admin });

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
  await seedDemoParties(t.db);
  await seedDemoMasterData(t.db);
  for (const p of await t.db.select({ id: parties.party_id, code: parties.party_code }).from(parties)) {
    partyId.set(p.code, p.id);
  }
});
afterAll(() => t.close());

describe('party group list', () => {
  it('lists the demo groups by name with member counts, searches and filters by type', async () => {
    const res = await get('?pageSize=10');
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ group_name: 'European Agents', group_type: 'AGENT', member_count: 2 }),
        expect.objectContaining({ group_name: 'Key Accounts Asia', member_count: 3 }),
      ]),
    );
    expect(
      (await get('?q=transpacific')).json().rows.map((r: { group_name: string }) => r.group_name),
    ).toEqual(['US Consignees']);
    expect((await get('?group_type=AGENT')).json().total).toBe(1);
  });

  it('is refused, with every other call, to a user without the admin function', async () => {
    for (const c of [
      { method: 'GET' as const, url },
      { method: 'GET' as const, url: `${url}/export` },
      { method: 'GET' as const, url: `${url}/1` },
      { method: 'GET' as const, url: `${url}/1/history` },
      { method: 'POST' as const, url, payload: valid() },
      { method: 'PUT' as const, url: `${url}/1`, payload: { ...valid(), version: 1 } },
    ]) {
      expect((await t.app.inject({ ...c, headers: shipper })).statusCode, `${c.method} ${c.url}`).toBe(403);
    }
  });
});

describe('party group create', () => {
  it('creates a group with its members and records it in the history', async () => {
    const res = await post(
      valid({ party_ids: [partyId.get('DEMUC001'), partyId.get('HKSHP001'), partyId.get('HKSHP001')] }),
    );
    expect(res.statusCode).toBe(201);
    const g = res.json();
    expect(g).toMatchObject({
      group_name: 'Test Group',
      sub_group: 'Tier 1',
      member_count: 2,
      version: 1,
      members: [
        { party_code: 'DEMUC001', full_name: 'Bavaria Sporting Goods GmbH' },
        { party_code: 'HKSHP001' },
      ],
    });
    expect(Object.keys(g.members[0]).sort()).toEqual(['full_name', 'party_code', 'party_id']);
    expect((await get(`/${g.party_group_id}`)).json()).toEqual(g);
    expect((await get(`/${g.party_group_id}/history`)).json()).toMatchObject([{ action: 'create' }]);
  });

  it('creates a group without members', async () => {
    const res = await post({ group_name: 'Empty Group', group_type: 'OTHER' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ sub_group: null, member_count: 0, members: [] });
  });

  it('refuses a name already used, whatever its case, with the unique-value message', async () => {
    const res = await post(valid({ group_name: '  european AGENTS ' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      msgKey: 'msgPartyGroupDuplicateName',
      details: [
        { field: 'group_name', msgKey: 'msgPartyGroupDuplicateName', params: { value: 'european AGENTS' } },
      ],
    });
  });

  it('requires name and type, and refuses unknown parties and bad ids without saving anything', async () => {
    const req = await post({ group_name: '', party_ids: [] });
    expect(req.statusCode).toBe(400);
    expect(req.json().details).toEqual(
      expect.arrayContaining([
        { field: 'group_name', msgKey: 'msgFieldRequired' },
        { field: 'group_type', msgKey: 'msgFieldRequired' },
      ]),
    );
    const unknown = await post(
      valid({ group_name: 'Ghost Group', party_ids: [partyId.get('HKSHP001'), 999999] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      { field: 'party_ids', msgKey: 'msgPartyGroupMemberUnknown', params: { value: 999999 } },
    ]);
    expect((await get('?q=ghost')).json().total).toBe(0);
    const bad = await post(valid({ group_name: 'Bad ids', party_ids: ['x', -1], group_type: 'PIRATES' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['party_ids.0', 'party_ids.1', 'group_type']),
    );
  });
});

describe('party group edit', () => {
  it('saves name and members, bumps the version and records the member change', async () => {
    const g = (await post(valid({ group_name: 'Edit Group' }))).json();
    const res = await put(g.party_group_id, {
      ...valid({
        group_name: 'Edit Group Renamed',
        party_ids: [partyId.get('HKSHP001'), partyId.get('NLAMS001')],
      }),
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ group_name: 'Edit Group Renamed', version: 2, member_count: 2 });
    expect(res.json().members.map((m: { party_code: string }) => m.party_code)).toEqual([
      'HKSHP001',
      'NLAMS001',
    ]);
    const h = (await get(`/${g.party_group_id}/history`)).json();
    expect(h[0]).toMatchObject({
      action: 'update',
      changes: {
        group_name: { from: 'Edit Group', to: 'Edit Group Renamed' },
        members: { from: 'DEMUC001, HKSHP001', to: 'HKSHP001, NLAMS001' },
      },
    });
  });

  it('answers "record not latest" to a stale save and overwrites neither fields nor members', async () => {
    const g = (await post(valid({ group_name: 'Stale Group' }))).json();
    const body = valid({ group_name: 'Stale Group' });
    expect((await put(g.party_group_id, { ...body, sub_group: 'First', version: 1 })).statusCode).toBe(200);
    const second = await put(g.party_group_id, { ...body, sub_group: 'Second', party_ids: [], version: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().msgKey).toBe('msgRecordNotLatest');
    expect((await get(`/${g.party_group_id}`)).json()).toMatchObject({
      sub_group: 'First',
      version: 2,
      member_count: 2,
    });
  });

  it("refuses another group's name, answers 404 for an unknown group and 400 without a version", async () => {
    const g = (await post(valid({ group_name: 'Rename Group' }))).json();
    const dup = await put(g.party_group_id, { ...valid({ group_name: 'US CONSIGNEES' }), version: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msgKey).toBe('msgPartyGroupDuplicateName');
    expect((await put(999999, { ...valid({ group_name: 'Nobody' }), version: 1 })).statusCode).toBe(404);
    expect((await get('/abc')).statusCode).toBe(400);
    const noVersion = await put(g.party_group_id, valid({ group_name: 'Rename Group' }));
    expect(noVersion.json().details).toContainEqual({ field: 'version', msgKey: 'msgFieldRequired' });
  });
});

describe('party group export', () => {
  it('exports the filtered list with member codes and headers in the chosen language', async () => {
    const res = await get('/export?group_type=AGENT&lang=zh-CN');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="party-groups-.*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(2).value).toBe('群组名称');
    expect(sheet.getRow(2).getCell(2).value).toBe('European Agents');
    expect(sheet.getRow(2).getCell(6).value).toBe('DEHAM001, NLRTM001');
    expect(sheet.rowCount).toBe(2);
  });
});

describe('party deletion guard', () => {
  it('keeps a member party from being deleted while it is in a group', async () => {
    const id = partyId.get('DEHAM001') as number;
    await expect(t.db.delete(parties).where(eq(parties.party_id, id))).rejects.toThrow();
  });
});
