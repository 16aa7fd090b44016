import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: Record<string, string>;

type Page = {
  rows: { id: number; carrier_code: string; scac: string | null }[];
  total: number;
  nextCursor: string | null;
  prevCursor: string | null;
};
const get = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/Carrier?${query}`, headers: admin });
  return { status: res.statusCode, body: res.json() as Page & { msgKey?: string; details?: unknown[] } };
};
const ids = (p: Page) => p.rows.map((r) => r.id);
const filters = (rules: object[]) => `filters=${encodeURIComponent(JSON.stringify(rules))}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
});
afterAll(() => t.close());

describe('keyset paging (carriers)', () => {
  for (const sort of ['sort=carrier_code&order=asc', 'sort=scac&order=desc', 'sort=scac&order=asc']) {
    it(`walking 3 pages by cursor gives the offset pages (${sort})`, async () => {
      const offset = await Promise.all([1, 2, 3].map((p) => get(`${sort}&pageSize=10&page=${p}`)));
      expect(offset[0].body.total).toBeGreaterThanOrEqual(18);
      const walked: Page[] = [offset[0].body];
      for (let i = 1; i < 3; i++) {
        const cursor = walked[i - 1].nextCursor;
        if (!cursor) {
          walked.push({ rows: [], total: 0, nextCursor: null, prevCursor: null });
          continue;
        }
        const r = await get(`${sort}&pageSize=10&cursor=${cursor}&direction=next`);
        expect(r.status).toBe(200);
        walked.push(r.body);
      }
      expect(walked.map(ids)).toEqual(offset.map((o) => ids(o.body)));
      // Back from page 2 by its prevCursor gives page 1 again.
      const back = await get(`${sort}&pageSize=10&cursor=${walked[1].prevCursor}&direction=prev`);
      expect(ids(back.body)).toEqual(ids(offset[0].body));
      expect(back.body.prevCursor).toBeNull();
    });
  }

  it('answers null cursors at the ends', async () => {
    const first = await get('pageSize=100');
    expect(first.body.prevCursor).toBeNull();
    expect(first.body.nextCursor).toBeNull();
    const p1 = await get('pageSize=10');
    expect(p1.body.nextCursor).toEqual(expect.any(String));
    const p2 = await get(`pageSize=10&cursor=${p1.body.nextCursor}`);
    expect(p2.body.nextCursor).toBeNull();
  });

  it('keeps search and filters while walking', async () => {
    const p1 = await get('pageSize=10&status=A&q=a');
    if (p1.body.nextCursor) {
      const p2 = await get(`pageSize=10&status=A&q=a&cursor=${p1.body.nextCursor}`);
      expect(p2.body.total).toBe(p1.body.total);
    }
    expect(p1.body.rows.length).toBeLessThanOrEqual(10);
  });

  it('refuses a tampered cursor or one made for another sort', async () => {
    const bad = await get('cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.msgKey).toBe('msgListCursorInvalid');
    const p1 = await get('pageSize=10&sort=carrier_code');
    const other = await get(`pageSize=10&sort=display_name&cursor=${p1.body.nextCursor}`);
    expect(other.status).toBe(400);
    const forged = Buffer.from(JSON.stringify({ s: 'carrier_code', o: 'asc', v: { x: 1 }, id: 1 })).toString(
      'base64url',
    );
    expect((await get(`cursor=${forged}`)).status).toBe(400);
  });
});

describe('custom filters (carriers)', () => {
  it('filters with startsWith, contains, eq and date ranges', async () => {
    const starts = await get(filters([{ field: 'scac', op: 'startsWith', value: 'HLC' }]));
    expect(starts.status).toBe(200);
    expect(starts.body.rows.map((r) => r.scac)).toEqual(['HLCU']);
    const contains = await get(filters([{ field: 'full_name', op: 'contains', value: 'HAPAG' }]));
    expect(contains.body.rows.map((r) => r.scac)).toEqual(['HLCU']);
    const code = await get(filters([{ field: 'carrier_code', op: 'eq', value: 'HLCU' }]));
    expect(code.body.rows).toHaveLength(1);
    const future = await get(filters([{ field: 'effective_from', op: 'gte', value: '2999-01-01' }]));
    expect(future.body.total).toBe(0);
    const both = await get(
      filters([
        { field: 'alliance', op: 'eq', value: 'GEMINI' },
        { field: 'display_name', op: 'contains', value: 'aer' },
      ]),
    );
    expect(both.body.rows.map((r) => r.carrier_code)).toEqual(['MAEU']);
  });

  it('treats LIKE wildcards in the value as text', async () => {
    const r = await get(filters([{ field: 'full_name', op: 'contains', value: '%%%' }]));
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(0);
  });

  it('applies the same filter to the export', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Carrier/export?${filters([{ field: 'scac', op: 'startsWith', value: 'HLC' }])}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses unknown fields, operators a field does not take, short and malformed values', async () => {
    const unknown = await get(filters([{ field: 'password', op: 'eq', value: 'abc' }]));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      msgKey: 'msgFilterFieldUnknown',
      details: [{ field: 'filters.0.field', msgKey: 'msgFilterFieldUnknown' }],
    });
    const injected = await get(filters([{ field: 'scac; drop table carriers', op: 'eq', value: 'abc' }]));
    expect(injected.status).toBe(400);
    const proto = await get(filters([{ field: 'constructor', op: 'eq', value: 'abc' }]));
    expect(proto.status).toBe(400);

    const op = await get(filters([{ field: 'status', op: 'contains', value: 'AAA' }]));
    expect(op.body).toMatchObject({ msgKey: 'msgFilterOpNotAllowed' });
    const badOp = await get(filters([{ field: 'scac', op: 'like', value: 'abc' }]));
    expect(badOp.status).toBe(400);

    const short = await get(filters([{ field: 'scac', op: 'contains', value: 'HL' }]));
    expect(short.body).toMatchObject({
      msgKey: 'msgCustomFilterValueTooShort',
      details: [{ field: 'filters.0.value', params: { min: 3 } }],
    });
    const empty = await get(filters([{ field: 'scac', op: 'contains', value: ' ' }]));
    expect(empty.status).toBe(400);
    const date = await get(filters([{ field: 'effective_from', op: 'gte', value: '2026-13-45' }]));
    expect(date.status).toBe(400);
    const notJson = await get('filters=%5Bnot-json');
    expect(notJson.status).toBe(400);
    const tooMany = await get(
      filters(Array.from({ length: 11 }, () => ({ field: 'scac', op: 'eq', value: 'HLCU' }))),
    );
    expect(tooMany.status).toBe(400);
  });
});
