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
  t.app.inject({ method: 'GET', url, headers });

describe('country lookup', () => {
  it('suggests countries by name and code without sign-in (registration uses it)', async () => {
    const res = await get('/api/v1/master/country/hong', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ country_code: 'HK', country_name: 'Hong Kong SAR China' });
    const byCode = (await get('/api/v1/master/country/de', {})).json();
    expect(byCode[0]).toMatchObject({ country_code: 'DE' });
  });

  it("answers in the caller's language", async () => {
    const hk = (await get('/api/v1/master/country/JP', { 'accept-language': 'zh-HK' })).json();
    expect(hk[0]).toEqual({ country_code: 'JP', country_name: '日本' });
    const cn = (
      await get('/api/v1/master/country/%E4%B8%AD%E5%9B%BD', { 'accept-language': 'zh-CN' })
    ).json();
    expect(cn.map((c: { country_code: string }) => c.country_code)).toContain('CN');
  });

  it('matches only codes on the fdc variant', async () => {
    const res = (await get('/api/v1/master/country/fdc/US', {})).json();
    expect(res.every((c: { country_code: string }) => c.country_code.startsWith('US'))).toBe(true);
    expect(res.length).toBeGreaterThan(0);
  });

  it('refuses an over-long search text', async () => {
    const res = await get(`/api/v1/master/country/${'x'.repeat(101)}`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: 'params.text', msgKey: 'msgFieldTooLong' });
  });
});

describe('port lookup', () => {
  it('finds sea ports by UN/LOCODE and name', async () => {
    const res = (await get('/api/v1/master/port/HKHKG')).json();
    expect(res[0]).toMatchObject({ unCode: 'HKHKG', countryCode: 'HK' });
    const byName = (await get('/api/v1/master/port/rotterdam')).json();
    expect(byName.map((p: { unCode: string }) => p.unCode)).toContain('NLRTM');
  });
  it('needs a signed-in user', async () => {
    expect((await get('/api/v1/master/port/HKHKG', {})).statusCode).toBe(401);
  });
});

describe('generic key-value lookup', () => {
  it('lists the values of a list, with includeValue matching the text too', async () => {
    const res = await get('/api/v1/carrier/alliance/GEM');
    expect(res.json()).toEqual([{ pkey: 'GEMINI', pvalue: 'GEMINI' }]);
    const status = await get('/api/v1/carrier/status/Inact?includeValue=true');
    expect(status.json()).toEqual([{ pkey: 'I', pvalue: 'Inactive' }]);
  });
  it('answers 404 when nothing matches, which the web app shows as an empty list', async () => {
    const res = await get('/api/v1/carrier/alliance/NOPE');
    expect(res.statusCode).toBe(404);
    expect(res.json().msgKey).toBe('msgNoRecordFound');
  });
  it('refuses a bad includeValue', async () => {
    expect((await get('/api/v1/carrier/alliance/GEM?includeValue=maybe')).statusCode).toBe(400);
  });
});

describe('GetInSelectionOptions', () => {
  const post = (payload: unknown, headers = ops) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/Master/GetInSelectionOptions',
      headers,
      payload: payload as object,
    });

  it('answers {value, text} lists for countries, ports, offices and carriers', async () => {
    expect((await post({ fetchOptionKey: 'country', searchText: 'Singa' })).json()).toContainEqual({
      value: 'SG',
      text: 'SG - Singapore',
    });
    expect((await post({ fetchOptionKey: 'port', searchText: 'CNSHA' })).json()[0].value).toBe('CNSHA');
    expect((await post({ fetchOptionKey: 'office', searchText: 'HKG' })).json()).toContainEqual({
      value: 'HKG',
      text: 'HKG - HKG HO',
    });
  });
  it('resolves saved values to their labels with searchValue', async () => {
    const res = (await post({ fetchOptionKey: 'carrier', searchValue: ['MSCU', 'COSU'] })).json();
    expect(res.map((o: { value: string }) => o.value).sort()).toEqual(['COSU', 'MSCU']);
  });
  it('refuses an unknown option list and bad fields', async () => {
    const res = await post({ fetchOptionKey: 'secrets' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'fetchOptionKey', msgKey: 'msgFieldInvalid' }]);
    expect((await post({ searchText: 'x' })).json().details).toContainEqual({
      field: 'fetchOptionKey',
      msgKey: 'msgFieldRequired',
    });
    expect((await post({ fetchOptionKey: 'carrier', skipDataAccessCheck: 'yes' })).statusCode).toBe(400);
    expect((await post({ fetchOptionKey: 'carrier', searchText: 'x'.repeat(201) })).statusCode).toBe(400);
  });
});
