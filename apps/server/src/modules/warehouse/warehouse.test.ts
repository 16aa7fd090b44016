import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { seedDemoWarehouses } from './warehouse.seed';

let t: TestApp;
let admin: Record<string, string>;
let shipper: Record<string, string>;

const valid = (over: Record<string, unknown> = {}) => ({
  warehouse_code: 'TST-W1',
  warehouse_name: 'Test Warehouse',
  address1: '1 Test Road',
  address2: null,
  address3: '',
  address4: null,
  local_address1: '測試路1號',
  local_address2: null,
  local_address3: null,
  local_address4: null,
  tel: '+852 1234 5678',
  contact_person: 'Tess Tester',
  contact_email: 'tess@demo.test',
  remark: null,
  status: 'A',
  ...over,
});

const url = '/api/v1/Warehouse';
const post = (body: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url, headers, payload: body as object });
const put = (id: number, body: unknown) =>
  t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers: admin, payload: body as object });

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
  await seedDemoWarehouses(t.db);
});
afterAll(() => t.close());

describe('warehouse list', () => {
  it('lists the demo warehouses by code, searches and filters by status', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}?pageSize=10`, headers: admin });
    expect(res.statusCode).toBe(200);
    const codes = res.json().rows.map((r: { warehouse_code: string }) => r.warehouse_code);
    expect(codes).toEqual(expect.arrayContaining(['HKG-CFS1', 'SHA-CFS1', 'SZX-CFS1']));
    expect(codes).toEqual([...codes].sort());
    const q = await t.app.inject({ method: 'GET', url: `${url}?q=yantian`, headers: admin });
    expect(q.json().rows.map((r: { warehouse_code: string }) => r.warehouse_code)).toEqual(['SZX-CFS1']);
    const inactive = await t.app.inject({ method: 'GET', url: `${url}?status=I`, headers: admin });
    expect(inactive.json()).toMatchObject({ total: 1, rows: [{ warehouse_code: 'HKG-CFS2' }] });
  });

  it('refuses an unknown sort column or status', async () => {
    for (const q of ['sort=remark', 'status=X', 'pageSize=7']) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?${q}`, headers: admin });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('is refused, with every other call, to a user without the admin function', async () => {
    const calls = [
      { method: 'GET' as const, url },
      { method: 'GET' as const, url: `${url}/export` },
      { method: 'GET' as const, url: `${url}/1` },
      { method: 'GET' as const, url: `${url}/1/history` },
      { method: 'POST' as const, url, payload: valid({ warehouse_code: 'NOPE' }) },
      { method: 'PUT' as const, url: `${url}/1`, payload: { ...valid(), version: 1 } },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: shipper });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
    }
  });
});

describe('warehouse create', () => {
  it('creates a warehouse with an upper-cased code, blanks as null, and records it in the history', async () => {
    const res = await post(valid({ warehouse_code: ' new-w1 ' }));
    expect(res.statusCode).toBe(201);
    const w = res.json();
    expect(w).toMatchObject({
      warehouse_code: 'NEW-W1',
      address3: null,
      local_address1: '測試路1號',
      version: 1,
      created_by: 'admin@demo.test',
    });
    const h = await t.app.inject({ method: 'GET', url: `${url}/${w.party_code_id}/history`, headers: admin });
    expect(h.json()).toMatchObject([{ action: 'create', to_status: 'A', actor_name: 'Ada Admin' }]);
    const got = await t.app.inject({ method: 'GET', url: `${url}/${w.party_code_id}`, headers: admin });
    expect(got.json()).toEqual(w);
  });

  it('refuses a code already used, whatever its case, with the unique-value message', async () => {
    const res = await post(valid({ warehouse_code: 'hkg-cfs1' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      msgKey: 'msgWarehouseDuplicateCode',
      details: [
        { field: 'warehouse_code', msgKey: 'msgWarehouseDuplicateCode', params: { value: 'HKG-CFS1' } },
      ],
    });
  });

  it('requires code, name and status', async () => {
    const res = await post({ warehouse_code: '', warehouse_name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'warehouse_code', msgKey: 'msgFieldRequired' },
        { field: 'warehouse_name', msgKey: 'msgFieldRequired' },
        { field: 'status', msgKey: 'msgFieldRequired' },
      ]),
    );
  });

  it('rejects a bad code, e-mail and telephone, and over-long lines', async () => {
    const res = await post(
      valid({
        warehouse_code: 'a b',
        contact_email: 'not-an-email',
        tel: 'call me',
        address4: 'x'.repeat(101),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'warehouse_code', msgKey: 'msgWarehouseCodeFormat' },
        { field: 'contact_email', msgKey: 'msgEmailInvalid' },
        { field: 'tel', msgKey: 'msgTelInvalid' },
        { field: 'address4', msgKey: 'msgFieldTooLong', params: { max: 100 } },
      ]),
    );
  });

  it('answers bad input with 4xx and a message key, never 500', async () => {
    const cases = [
      { payload: '{"warehouse_code": ', type: 'application/json', status: 400, key: 'msgMalformedJson' },
      { payload: 'warehouse_code=AB', type: 'text/plain', status: 415, key: 'msgUnsupportedMediaType' },
      {
        payload: JSON.stringify(valid({ warehouse_code: 12 })),
        type: 'application/json',
        status: 400,
        key: 'msgValidationFailed',
      },
      {
        payload: JSON.stringify(valid({ status: 'Z' })),
        type: 'application/json',
        status: 400,
        key: 'msgValidationFailed',
      },
      { payload: '[]', type: 'application/json', status: 400, key: 'msgValidationFailed' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...admin, 'content-type': c.type },
        payload: c.payload,
      });
      expect(res.statusCode, c.payload.slice(0, 40)).toBe(c.status);
      expect(res.json().msgKey).toBe(c.key);
    }
  });
});

describe('warehouse edit', () => {
  it('saves an edit, bumps the version and records which fields changed', async () => {
    const w = (await post(valid({ warehouse_code: 'ED-W1' }))).json();
    const res = await put(w.party_code_id, {
      ...valid({ warehouse_code: 'ED-W1', status: 'I', contact_person: 'Eddie' }),
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'I',
      contact_person: 'Eddie',
      version: 2,
      updated_by: 'admin@demo.test',
    });
    const h = (
      await t.app.inject({ method: 'GET', url: `${url}/${w.party_code_id}/history`, headers: admin })
    ).json();
    expect(h[0]).toMatchObject({
      action: 'update',
      from_status: 'A',
      to_status: 'I',
      changes: { status: { from: 'A', to: 'I' }, contact_person: { from: 'Tess Tester', to: 'Eddie' } },
    });
  });

  it('answers "record not latest" to a save over a newer change, and overwrites nothing', async () => {
    const w = (await post(valid({ warehouse_code: 'CC-W1' }))).json();
    const body = valid({ warehouse_code: 'CC-W1' });
    expect(
      (await put(w.party_code_id, { ...body, warehouse_name: 'First wins', version: 1 })).statusCode,
    ).toBe(200);
    const second = await put(w.party_code_id, { ...body, warehouse_name: 'Second loses', version: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().msgKey).toBe('msgRecordNotLatest');
    const now = (
      await t.app.inject({ method: 'GET', url: `${url}/${w.party_code_id}`, headers: admin })
    ).json();
    expect(now).toMatchObject({ warehouse_name: 'First wins', version: 2 });
  });

  it("refuses to take another warehouse's code", async () => {
    const w = (await post(valid({ warehouse_code: 'RN-W1' }))).json();
    const res = await put(w.party_code_id, { ...valid({ warehouse_code: 'SHA-CFS1' }), version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([
      { field: 'warehouse_code', msgKey: 'msgWarehouseDuplicateCode', params: { value: 'SHA-CFS1' } },
    ]);
  });

  it('answers 404 for an unknown warehouse, 400 for a malformed id and a missing version', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${url}/999999`, headers: admin })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `${url}/abc`, headers: admin })).statusCode).toBe(400);
    const nf = await put(999999, { ...valid({ warehouse_code: 'NF-1' }), version: 1 });
    expect(nf.statusCode).toBe(404);
    const noVersion = await put(1, valid());
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().details).toContainEqual({ field: 'version', msgKey: 'msgFieldRequired' });
  });
});

describe('warehouse export and options', () => {
  it('exports the filtered list with headers in the chosen language', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url}/export?q=cfs1&lang=zh-CN`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="warehouses-.*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('仓库代码');
    const codes = sheet.getColumn(1).values.slice(2);
    expect(codes).toEqual(['HKG-CFS1', 'SHA-CFS1', 'SZX-CFS1']);
  });

  it('offers active warehouses to pickers through GetInSelectionOptions', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Master/GetInSelectionOptions',
      headers: admin,
      payload: { fetchOptionKey: 'warehouse', searchText: 'hkg' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ value: 'HKG-CFS1', text: 'HKG-CFS1 - Kwai Chung CFS Warehouse' }]);
  });
});
