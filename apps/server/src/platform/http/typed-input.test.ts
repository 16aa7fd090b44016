import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { findNul } from './nul-guard';

// Security review (issue 37) L2-L4: input that used to reach PostgreSQL or a refinement and end as a 500.
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject(
    payload === undefined
      ? { method, url: `/api/v1${url}`, headers: admin }
      : { method, url: `/api/v1${url}`, headers: admin, payload },
  );

/** 400 with a field error naming `field` under `msgKey`. */
function expectFieldError(res: { statusCode: number; body: string }, field: string, msgKey: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = JSON.parse(res.body);
  expect(body.details).toContainEqual(expect.objectContaining({ field, msgKey }));
}

describe('a lone surrogate anywhere in a request', () => {
  it('is refused in a JSON body, value or key, naming the field', async () => {
    const body = (preference: unknown) => ({ url: '/BMS/x', preference_name: 'p', preference });
    const inValue = await inject('POST', '/users/UpsertUserPreferences', body({ a: ['ok', '\ud800'] }));
    expectFieldError(inValue, 'preference.a.1', 'msgInvalidCharacter');
    const inKey = await inject('POST', '/users/UpsertUserPreferences', body({ '\udc00x': 1 }));
    expect(inKey.statusCode).toBe(400);
    expect(inKey.json().msgKey).toBe('msgInvalidCharacter');
    const inName = await inject('POST', '/users/UpsertUserPreferences', {
      url: '/BMS/x',
      preference_name: 'a\udbffb',
      preference: {},
    });
    expectFieldError(inName, 'preference_name', 'msgInvalidCharacter');
  });

  it('passes a well-formed pair (an emoji, a CJK extension character)', async () => {
    const res = await inject('POST', '/users/UpsertUserPreferences', {
      url: '/BMS/x',
      preference_name: '貨運 😀 𠀋',
      preference: { note: '😀' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is refused in a query string and a path parameter, naming the field', async () => {
    // Over HTTP a URL is UTF-8, so what the parsers decode is well formed (invalid bytes become U+FFFD);
    // the guard still checks what they hand over, as it does for NUL.
    expect(findNul({ q: ['a', '\ud800'] }, 'querystring')).toBe('querystring.q.1');
    expect(findNul({ user_uid: 'x\udfff' }, 'params')).toBe('params.user_uid');
    expect(findNul({ q: '😀' }, 'querystring')).toBeNull();
    for (const url of ['/Carrier?q=%ED%A0%80', '/Carrier?q=%uD800', '/User/%ED%A0%80', '/User/\ud800']) {
      expect((await inject('GET', url)).statusCode, url).toBeLessThan(500);
    }
  });
});

describe('POST /ExchangeRate with one currency and a rate that is not a number', () => {
  it('answers 400 on the rate, not a 500', async () => {
    const res = await inject('POST', '/ExchangeRate', {
      from_currency: 'HKD',
      to_currency: 'HKD',
      rate: 'abc',
      effective_date: '2030-01-01',
    });
    expectFieldError(res, 'rate', 'msgExchangeRateInvalid');
  });
});

describe('keyset values typed by their column', () => {
  const lists = [
    ['/admin/UserRegistration', 'user_registration_id'],
    ['/PartyGroup', 'party_group_id'],
    ['/Tradelane', 'tradelane_id'],
  ] as const;
  for (const [path, sort] of lists) {
    it(`${path}: a jump to a value its integer column cannot hold answers 400 on "at"`, async () => {
      for (const at of ['1.5', '1e+23', '99999999999', '-2147483649', 'abc', '0x10', '1,000']) {
        const res = await inject('GET', `${path}?sort=${sort}&at=${encodeURIComponent(at)}`);
        expectFieldError(res, 'at', 'msgListJumpInvalid');
      }
      expect((await inject('GET', `${path}?sort=${sort}&at=1`)).statusCode).toBe(200);
      expect((await inject('GET', `${path}?sort=${sort}&at=-5&order=desc`)).statusCode).toBe(200);
    });
  }

  it('refuses a forged cursor whose value or id does not suit the column with 400 on "cursor"', async () => {
    const cursor = (c: object) => Buffer.from(JSON.stringify(c)).toString('base64url');
    const forged = [
      { s: 'party_group_id', o: 'asc', v: 'abc', id: 1 },
      { s: 'party_group_id', o: 'asc', v: 1.5, id: 1 },
      { s: 'party_group_id', o: 'asc', v: 1, id: 1e23 },
      { s: 'group_name', o: 'asc', v: 'a\u0000b', id: 1 },
      { s: 'group_name', o: 'asc', v: 'a', id: 'x' },
      { s: 'updated_at', o: 'asc', v: 'yesterday', id: 1 },
    ];
    for (const c of forged) {
      const res = await inject('GET', `/PartyGroup?sort=${c.s}&cursor=${cursor(c)}`);
      expectFieldError(res, 'cursor', 'msgListCursorInvalid');
    }
    // The cursors the server writes still work, on text, date, timestamp and nullable columns.
    for (const sort of ['carrier_code', 'effective_from', 'effective_to', 'updated_at', 'scac']) {
      const p1 = await inject('GET', `/Carrier?sort=${sort}&pageSize=10`);
      expect(p1.statusCode).toBe(200);
      const next = p1.json().nextCursor;
      expect(next, sort).toEqual(expect.any(String));
      const p2 = await inject('GET', `/Carrier?sort=${sort}&pageSize=10&cursor=${next}`);
      expect(p2.statusCode, `${sort} ${p2.body}`).toBe(200);
    }
  });

  it('refuses a date jump to a day the calendar does not have', async () => {
    for (const at of ['2024-02-30', '2024-13-01', '0000-01-01', '2024-01-01T25:00']) {
      const res = await inject('GET', `/Tradelane?sort=effective_date&at=${encodeURIComponent(at)}`);
      expectFieldError(res, 'at', 'msgListJumpInvalid');
    }
    expect((await inject('GET', '/Tradelane?sort=effective_date&at=2024-02-29')).statusCode).toBe(200);
    expect(
      (await inject('GET', '/Tradelane?sort=updated_at&at=2024-02-29T10:00:00%2B08:00')).statusCode,
    ).toBe(200);
  });
});
