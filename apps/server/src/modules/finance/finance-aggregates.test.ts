import type { TFinanceFilter } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_TOKEN,
  type LedgerStandIn,
  startLedgerStandIn,
} from '../../../../../standins/ledger/ledger-stand-in.mjs';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { loadConfig } from '../../config';
import { postDueJournals } from '../accounting';
import { ledgerClient } from '../ledger';
import { financeService } from './finance.service';
import { rebuildFinance, sweepFinance } from './index';

/**
 * The finance dashboard's aggregates (docs/finance.md "Aggregates") never disagree with the direct computation:
 * after random creates, edits, deletes and approvals (the invoice change hooks, no sweep), postings (the batch
 * post's bulk move, then the ledger's answers caught by the sweep), settlements and a settlement reversal (the
 * hooks again), every card and bucket of the dashboard is the same for many filters and as-of days, and a
 * rebuild from scratch gives the cube kept incrementally.
 */
let t: TestApp;
let ledger: LedgerStandIn;
type H = Record<string, string>;
let ops: H;
let supervisor: H;
let manager: H;
let finance: H;
let jobs: { job_no: string; so_no: string; office: string }[];
const today = new Date().toISOString().slice(0, 10);
const plus = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const cfg = () => loadConfig().invoice;

/** A small deterministic generator (the same "random" changes on every run). */
let seed = 20261123;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
interface Inv {
  inv_id: number;
  invoice_no: string;
  version: number;
  status: string;
  inv_type: 'AR' | 'AP';
}
const get = async (id: number): Promise<Inv> => (await call('GET', `/Invoice/${id}`, finance)).json();
const CUSTOMERS = ['HKCUS001', 'HKSHP001'];
const body = (over: Record<string, unknown> = {}) => {
  const job = pick(jobs);
  const usd = rnd() < 0.4;
  return {
    inv_type: 'AR',
    kind: 'AR',
    account_code: pick(CUSTOMERS),
    job_nos: [job.job_no],
    so_nos: [job.so_no],
    currency: usd ? 'USD' : 'HKD',
    ...(usd ? { exchange_rate: pick(['7.8', '7.812345', '7.75']) } : {}),
    invoice_date: plus(-Math.floor(rnd() * 80)),
    sub_type: 'VAT_SPECIAL',
    lines: [
      {
        charge_code: pick(['OFR', 'DOC', 'THCO']),
        description: 'Charge',
        unit_price: String(100 + Math.floor(rnd() * 5000)),
        quantity: String(1 + Math.floor(rnd() * 3)),
        uom: 'SHPT',
        dr_cr: 'DR',
        tax_code: 'VAT6',
        tax_rate: '6',
        price_includes_tax: false,
      },
    ],
    ...over,
  };
};

/** The dashboard by both paths, for many filters and as-of days: they must be equal. */
async function expectAgree(label: string) {
  const filters: TFinanceFilter[] = [
    {},
    { office: jobs[0].office },
    { currency: 'USD' },
    { currency: 'HKD' },
    { customer: 'HKCUS001' },
    { customer: 'HKSHP001', office: jobs[0].office },
    { preset: '1d' },
    { preset: '1w' },
    { preset: '1m' },
    { preset: '3m', currency: 'USD' },
    { preset: '2w', customer: 'HKCUS001' },
  ] as TFinanceFilter[];
  for (const asOf of [today, plus(10), plus(45), plus(100), plus(-20)])
    for (const f of filters) {
      const [direct, fromAgg] = await Promise.all([
        financeService.dashboardNow(t.db, cfg(), f, asOf, true),
        financeService.dashboardNow(t.db, cfg(), f, asOf, false),
      ]);
      expect(fromAgg, `${label}: ${JSON.stringify(f)} as of ${asOf}`).toEqual(direct);
    }
}

const cube = async () =>
  (
    await t.db.execute(
      sql`select kind, posted_month, inv_type, office_code, currency, invoice_date::text, due_date::text, n,
                 amount::text from fin_cube order by 1, 2, 3, 4, 5, 6, 7`,
    )
  ).rows;

beforeAll(async () => {
  ledger = await startLedgerStandIn();
  t = await createTestApp({ ACCOUNTING_URL: ledger.url, ACCOUNTING_TOKEN: DEMO_TOKEN });
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  supervisor = bearer(await sessionToken(t, 'supervisor@demo.test'));
  manager = bearer(await sessionToken(t, 'manager@demo.test'));
  finance = bearer(await sessionToken(t, 'finance@demo.test'));
  jobs = (
    await t.db.execute<{ job_no: string; so_no: string; office: string }>(
      sql`select job_no, min(so_no) as so_no, min(handling_office) as office from shipping_orders
           where job_no is not null and status <> 'CANCELLED' group by job_no order by job_no limit 4`,
    )
  ).rows;
  // Whatever the template database holds, start from aggregates that match it.
  await rebuildFinance(t.db);
});
afterAll(async () => {
  await t?.close();
  await ledger?.close();
});

describe('finance aggregates equal the direct computation', () => {
  const made: Inv[] = [];

  it('after random creates, edits, deletes and approvals (hooks only, no sweep)', async () => {
    for (let i = 0; i < 11; i++) {
      // Two credit notes among the ones that go on to posting and settlement (negative amounts, CR lines).
      const cn = i === 6 || i === 9;
      const b = body();
      const res = await call(
        'POST',
        '/Invoice',
        ops,
        cn ? { ...b, kind: 'CN', lines: b.lines.map((l) => ({ ...l, dr_cr: 'CR' })) } : b,
      );
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json());
    }
    // A few edits (other amounts, currency and date), a delete, and approvals up to Approved 2.
    for (const inv of made.slice(0, 4)) {
      const res = await call('PUT', `/Invoice/${inv.inv_id}`, ops, { ...body(), version: inv.version });
      expect(res.statusCode, res.body).toBe(200);
    }
    const gone = await get(made[4].inv_id);
    const del = await call('POST', `/Invoice/${gone.inv_id}/action`, ops, {
      action: 'delete',
      version: gone.version,
      reason: 'Raised twice',
    });
    expect(del.statusCode, del.body).toBe(200);
    for (const inv of made.slice(5)) {
      for (const [who, action] of [
        [ops, 'prepare'],
        [supervisor, 'approve_1'],
        [manager, 'approve_2'],
      ] as const) {
        const cur = await get(inv.inv_id);
        const r = await call('POST', `/Invoice/${inv.inv_id}/action`, who, { action, version: cur.version });
        expect(r.statusCode, r.body).toBe(200);
      }
    }
    await expectAgree('drafts and approvals');
  }, 300_000);

  it('after postings: the batch post (bulk move, hooks) and the ledger’s answers (the sweep)', async () => {
    const ready = made.slice(5);
    // Export and import are other steps: straight to Imported with a government invoice no. (outside the hooks).
    await t.db.execute(sql`update invoices set status = 'IMPORTED', gov_invoice_no = 'G' || inv_id,
      version = version + 1, updated_at = now() where inv_id = any(${sql.param(ready.map((r) => r.inv_id))}::int[])`);
    await sweepFinance(t.db);
    await expectAgree('imported (unposted)');
    const res = await call('POST', '/Accounting/post', finance, { inv_ids: ready.map((r) => r.inv_id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().posted, res.body).toHaveLength(ready.length);
    await expectAgree('posted, pending (hooks)');
    const client = ledgerClient({ url: ledger.url, token: DEMO_TOKEN, timeoutMs: 5000 });
    expect((await postDueJournals(t.db, client)).posted).toBeGreaterThanOrEqual(ready.length);
    await sweepFinance(t.db);
    await expectAgree('posted, the ledger answered (sweep)');
  }, 300_000);

  it('after settlements, partial and full, and a settlement reversal (hooks only)', async () => {
    const settled: { settlement_id: number; version: number }[] = [];
    for (const inv of made.slice(5)) {
      const cur = (await call('GET', `/Invoice/${inv.inv_id}`, finance)).json();
      const partial = rnd() < 0.5;
      const amount = partial ? (Number(cur.outstanding_amount) / 2).toFixed(2) : cur.outstanding_amount;
      const res = await call('POST', '/Settlement', finance, {
        settlement_date: today,
        method: 'BANK_TRANSFER',
        currency: cur.currency,
        ...(cur.currency !== 'HKD' ? { exchange_rate: '7.8' } : {}),
        invoices: [{ inv_id: inv.inv_id, version: cur.version, amount }],
      });
      expect(res.statusCode, res.body).toBe(201);
      settled.push(res.json().settlement);
    }
    await expectAgree('settled');
    const undo = settled[0];
    const res = await call('POST', `/Settlement/${undo.settlement_id}/reverse`, finance, {
      version: undo.version,
      reason: 'Cheque bounced',
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectAgree('a settlement reversed');
  }, 300_000);

  it('a rebuild from scratch gives the cube kept incrementally', async () => {
    const kept = await cube();
    await rebuildFinance(t.db);
    expect(await cube()).toEqual(kept);
  });
});
