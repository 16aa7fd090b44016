import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { seedDemoTradelanes } from './tradelane.seed';

let t: TestApp;
let admin: Record<string, string>;
let shipper: Record<string, string>;

const valid = (over: Record<string, unknown> = {}) => ({
  tradelane_name: 'Test Lane',
  tradelane_type: 'EXPORT',
  pol_country: 'hk',
  pod_country: 'GB',
  office_code: 'HKG',
  account_code: 'acc-001',
  effective_date: '2026-02-01',
  customer_type: 'SHIPPER',
  customer_code: 'CUST01',
  ...over,
});

const url = '/api/v1/Tradelane';
const post = (body: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url, headers, payload: body as object });
const put = (id: number, body: unknown) =>
  t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers: admin, payload: body as object });
const get = (path: string) => t.app.inject({ method: 'GET', url: `${url}${path}`, headers: admin });

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
  await seedDemoTradelanes(t.db);
});
afterAll(() => t.close());

describe('trade lane list', () => {
  it('lists the demo lanes by name with country names, searches and filters by type', async () => {
    const res = await get('?pageSize=10');
    expect(res.statusCode).toBe(200);
    const names = res.json().rows.map((r: { tradelane_name: string }) => r.tradelane_name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('Transpacific (CN-US West Coast)');
    const q = (await get('?q=transpacific')).json();
    expect(q.total).toBe(2);
    const imp = (await get('?tradelane_type=IMPORT')).json();
    expect(imp.rows).toMatchObject([
      { tradelane_name: 'Intra-Asia (VN-HK)', pod_country: 'HK', pol_country_name: 'Vietnam' },
    ]);
  });

  it('names countries in the caller language', async () => {
    const res = await get('?tradelane_type=IMPORT&lang=zh-HK');
    expect(res.json().rows[0].pol_country_name).toBe('越南');
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

describe('trade lane create', () => {
  it('creates a lane with upper-cased codes and records it in the history', async () => {
    const res = await post(valid());
    expect(res.statusCode).toBe(201);
    const l = res.json();
    expect(l).toMatchObject({
      tradelane_name: 'Test Lane',
      pol_country: 'HK',
      pod_country_name: 'United Kingdom',
      pod_country: 'GB',
      account_code: 'ACC-001',
      version: 1,
      created_by: 'admin@demo.test',
    });
    expect((await get(`/${l.tradelane_id}`)).json()).toEqual(l);
    const h = (await get(`/${l.tradelane_id}/history`)).json();
    expect(h).toMatchObject([{ action: 'create', actor_name: 'Ada Admin' }]);
  });

  it('refuses a name already used, whatever its case', async () => {
    const res = await post(valid({ tradelane_name: 'TRANSPACIFIC (cn-us west coast)' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      msgKey: 'msgTradelaneDuplicateName',
      details: [{ field: 'tradelane_name', msgKey: 'msgTradelaneDuplicateName' }],
    });
  });

  it('requires name, type, both countries, office and effective date', async () => {
    const res = await post({ tradelane_name: ' ' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'tradelane_name',
        'tradelane_type',
        'pol_country',
        'pod_country',
        'office_code',
        'effective_date',
      ]),
    );
  });

  it('rejects unknown countries and office, a bad date and a customer code without a type', async () => {
    const refs = await post(valid({ tradelane_name: 'Bad refs', pol_country: 'XX', office_code: 'NOPE' }));
    expect(refs.statusCode).toBe(400);
    expect(refs.json().details).toEqual([
      { field: 'pol_country', msgKey: 'msgFieldInvalid' },
      { field: 'office_code', msgKey: 'msgFieldInvalid' },
    ]);
    const shape = await post(
      valid({
        pod_country: 'GBR',
        effective_date: '2026-02-30',
        customer_type: null,
        tradelane_type: 'SIDEWAYS',
      }),
    );
    expect(shape.statusCode).toBe(400);
    expect(shape.json().details).toEqual(
      expect.arrayContaining([
        { field: 'pod_country', msgKey: 'msgFieldInvalid' },
        { field: 'effective_date', msgKey: 'msgFieldInvalid' },
        { field: 'tradelane_type', msgKey: 'msgFieldRequired' },
      ]),
    );
    const noType = await post(valid({ tradelane_name: 'No type', customer_type: null }));
    expect(noType.json().details).toEqual([{ field: 'customer_type', msgKey: 'msgFieldRequired' }]);
  });
});

describe('trade lane edit', () => {
  it('saves an edit, bumps the version and records the changed fields', async () => {
    const l = (await post(valid({ tradelane_name: 'Edit Lane' }))).json();
    const res = await put(l.tradelane_id, {
      ...valid({ tradelane_name: 'Edit Lane', pod_country: 'FR', customer_type: null, customer_code: null }),
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pod_country: 'FR', pod_country_name: 'France', version: 2 });
    const h = (await get(`/${l.tradelane_id}/history`)).json();
    expect(h[0]).toMatchObject({
      action: 'update',
      changes: {
        pod_country: { from: 'GB', to: 'FR' },
        customer_type: { from: 'SHIPPER', to: null },
        customer_code: { from: 'CUST01', to: null },
      },
    });
  });

  it('answers "record not latest" to a stale save and overwrites nothing', async () => {
    const l = (await post(valid({ tradelane_name: 'Stale Lane' }))).json();
    const body = valid({ tradelane_name: 'Stale Lane' });
    expect((await put(l.tradelane_id, { ...body, account_code: 'FIRST', version: 1 })).statusCode).toBe(200);
    const second = await put(l.tradelane_id, { ...body, account_code: 'SECOND', version: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().msgKey).toBe('msgRecordNotLatest');
    expect((await get(`/${l.tradelane_id}`)).json()).toMatchObject({ account_code: 'FIRST', version: 2 });
  });

  it("refuses another lane's name and answers 404 for an unknown lane", async () => {
    const l = (await post(valid({ tradelane_name: 'Rename Lane' }))).json();
    const dup = await put(l.tradelane_id, { ...valid({ tradelane_name: 'intra-asia (vn-hk)' }), version: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details[0].field).toBe('tradelane_name');
    expect((await put(999999, { ...valid(), version: 1 })).statusCode).toBe(404);
    expect((await get('/abc')).statusCode).toBe(400);
    const noVersion = await put(l.tradelane_id, valid());
    expect(noVersion.json().details).toContainEqual({ field: 'version', msgKey: 'msgFieldRequired' });
  });
});

describe('trade lane export', () => {
  it('exports the filtered list with headers in the chosen language', async () => {
    const res = await get('/export?q=transpacific&lang=zh-HK&sort=tradelane_name');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="tradelanes-.*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(2).value).toBe('貿易航線名稱');
    expect(sheet.getColumn(2).values.slice(2)).toEqual([
      'Transpacific (CN-US West Coast)',
      'Transpacific Eastbound (HK-US)',
    ]);
    expect(sheet.getRow(2).getCell(4).value).toBe('CN - 中國');
  });
});
