import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: Record<string, string>;
let shipper: Record<string, string>;

const valid = (over: Record<string, unknown> = {}) => ({
  carrier_code: 'TST',
  scac: 'TSTC',
  cbsa: 'T123',
  naccs: 'N123',
  display_name: 'Test Line',
  full_name: 'Test Line Shipping Co.',
  alliance: 'NONE',
  carrier_type: 'OCEAN',
  effective_from: '2026-01-01',
  effective_to: '2026-12-31',
  status: 'A',
  ...over,
});

const post = (body: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/v1/Carrier', headers, payload: body as object });

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
});
afterAll(() => t.close());

describe('carrier list', () => {
  it('lists the seeded carriers sorted by code with a total', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Carrier?pageSize=10', headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(18);
    expect(body.totalCapped).toBe(false);
    expect(body.rows).toHaveLength(10);
    const codes = body.rows.map((r: { carrier_code: string }) => r.carrier_code);
    expect(codes).toEqual([...codes].sort());
  });

  it('searches by SCAC, name and filters by alliance', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Carrier?q=hapag', headers: admin });
    expect(res.json().rows.map((r: { scac: string }) => r.scac)).toEqual(['HLCU']);
    const gem = await t.app.inject({ method: 'GET', url: '/api/v1/Carrier?alliance=GEMINI', headers: admin });
    expect(
      gem
        .json()
        .rows.map((r: { carrier_code: string }) => r.carrier_code)
        .sort(),
    ).toEqual(['HLCU', 'MAEU']);
  });

  it('sorts descending by display name and pages', async () => {
    const p1 = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/Carrier?sort=display_name&order=desc&pageSize=10&page=1',
        headers: admin,
      })
    ).json();
    const p2 = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/Carrier?sort=display_name&order=desc&pageSize=10&page=2',
        headers: admin,
      })
    ).json();
    const names = [...p1.rows, ...p2.rows].map((r: { display_name: string }) => r.display_name);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0] >= names[1]).toBe(true);
  });

  it('refuses a page size that is not offered and an unknown sort column', async () => {
    for (const q of ['pageSize=7', 'sort=password', 'page=0', 'order=sideways', 'status=X']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/Carrier?${q}`, headers: admin });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().msgKey).toBe('msgValidationFailed');
      expect(res.json().details.length).toBeGreaterThan(0);
    }
  });

  it('is refused to a user without the admin function', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Carrier', headers: shipper });
    expect(res.statusCode).toBe(403);
    expect(res.json().msgKey).toBe('msgNoPermission');
  });
});

describe('carrier create', () => {
  it('creates a carrier, uppercasing codes, and records it in the history', async () => {
    const res = await post(
      valid({
        carrier_code: 'tc1',
        scac: 'tcaa',
        cbsa: null,
        naccs: '',
        display_name: 'TC One',
        full_name: 'TC One Ltd',
      }),
    );
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      carrier_code: 'TC1',
      scac: 'TCAA',
      cbsa: null,
      naccs: null,
      version: 1,
      created_by: 'admin@demo.test',
    });
    const h = await t.app.inject({ method: 'GET', url: `/api/v1/Carrier/${c.id}/history`, headers: admin });
    expect(h.json()).toMatchObject([{ action: 'create', to_status: 'A', actor_name: 'Ada Admin' }]);
  });

  it('rejects a code shorter than 2 or longer than 4 characters', async () => {
    for (const code of ['X', 'ABCDE']) {
      const res = await post(valid({ carrier_code: code }));
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual({ field: 'carrier_code', msgKey: 'msgCarrierCodeLength' });
    }
  });

  it('rejects CBSA and NACCS that are not 4 characters', async () => {
    const res = await post(valid({ cbsa: 'AB', naccs: 'ABCDE' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'cbsa', msgKey: 'msgCarrierFourChars' },
        { field: 'naccs', msgKey: 'msgCarrierFourChars' },
      ]),
    );
  });

  it('requires display name, full name, alliance, type and effective from', async () => {
    const res = await post({ carrier_code: 'ZZ', status: 'A' });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['display_name', 'full_name', 'alliance', 'carrier_type', 'effective_from']),
    );
    const blank = await post(valid({ carrier_code: 'ZZ', display_name: '   ', full_name: '' }));
    expect(blank.json().details).toEqual(
      expect.arrayContaining([
        { field: 'display_name', msgKey: 'msgFieldRequired' },
        { field: 'full_name', msgKey: 'msgFieldRequired' },
      ]),
    );
  });

  it('rejects effective to earlier than effective from', async () => {
    const res = await post(
      valid({ carrier_code: 'ZY', effective_from: '2026-05-02', effective_to: '2026-05-01' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'effective_to', msgKey: 'msgEffectiveToBeforeFrom' });
  });

  it('names every duplicate: code, SCAC, CBSA, NACCS, display and full name', async () => {
    await post(
      valid({
        carrier_code: 'DUP',
        scac: 'DUPS',
        cbsa: 'DUP1',
        naccs: 'DUP2',
        display_name: 'Dup Line',
        full_name: 'Dup Line Inc',
      }),
    );
    const res = await post(
      valid({
        carrier_code: 'dup',
        scac: 'DUPS',
        cbsa: 'DUP1',
        naccs: 'DUP2',
        display_name: 'DUP LINE',
        full_name: 'dup line inc',
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(
      res
        .json()
        .details.map((d: { msgKey: string }) => d.msgKey)
        .sort(),
    ).toEqual(
      [
        'msgCarrierDuplicateCbsa',
        'msgCarrierDuplicateCode',
        'msgCarrierDuplicateDisplayName',
        'msgCarrierDuplicateFullName',
        'msgCarrierDuplicateNaccs',
        'msgCarrierDuplicateScac',
      ].sort(),
    );
  });

  it('answers bad input with 4xx and a message key, never 500', async () => {
    const cases = [
      { payload: '{"carrier_code": ', type: 'application/json', status: 400, key: 'msgMalformedJson' },
      { payload: 'carrier_code=AB', type: 'text/plain', status: 415, key: 'msgUnsupportedMediaType' },
      {
        payload: JSON.stringify(valid({ carrier_code: 12 })),
        type: 'application/json',
        status: 400,
        key: 'msgValidationFailed',
      },
      {
        payload: JSON.stringify(valid({ full_name: 'x'.repeat(5000) })),
        type: 'application/json',
        status: 400,
        key: 'msgValidationFailed',
      },
      {
        payload: JSON.stringify(valid({ effective_from: '2026-13-45' })),
        type: 'application/json',
        status: 400,
        key: 'msgValidationFailed',
      },
      {
        payload: JSON.stringify(valid({ alliance: 'PIRATES' })),
        type: 'application/json',
        status: 400,
        key: 'msgValidationFailed',
      },
      { payload: '[]', type: 'application/json', status: 400, key: 'msgValidationFailed' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/Carrier',
        headers: { ...admin, 'content-type': c.type },
        payload: c.payload,
      });
      expect(res.statusCode, c.payload.slice(0, 40)).toBe(c.status);
      expect(res.json().msgKey).toBe(c.key);
    }
    const long = await post(valid({ full_name: 'x'.repeat(5000) }));
    expect(long.json().details).toContainEqual({
      field: 'full_name',
      msgKey: 'msgFieldTooLong',
      params: { max: 200 },
    });
  });
});

describe('carrier edit', () => {
  it('saves an edit, bumps the version and records which fields changed', async () => {
    const c = (
      await post(
        valid({
          carrier_code: 'ED1',
          scac: 'EDAA',
          cbsa: null,
          naccs: null,
          display_name: 'Edit One',
          full_name: 'Edit One Ltd',
        }),
      )
    ).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/Carrier/${c.id}`,
      headers: admin,
      payload: {
        ...valid({
          carrier_code: 'ED1',
          scac: 'EDAA',
          cbsa: null,
          naccs: null,
          display_name: 'Edit One',
          full_name: 'Edit One Ltd',
        }),
        status: 'I',
        alliance: 'OCEAN',
        version: 1,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'I', alliance: 'OCEAN', version: 2 });
    const h = (
      await t.app.inject({ method: 'GET', url: `/api/v1/Carrier/${c.id}/history`, headers: admin })
    ).json();
    expect(h[0]).toMatchObject({
      action: 'update',
      from_status: 'A',
      to_status: 'I',
      changes: { status: { from: 'A', to: 'I' }, alliance: { from: 'NONE', to: 'OCEAN' } },
    });
  });

  it('answers "record not latest" to a save over a newer change, and overwrites nothing', async () => {
    const body = valid({
      carrier_code: 'CC1',
      scac: 'CCAA',
      cbsa: null,
      naccs: null,
      display_name: 'Conc One',
      full_name: 'Conc One Ltd',
    });
    const c = (await post(body)).json();
    const first = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/Carrier/${c.id}`,
      headers: admin,
      payload: { ...body, display_name: 'First wins', version: 1 },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/Carrier/${c.id}`,
      headers: admin,
      payload: { ...body, display_name: 'Second loses', version: 1 },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().msgKey).toBe('msgRecordNotLatest');
    const now = (
      await t.app.inject({ method: 'GET', url: `/api/v1/Carrier/${c.id}`, headers: admin })
    ).json();
    expect(now).toMatchObject({ display_name: 'First wins', version: 2 });
  });

  it("refuses to rename to another carrier's SCAC", async () => {
    const a = (
      await post(
        valid({
          carrier_code: 'RN1',
          scac: 'RNAA',
          cbsa: null,
          naccs: null,
          display_name: 'Ren A',
          full_name: 'Ren A Ltd',
        }),
      )
    ).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/Carrier/${a.id}`,
      headers: admin,
      payload: {
        ...valid({
          carrier_code: 'RN1',
          scac: 'MAEU',
          cbsa: null,
          naccs: null,
          display_name: 'Ren A',
          full_name: 'Ren A Ltd',
        }),
        version: 1,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([
      { field: 'scac', msgKey: 'msgCarrierDuplicateScac', params: { value: 'MAEU' } },
    ]);
  });

  it('answers 404 for an unknown carrier and 400 for a malformed id', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/Carrier/999999', headers: admin })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/Carrier/abc', headers: admin })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/Carrier/99999999999999', headers: admin }))
        .statusCode,
    ).toBe(400);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/Carrier/999999',
      headers: admin,
      payload: { ...valid({ carrier_code: 'NF' }), version: 1 },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().msgKey).toBe('msgNoRecordFound');
  });

  it('requires the version on an edit', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/Carrier/1',
      headers: admin,
      payload: valid(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'version', msgKey: 'msgFieldRequired' });
  });
});

describe('carrier export', () => {
  it('exports the filtered list as an Excel workbook with headers in the chosen language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Carrier/export?alliance=GEMINI&lang=zh-HK',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="carriers-.*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('承運商代碼');
    const codes = [sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value].sort();
    expect(codes).toEqual(['HLCU', 'MAEU']);
    expect(sheet.rowCount).toBe(3);
  });

  it('refuses an export of more than 10,000 rows with a clear message, and caps the count', async () => {
    const b36 = `'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'`;
    await t.db.execute(
      sql.raw(`insert into carriers (carrier_code, display_name, full_name, alliance, carrier_type, effective_from)
       select 'Z' || substr(${b36}, (g / 1296) % 36 + 1, 1) || substr(${b36}, (g / 36) % 36 + 1, 1) || substr(${b36}, g % 36 + 1, 1),
              'Bulk ' || g, 'Bulk carrier ' || g, 'NONE', 'NVOCC', '2026-01-01'
         from generate_series(1, 10001) g`),
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Carrier?carrier_type=NVOCC',
      headers: admin,
    });
    expect(list.json()).toMatchObject({ total: 10_000, totalCapped: true });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Carrier/export?carrier_type=NVOCC',
      headers: admin,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgExportTooMany');
    await t.db.execute(sql`delete from carriers where carrier_type = 'NVOCC'`);
  });
});

describe('carrier options', () => {
  it('offers carriers to pickers through GetInSelectionOptions', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Master/GetInSelectionOptions',
      headers: shipper,
      payload: { fetchOptionKey: 'carrier', searchText: 'mae' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ value: 'MAEU', text: 'MAEU - Maersk' });
  });
});
