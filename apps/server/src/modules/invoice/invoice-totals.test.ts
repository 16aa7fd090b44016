import { COUNT_CAP, money } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';

/** Issue 38: the invoice lists' totals per currency over the whole filter, not just the page. */
let t: TestApp;
type H = Record<string, string>;
let ops: H;
let agent: H;
const get = (url: string, headers: H) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
type Totals = {
  capped: boolean;
  count: number;
  currencies: { currency: string; count: number; total_amount: string; outstanding_amount: string }[];
};

/** Every row of a list, page by page (the reference the totals must equal). */
async function allRows(path: string, headers: H) {
  const rows: { currency: string; total_amount: string; outstanding_amount: string }[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`${path}${path.includes('?') ? '&' : '?'}pageSize=100&page=${page}`, headers);
    expect(res.statusCode).toBe(200);
    rows.push(...res.json().rows);
    if (res.json().rows.length < 100) return rows;
  }
}

function sumsOf(rows: { currency: string; total_amount: string; outstanding_amount: string }[]) {
  const by = new Map<string, { count: number; total_amount: string; outstanding_amount: string }>();
  for (const r of rows) {
    const s = by.get(r.currency) ?? { count: 0, total_amount: '0', outstanding_amount: '0' };
    by.set(r.currency, {
      count: s.count + 1,
      total_amount: money.add(s.total_amount, r.total_amount),
      outstanding_amount: money.add(s.outstanding_amount, r.outstanding_amount),
    });
  }
  return [...by]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, s]) => ({
      currency,
      count: s.count,
      total_amount: money.round(s.total_amount, currency),
      outstanding_amount: money.round(s.outstanding_amount, currency),
    }));
}

beforeAll(async () => {
  t = await createTestApp();
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  agent = bearer(await sessionToken(t, 'agent@demo.test'));
});
afterAll(() => t?.close());

describe('invoice list totals per currency (issue 38)', () => {
  it('the Search list: Σ per currency of every row the filter matches, in the currency digits', async () => {
    const res = await get('/Invoice/totals', ops);
    expect(res.statusCode).toBe(200);
    const totals: Totals = res.json();
    const rows = await allRows('/Invoice', ops);
    expect(rows.length).toBeGreaterThan(0);
    expect(totals).toEqual({ capped: false, count: rows.length, currencies: sumsOf(rows) });
    expect(totals.currencies.length).toBeGreaterThan(1);
    // Filtered: the AP side only.
    const ap: Totals = (await get('/Invoice/totals?inv_type=AP', ops)).json();
    expect(ap.currencies).toEqual(sumsOf(await allRows('/Invoice?inv_type=AP', ops)));
  });

  it('a stage list: the same rows as the list, with its search', async () => {
    for (const path of ['/Invoice/arSearch/PendingPreparation', '/Invoice/apSearch/PendingPreparation']) {
      const totals: Totals = (await get(`${path}/totals`, ops)).json();
      const rows = await allRows(path, ops);
      expect(totals.count).toBe(rows.length);
      expect(totals.currencies).toEqual(sumsOf(rows));
    }
    expect((await get('/Invoice/arSearch/Nope/totals', ops)).statusCode).toBe(404);
    expect((await get('/Invoice/arSearch/PendingPreparation/totals', agent)).statusCode).toBe(403);
  });

  it('more rows than COUNT_CAP: capped, no partial sums', async () => {
    await t.db.execute(sql`
      insert into invoices (invoice_no, inv_type, kind, status, account_code, party_id, office_code, currency,
                            base_currency, exchange_rate, net_amount, total_amount, base_total_amount,
                            outstanding_amount, settled_amount, acct_process_status, search_text)
      select 'TT-' || g, 'AR', 'DN', 'NEW', party_code, party_id, 'HKG', 'HKD', 'HKD', 1, 1, 1, 1, 1, 0, 'NA',
             'zztotals ' || g
        from parties cross join generate_series(1, ${COUNT_CAP + 1}) g where party_code = 'HKCUS001'`);
    const capped: Totals = (await get('/Invoice/totals?q=zztotals', ops)).json();
    expect(capped).toEqual({ capped: true, count: COUNT_CAP, currencies: [] });
    await t.db.execute(sql`delete from invoices where invoice_no like 'TT-%'`);
  });
});
