import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

let t: TestApp;
let ops: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = ops) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const json = async (url: string, headers?: Record<string, string>) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const codes = (rows: Record<string, unknown>[], key: string) => rows.map((r) => r[key]);

describe('currency lookup', () => {
  it('finds ISO 4217 currencies by code and name with minor units', async () => {
    expect((await json('/master/currency/usd'))[0]).toEqual({
      currency_code: 'USD',
      currency_name: 'US Dollar',
      numeric_code: '840',
      minor_units: 2,
    });
    expect(await json('/master/currency/JPY')).toContainEqual(expect.objectContaining({ minor_units: 0 }));
    expect((await json('/master/currency/KWD'))[0].minor_units).toBe(3);
    expect(codes(await json('/master/currency/euro'), 'currency_code')).toContain('EUR');
  });
  it("names currencies in the caller's language", async () => {
    const hk = await json('/master/currency/HKD', { ...ops, 'accept-language': 'zh-HK' });
    expect(hk[0].currency_name).toBe('港元');
    const cn = await json('/master/currency/%E7%BE%8E%E5%85%83', { ...ops, 'accept-language': 'zh-CN' });
    expect(codes(cn, 'currency_code')).toContain('USD');
  });
  it("lists all with '*', without metals and test codes", async () => {
    const all = codes(await json('/master/currency/*'), 'currency_code');
    expect(all.length).toBeGreaterThan(150);
    expect(all).toEqual(expect.arrayContaining(['CNY', 'HKD', 'XAF', 'XOF']));
    expect(all).not.toContain('XAU');
    expect(all).not.toContain('XXX');
  });
});

describe('UN/LOCODE and city lookups (port locations only)', () => {
  it('finds locodes by code prefix and name, alternative codes included', async () => {
    expect((await json('/master/unlocode/CNSHA'))[0]).toEqual({
      name: 'Shanghai',
      locode: 'CNSHA',
      country_code: 'CN',
      country_name: 'China',
    });
    expect((await json('/master/unlocode/CNSGH'))[0]).toMatchObject({ name: 'Shanghai' });
    expect(codes(await json('/master/unlocode/rotterdam'), 'locode')).toContain('NLRTM');
  });
  it('finds cities by name with their code and country', async () => {
    expect((await json('/master/city/shanghai'))[0]).toEqual({
      city_name: 'Shanghai',
      city_code: 'CNSHA',
      country_code: 'CN',
      country_name: 'China',
    });
    const hk = await json('/master/city/Shanghai', { ...ops, 'accept-language': 'zh-HK' });
    expect(hk[0].country_name).toBe('中國');
  });
});

describe('HS code lookup', () => {
  it('matches codes by prefix, ignoring dots', async () => {
    expect(await json('/master/hscode/8471.30')).toEqual([
      expect.objectContaining({ hs_code: '847130', level: 6, parent: '8471' }),
    ]);
    const chapter = await json('/master/hscode/01');
    expect(chapter[0]).toMatchObject({ hs_code: '01', level: 2, parent: null, description: 'Animals; live' });
    expect(codes(chapter, 'hs_code').every((c) => String(c).startsWith('01'))).toBe(true);
  });
  it('matches every word of the description, and code and words together', async () => {
    expect(codes(await json('/master/hscode/horses%20live'), 'hs_code')).toEqual([
      '0101',
      '010121',
      '010129',
    ]);
    expect(codes(await json('/master/hscode/0101%20other'), 'hs_code')).toEqual(['010129']);
  });
  it('answers an empty list when nothing matches, and treats like-wildcards literally', async () => {
    expect(await json('/master/hscode/zzzqqq')).toEqual([]);
    expect(await json('/master/hscode/%25_%25')).toEqual([]);
  });
});

describe('ISO 6346 size and type lookups', () => {
  it('finds size codes with their dimensions', async () => {
    expect(await json('/master/containersize/22')).toEqual([
      {
        size_code: '22',
        length: '6068 mm',
        height: '2591 mm',
        width: '2436 mm',
        description: expect.any(String),
      },
    ]);
    const all = codes(await json('/master/containersize/*'), 'size_code');
    expect(all).toEqual(expect.arrayContaining(['22', '42', '45', 'L5']));
    expect(codes(await json('/master/containersize/13716'), 'size_code')).toContain('L5');
  });
  it('finds type codes by code, group and description', async () => {
    expect(await json('/master/containertype/G1')).toEqual([
      {
        type_code: 'G1',
        group_code: 'G',
        group_name: 'General purpose container',
        description: 'General - Passive vents at upper part of cargo space',
      },
    ]);
    expect(codes(await json('/master/containertype/reefer'), 'type_code')).toEqual(
      expect.arrayContaining(['R0', 'R1']),
    );
  });
});

describe('bad input and access', () => {
  it('refuses over-long texts and callers without a session', async () => {
    for (const path of ['currency', 'unlocode', 'city', 'hscode', 'containersize', 'containertype']) {
      const long = await get(`/master/${path}/${'x'.repeat(101)}`);
      expect(long.statusCode, path).toBe(400);
      expect(long.json().details[0]).toMatchObject({ field: 'params.text', msgKey: 'msgFieldTooLong' });
      expect((await get(`/master/${path}/ab`, {})).statusCode, path).toBe(401);
    }
  });
  it('refuses a blank text', async () => {
    expect((await get('/master/currency/%20')).statusCode).toBe(400);
  });
});

describe('GetInSelectionOptions for the reference lists', () => {
  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/Master/GetInSelectionOptions', headers: ops, payload });

  it('answers {value, text} for every new key', async () => {
    const cases: [string, string, { value: string; text: string }][] = [
      ['currency', 'HKD', { value: 'HKD', text: 'HKD - Hong Kong Dollar' }],
      ['unlocode', 'CNSHA', { value: 'CNSHA', text: 'CNSHA - Shanghai, China' }],
      ['city', 'Shanghai', { value: 'CNSHA', text: 'Shanghai, China (CNSHA)' }],
      ['hscode', '847130', { value: '847130', text: expect.stringMatching(/^847130 - Automatic data/) }],
      [
        'container_size',
        '45',
        { value: '45', text: 'length 12192 mm, height 2895 mm, width 2436 mm'.replace(/^/, '45 - ') },
      ],
      [
        'container_type',
        'R1',
        { value: 'R1', text: 'R1 - Integral Reefer - Mechanically refrigerated and heated' },
      ],
    ];
    for (const [key, searchText, option] of cases) {
      const res = await post({ fetchOptionKey: key, searchText });
      expect(res.statusCode, key).toBe(200);
      expect(res.json(), key).toContainEqual(option);
    }
  });
  it('resolves saved values to labels with searchValue', async () => {
    const res = (await post({ fetchOptionKey: 'currency', searchValue: ['USD', 'EUR'] })).json();
    expect(res.map((o: { value: string }) => o.value).sort()).toEqual(['EUR', 'USD']);
    const hs = (await post({ fetchOptionKey: 'hscode', searchValue: '0101' })).json();
    expect(hs).toEqual([{ value: '0101', text: '0101 - Horses, asses, mules and hinnies; live' }]);
  });
});

describe('OpenAPI', () => {
  it('documents the reference lookups and the handling-office query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/v1/master/hscode/{text}', '/api/v1/party/getPOLHandlingOffice']),
    );
    const params = paths['/api/v1/party/getPOLHandlingOffice'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params).toEqual(
      expect.arrayContaining(['pol_locode', 'include_party_id', 'show_all', 'user_profile_id']),
    );
  });
});
