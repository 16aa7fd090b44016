import { money } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { accountingService } from '../accounting/accounting.test-helpers';
import { FakeLedger } from './money-invariants.test-helpers';

/**
 * The money invariants under concurrency (issue 38; docs/invoices.md "Money invariants"): several clients act on
 * the same invoices through the real HTTP API at once (moves, batch updates, settlements), and the posting job
 * runs on two connections at once. Every answer is a success, a refusal or a 409 for a lost race — never a 500,
 * never a lost update — and the totals still hold afterwards. PBT_CONCURRENT_RUNS rounds (default 5).
 */
const RUNS = Number(process.env.PBT_CONCURRENT_RUNS ?? 5);
let t: TestApp;
type H = Record<string, string>;
const who: Record<string, H> = {};
let job: { job_no: string; so_no: string };

const call = (method: 'GET' | 'POST', url: string, headers: H, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload });

async function create(currency: string, lines: { price: string; cr: boolean }[]) {
  const res = await call('POST', '/Invoice', who.ops, {
    inv_type: 'AR',
    kind: 'AR',
    account_code: 'HKCUS001',
    job_nos: [job.job_no],
    so_nos: [job.so_no],
    currency,
    exchange_rate: currency === 'HKD' ? null : '7.812345',
    invoice_date: new Date().toISOString().slice(0, 10),
    sub_type: 'VAT_GENERAL',
    lines: lines.map((l) => ({
      charge_code: 'DOC',
      description: 'Documentation',
      unit_price: l.price,
      quantity: '1',
      uom: 'SHPT',
      dr_cr: l.cr ? 'CR' : 'DR',
      tax_code: 'VAT6',
      tax_rate: '6',
    })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { inv_id: number };
}
const get = async (id: number) => (await call('GET', `/Invoice/${id}`, who.finance)).json();

/** Straight to Posted through the API (export, import and post by finance). */
async function posted(id: number) {
  const steps: [string, string][] = [
    ['ops', 'prepare'],
    ['supervisor', 'approve_1'],
    ['manager', 'approve_2'],
    ['ops', 'print'],
    ['finance', 'accounting_print'],
    ['finance', 'export'],
  ];
  for (const [role, action] of steps) {
    const inv = await get(id);
    const r = await call('POST', `/Invoice/${id}/action`, who[role], { action, version: inv.version });
    expect(r.statusCode, `${action}: ${r.body}`).toBe(200);
  }
  const inv = await get(id);
  const imp = await call('POST', '/Invoice/importDocument', who.finance, {
    rows: [{ inv_id: id, version: inv.version, gov_invoice_no: `G${id}`, invoice_date: inv.invoice_date }],
  });
  expect(imp.statusCode, imp.body).toBe(200);
  const r = await call('POST', `/Invoice/${id}/action`, who.finance, {
    action: 'post',
    version: (await get(id)).version,
  });
  expect(r.statusCode, r.body).toBe(200);
}

/** Invariants 1 and 4 on the stored rows of these invoices. */
async function totalsHold(ids: number[]) {
  const { rows } = await t.db.execute<{ inv_id: number; ok: boolean; detail: string }>(sql`
    select i.inv_id,
           i.total_amount = coalesce(sum(case when l.dr_cr = 'CR' then -l.total_amount else l.total_amount end), 0)
           and i.settled_amount = coalesce(sum(case when l.dr_cr = 'CR' then -l.settled_amount else l.settled_amount end), 0)
           and i.settled_amount + i.outstanding_amount = i.total_amount
           and bool_and(l.settled_amount + l.outstanding_amount = l.total_amount and l.outstanding_amount >= 0
                        and l.settled_amount = coalesce((select sum(a.amount) from settlement_allocations a
                              join settlements s on s.settlement_id = a.settlement_id where a.line_id = l.id and not s.reversed), 0)) as ok,
           i.total_amount::text || ' settled ' || i.settled_amount::text || ' outstanding ' || i.outstanding_amount::text as detail
      from invoices i join invoice_lines l on l.inv_id = i.inv_id where i.inv_id = any(${sql.param(ids)}::int[]) group by i.inv_id`);
  for (const r of rows) expect(r.ok, `invoice ${r.inv_id}: ${r.detail}`).toBe(true);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['ops', 'supervisor', 'manager', 'finance'])
    who[role] = bearer(await sessionToken(t, `${role}@demo.test`));
  const { rows } = await t.db.execute<{ job_no: string; so_no: string }>(
    sql`select job_no, so_no from shipping_orders where job_no is not null order by job_no desc limit 1`,
  );
  job = rows[0];
  await t.db.execute(sql`update journals set status = 'POSTED' where status in ('QUEUED', 'SENDING')`);
}, 120_000);
afterAll(() => t?.close());

describe('money invariants under concurrency (HTTP API)', () => {
  it('concurrent moves and batch updates on the same invoices: one wins, the others 409/422, no lost update', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(5), { minLength: 3, maxLength: 6 }), async (picks) => {
        const ids = [
          (await create('HKD', [{ price: '100', cr: false }])).inv_id,
          (await create('USD', [{ price: '12.34', cr: false }])).inv_id,
        ];
        const before = await Promise.all(ids.map(get));
        const requests = picks.map((p, i) => {
          const inv = before[i % 2];
          switch (p) {
            case 0:
              return call('POST', `/Invoice/${inv.inv_id}/action`, who.ops, {
                action: 'prepare',
                version: inv.version,
              });
            case 1:
              return call('POST', `/Invoice/${inv.inv_id}/action`, who.ops, {
                action: 'delete',
                version: inv.version,
                reason: 'race',
              });
            case 2:
              return call('POST', '/Invoice/batch/paymentRef', who.finance, {
                rows: before.map((b) => ({ inv_id: b.inv_id, version: b.version })),
                payment_ref: `PR${i}`,
              });
            case 3:
              return call('POST', '/Invoice/batch/subType', who.finance, {
                rows: before.map((b) => ({ inv_id: b.inv_id, version: b.version })),
                sub_type: 'VAT_SPECIAL',
              });
            default:
              return call('POST', '/Invoice/batch/status', who.ops, {
                rows: before.map((b) => ({ inv_id: b.inv_id, version: b.version })),
                action: 'prepare',
              });
          }
        });
        const answers = await Promise.all(requests);
        for (const a of answers) expect([200, 201, 404, 409, 422], a.body).toContain(a.statusCode);
        // Every version read by a winner was taken once: per invoice, the version grew by the writes that won.
        const after = await Promise.all(ids.map(get));
        for (const [i, a] of after.entries()) expect(a.version).toBeGreaterThanOrEqual(before[i].version);
        // All read the same versions: at most one winning write per invoice (a second would be a lost update).
        for (const [k, id] of ids.entries()) {
          const winners = answers.filter((a, i) => a.statusCode === 200 && (picks[i] >= 2 || i % 2 === k));
          expect(winners.length, `invoice ${id}`).toBeLessThanOrEqual(1);
        }
        const conflicts = answers.filter((a) => a.statusCode === 409);
        for (const c of conflicts)
          expect(['msgRecordNotLatest', 'msgInvoiceChangeNotSaved']).toContain(c.json().msgKey);
        await totalsHold(ids);
      }),
      { numRuns: RUNS, seed: Number(process.env.PBT_SEED ?? 38) },
    );
  }, 300_000);

  it('concurrent settlements of one posted invoice never settle more than it is owed', async () => {
    const { inv_id } = await create('HKD', [
      { price: '300', cr: false },
      { price: '200', cr: false },
    ]);
    await posted(inv_id);
    const inv = await get(inv_id);
    const owed = inv.outstanding_amount as string;
    const part = money.round(money.div(owed, '3', 8), 'HKD');
    const settle = () =>
      call('POST', '/Settlement', who.finance, {
        settlement_date: new Date().toISOString().slice(0, 10),
        method: 'BANK_TRANSFER',
        currency: 'HKD',
        invoices: [{ inv_id, version: inv.version, amount: part }],
      });
    const answers = await Promise.all([settle(), settle(), settle(), settle()]);
    for (const a of answers) expect([201, 409, 422], a.body).toContain(a.statusCode);
    // All read the same version: exactly one settles, the others are told they lost the race.
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const after = await get(inv_id);
    expect(after.settled_amount).toBe(part);
    await totalsHold([inv_id]);
  }, 120_000);

  it('the posting job on two connections at once posts each journal once', async () => {
    const ids: number[] = [];
    for (const price of ['10', '20', '30', '40']) {
      const { inv_id } = await create('HKD', [{ price, cr: false }]);
      await posted(inv_id);
      ids.push(inv_id);
    }
    const ledger = new FakeLedger();
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id from journals where inv_id = any(${sql.param(ids)}::int[])`,
    );
    const onlyIds = rows.map((r) => r.id);
    await Promise.all([
      accountingService.processDue(t.db, ledger, { onlyIds }),
      accountingService.processDue(t.db, ledger, { onlyIds }),
    ]);
    expect([...ledger.byRef.values()].map((e) => e.posts)).toEqual([1, 1, 1, 1]);
    const { rows: j } = await t.db.execute<{ n: number; posted: number }>(sql`
      select count(*)::int as n, count(*) filter (where status = 'POSTED')::int as posted
        from journals where inv_id = any(${sql.param(ids)}::int[])`);
    expect(j[0]).toEqual({ n: 4, posted: 4 });
    for (const id of ids) expect((await get(id)).acct_process_status).toBe('SUCCESS');
  }, 120_000);
});
