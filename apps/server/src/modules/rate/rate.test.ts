import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: Record<string, string>;
let shipper: Record<string, string>;

const valid = (over: Record<string, unknown> = {}) => ({
  source_key: 'MAEU-HKHKG-NLRTM-26Q2',
  carrier_code: 'MAEU',
  pol: 'HKHKG',
  pod: 'NLRTM',
  service: 'FCL',
  currency: 'USD',
  valid_from: '2026-04-01',
  valid_to: '2026-06-30',
  transit_days: 29,
  free_time_days: 7,
  remarks: 'Contract rate',
  status: 'A',
  rate_containers: [
    { container_type: '20GP', amount: '1250.5' },
    { container_type: '40HQ', amount: '2100.00' },
  ],
  ...over,
});

const post = (body: unknown, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/v1/Rate', headers, payload: body as object });
const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: admin });
const detailsOf = (res: { json(): { details?: { field: string; msgKey: string }[] } }) =>
  (res.json().details ?? []).map((d) => ({ field: d.field, msgKey: d.msgKey }));

beforeAll(async () => {
  t = await createTestApp();
  // These tests count and page their own rows: start without the demo sailings and rates.
  await t.db.execute(
    sql.raw(
      'delete from rate_containers; delete from rates; delete from sailing_schedule_legs; delete from sailing_schedules',
    ),
  );
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
});
afterAll(() => t.close());

describe('rate create and read', () => {
  it('creates a rate with two container sizes, amounts with 2 decimals, and records the history', async () => {
    const res = await post(valid({ source_key: 'maeu-hkhkg-nlrtm-26q2', currency: 'usd' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      source_key: 'MAEU-HKHKG-NLRTM-26Q2',
      currency: 'USD',
      rate_containers: [
        { container_type: '20GP', amount: '1250.50' },
        { container_type: '40HQ', amount: '2100.00' },
      ],
      version: 1,
    });
    const one = await get('/Rate/MAEU-HKHKG-NLRTM-26Q2');
    expect(one.json()).toEqual(res.json());
    const h = await get('/Rate/MAEU-HKHKG-NLRTM-26Q2/history');
    expect(h.json()).toMatchObject([{ action: 'create', actor_name: 'Ada Admin' }]);
  });

  it('answers a duplicate source key with 409 on the field', async () => {
    const res = await post(valid());
    expect(res.statusCode).toBe(409);
    expect(detailsOf(res)).toEqual([{ field: 'source_key', msgKey: 'msgRateDuplicateSourceKey' }]);
  });

  it('rejects valid to before valid from', async () => {
    const res = await post(valid({ source_key: 'R-VALID', valid_to: '2026-03-31' }));
    expect(detailsOf(res)).toContainEqual({ field: 'valid_to', msgKey: 'msgValidToBeforeFrom' });
  });

  it('requires at least one container rate and unique container sizes', async () => {
    const none = await post(valid({ source_key: 'R-NONE', rate_containers: [] }));
    expect(detailsOf(none)).toContainEqual({ field: 'rate_containers', msgKey: 'msgRateContainerRequired' });
    const dup = await post(
      valid({
        source_key: 'R-DUP',
        rate_containers: [
          { container_type: '20GP', amount: '1' },
          { container_type: '20GP', amount: '2' },
        ],
      }),
    );
    expect(detailsOf(dup)).toContainEqual({
      field: 'rate_containers.1.container_type',
      msgKey: 'msgContainerTypeDuplicate',
    });
  });

  it('rejects amounts that are zero, negative, floats, too long or have more decimals than USD has', async () => {
    for (const amount of ['0', '0.00', '-5', '12.345', '1e3', '', '123456789012345', '1,000']) {
      const res = await post(
        valid({ source_key: 'R-AMT', rate_containers: [{ container_type: '20GP', amount }] }),
      );
      expect(res.statusCode, amount).toBe(400);
      const d = detailsOf(res)[0];
      expect(d.field, amount).toBe('rate_containers.0.amount');
    }
    const num = await post(
      valid({ source_key: 'R-NUM', rate_containers: [{ container_type: '20GP', amount: 12.5 }] }),
    );
    expect(num.statusCode, 'a JSON number is refused: money travels as a string').toBe(400);
  });

  it("holds amounts to the currency's minor units: JPY none, BHD three (ISO 4217)", async () => {
    const jpyBad = await post(
      valid({
        source_key: 'R-JPY-BAD',
        currency: 'JPY',
        rate_containers: [{ container_type: '20GP', amount: '1200.5' }],
      }),
    );
    expect(detailsOf(jpyBad)).toEqual([{ field: 'rate_containers.0.amount', msgKey: 'msgAmountScale' }]);
    const jpy = await post(
      valid({
        source_key: 'R-JPY',
        currency: 'JPY',
        rate_containers: [{ container_type: '20GP', amount: '120000' }],
      }),
    );
    expect(jpy.statusCode, jpy.body).toBe(201);
    expect(jpy.json().rate_containers).toEqual([{ container_type: '20GP', amount: '120000' }]);
    const bhd = await post(
      valid({
        source_key: 'R-BHD',
        currency: 'BHD',
        rate_containers: [{ container_type: '20GP', amount: '12.345' }],
      }),
    );
    expect(bhd.statusCode, bhd.body).toBe(201);
    expect(bhd.json().rate_containers).toEqual([{ container_type: '20GP', amount: '12.345' }]);
    const bhdBad = await post(
      valid({
        source_key: 'R-BHD-BAD',
        currency: 'BHD',
        rate_containers: [{ container_type: '20GP', amount: '1.2345' }],
      }),
    );
    expect(detailsOf(bhdBad)[0]).toEqual({ field: 'rate_containers.0.amount', msgKey: 'msgAmountScale' });
  });

  it('rejects container sizes that do not fit the service', async () => {
    const lcl = await post(valid({ source_key: 'R-LCL', service: 'LCL' }));
    expect(detailsOf(lcl)).toContainEqual({
      field: 'rate_containers.0.container_type',
      msgKey: 'msgContainerTypeNotForService',
    });
    const ok = await post(
      valid({
        source_key: 'R-LCL-OK',
        service: 'LCL',
        rate_containers: [{ container_type: 'LCL-CBM', amount: '45' }],
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('rejects an unknown currency, carrier and port, and a bad source key', async () => {
    const res = await post(
      valid({ source_key: 'R-REF', currency: 'XYZ', carrier_code: 'ZZZZ', pod: 'XXZZZ' }),
    );
    expect(res.statusCode).toBe(400);
    expect(detailsOf(res)).toEqual(
      expect.arrayContaining([
        { field: 'currency', msgKey: 'msgCurrencyInvalid' },
        { field: 'carrier_code', msgKey: 'msgCarrierUnknown' },
        { field: 'pod', msgKey: 'msgPortUnknown' },
      ]),
    );
    for (const key of ['a/b', 'x', 'has space']) {
      expect(detailsOf(await post(valid({ source_key: key }))), key).toContainEqual({
        field: 'source_key',
        msgKey: 'msgSourceKeyFormat',
      });
    }
  });

  it('is refused to a user without the admin function and answers unknown keys with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/Rate', headers: shipper });
    expect(res.statusCode).toBe(403);
    expect((await post(valid({ source_key: 'R-403' }), shipper)).statusCode).toBe(403);
    expect((await get('/Rate/NO-SUCH-KEY')).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Rate',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"source_key":',
    });
    expect(bad.json().msgKey).toBe('msgMalformedJson');
  });
});

describe('rate update, list and quote', () => {
  it('saves an edit with a history of changed fields and refuses a stale version', async () => {
    await post(valid({ source_key: 'R-EDIT' }));
    const body = {
      ...valid(),
      rate_containers: [
        { container_type: '20GP', amount: '1250.50' },
        { container_type: '40GP', amount: '1900' },
      ],
      remarks: 'Renegotiated',
      version: 1,
    };
    const { source_key: _k, ...update } = body;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/Rate/r-edit',
      headers: admin,
      payload: update,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(2);
    const h = (await get('/Rate/R-EDIT/history')).json();
    expect(h[0].changes).toEqual({
      remarks: { from: 'Contract rate', to: 'Renegotiated' },
      rate_containers: { from: '20GP 1250.50; 40HQ 2100.00', to: '20GP 1250.50; 40GP 1900.00' },
    });
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/Rate/R-EDIT',
      headers: admin,
      payload: update,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msgKey).toBe('msgRecordNotLatest');
  });

  it('lists rates valid on a day for a lane and exports them', async () => {
    const res = await get('/Rate?pol=HKHKG&pod=NLRTM&valid_on=2026-05-01&service=FCL');
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((r: { source_key: string }) => r.source_key)).toContain(
      'MAEU-HKHKG-NLRTM-26Q2',
    );
    expect((await get('/Rate?valid_on=2027-01-01&pol=HKHKG')).json().total).toBe(0);
    const x = await get('/Rate/export?pol=HKHKG');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
  });

  it('quotes a container mix with total_rate computed exactly, cheapest first', async () => {
    await post(
      valid({
        source_key: 'MSCU-HKHKG-NLRTM-26Q2',
        carrier_code: 'MSCU',
        rate_containers: [
          { container_type: '20GP', amount: '0.10' },
          { container_type: '40HQ', amount: '0.20' },
        ],
      }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Rate/quote',
      headers: admin,
      payload: {
        pol: 'HKHKG',
        pod: 'NLRTM',
        on_date: '2026-05-15',
        containers: [
          { container_type: '20GP', qty: 3 },
          { container_type: '40HQ', qty: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows;
    // 0.10 × 3 + 0.20 = 0.50 exactly (a float sum would give 0.5000000000000001).
    expect(rows[0]).toMatchObject({ source_key: 'MSCU-HKHKG-NLRTM-26Q2', total_rate: '0.50' });
    expect(rows[0].rate_containers).toEqual([
      { container_type: '20GP', amount: '0.10', qty: 3, line_total: '0.30' },
      { container_type: '40HQ', amount: '0.20', qty: 1, line_total: '0.20' },
    ]);
    expect(rows[1]).toMatchObject({ source_key: 'MAEU-HKHKG-NLRTM-26Q2', total_rate: '5851.50' });
    // Large totals stay exact too: 99,999,999,999.99 × 999 has 17 significant digits, beyond a float's.
    await post(
      valid({
        source_key: 'ZZ-BIG-HKHKG-NLRTM',
        rate_containers: [{ container_type: '20GP', amount: '99999999999.99' }],
      }),
    );
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Rate/quote',
      headers: admin,
      payload: {
        pol: 'HKHKG',
        pod: 'NLRTM',
        on_date: '2026-05-15',
        containers: [{ container_type: '20GP', qty: 999 }],
      },
    });
    const bigRow = big.json().rows.find((r: { source_key: string }) => r.source_key === 'ZZ-BIG-HKHKG-NLRTM');
    expect(bigRow.total_rate).toBe('99899999999990.01');
    // R-EDIT has no 40HQ any more: it cannot price the mix.
    expect(rows.map((r: { source_key: string }) => r.source_key)).not.toContain('R-EDIT');
  });
});

describe('demo seed', () => {
  it('seeds demo sailings and rates that the comparison query finds', async () => {
    const { seedDemoSailings } = await import('../sailing-schedule');
    const { seedDemoRates } = await import('./rate.seed');
    expect(await seedDemoSailings(t.db)).toBe(5);
    expect(await seedDemoRates(t.db)).toBe(6);
    const s = await get('/SailingSchedule?pol=HKHKG&pod=NLRTM');
    expect(s.json().total).toBeGreaterThanOrEqual(3);
    const tbc = await get('/SailingSchedule?is_tbc=true');
    expect(tbc.json().total).toBe(1);
  });
});
