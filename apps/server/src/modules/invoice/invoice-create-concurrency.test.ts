import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arInvoiceBody } from '../../../test/invoice-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { SEQ_NUMBER_SKIPS_MAX } from '../sequence';

/**
 * Invoice creation takes a free number (issue 40: no create waits for another's commit) and refreshes the GP
 * and finance figures after the commit (issue 20): concurrent creates get unique, consecutive numbers, a
 * create failing after it took its number gives it back to the next create, concurrent retries with one
 * Idempotency-Key still make one invoice, and a create whose derived figures are slow (a locked GP job) does
 * not hold up the next create.
 */

let t: TestApp;
let ops: Record<string, string>;
let jobs: { job_no: string; so_no: string; etd: string }[];

const body = (job: (typeof jobs)[number], over: Record<string, unknown> = {}) => arInvoiceBody(job, over);
const post = (payload: object, headers: Record<string, string> = ops) =>
  t.app.inject({ method: 'POST', url: '/api/v1/Invoice', headers, payload });
type Created = { inv_id: number; invoice_no: string };

/** The running part of an invoice number (its trailing digits: period and counter, e.g. 261100017). */
const running = (no: string) => Number(/(\d+)$/.exec(no)?.[1]);
const consecutive = (nos: string[]) => {
  const n = nos.map(running).sort((a, b) => a - b);
  return new Set(n).size === n.length && n[n.length - 1] - n[0] + 1 === n.length;
};

beforeAll(async () => {
  t = await createTestApp();
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  // Two jobs dated after the first exchange rate (older demo history has no rate for its dates).
  const { rows } = await t.db.execute<{ job_no: string; so_no: string; etd: string }>(sql`
    select distinct on (job_no) job_no, so_no, etd::text as etd from shipping_orders
     where job_no is not null and etd >= (select min(effective_date) from exchange_rates)
     order by job_no, so_no limit 2`);
  jobs = rows;
});
afterAll(() => t.close());

describe('invoice creation under concurrency', () => {
  it('gives concurrent creates consecutive numbers and one invoice per Idempotency-Key', async () => {
    const bodies = Array.from({ length: 10 }, (_, i) => body(jobs[i % 2], { remarks: `conc-${i}` }));
    // Each invoice sent twice at once with the same key: 20 requests in flight together.
    const res = await Promise.all(
      bodies.flatMap((b, i) => [0, 1].map(() => post(b, { ...ops, 'idempotency-key': `inv-conc-${i}` }))),
    );
    expect(res.map((r) => r.statusCode)).toEqual(res.map(() => 201));
    const made = res.map((r) => r.json() as Created);
    for (let i = 0; i < bodies.length; i++) expect(made[2 * i].invoice_no).toBe(made[2 * i + 1].invoice_no);
    const nos = [...new Set(made.map((m) => m.invoice_no))];
    expect(nos).toHaveLength(bodies.length);
    expect(nos.every((n) => /^AR/.test(n))).toBe(true);
    expect(consecutive(nos)).toBe(true);

    const ids = [...new Set(made.map((m) => m.inv_id))];
    const { rows } = await t.db.execute<{
      invoice_no: string;
      indexed: number;
      provisional: number;
      gp: number;
    }>(sql`
      select i.invoice_no,
             (select count(*)::int from document_numbers d where d.kind = 'invoice' and d.doc_id = i.inv_id::text
                 and d.field = 'invoice_no' and d.number = i.invoice_no and d.display_no = i.invoice_no) as indexed,
             (select count(*)::int from document_numbers d where d.kind = 'invoice' and d.doc_id = i.inv_id::text
                 and (d.number like '~%' or d.display_no like '~%')) as provisional,
             (select count(*)::int from gp_invoice_jobs g where g.inv_id = i.inv_id) as gp
        from invoices i where i.inv_id = any(${sql.param(ids)}::int[])`);
    // Stored and indexed (global search) under the real number, never the provisional one, and the GP
    // figures already follow the invoice when the answer comes (refreshed after the commit, before it).
    expect(rows.map((r) => r.invoice_no).sort()).toEqual([...nos].sort());
    expect(rows.every((r) => r.indexed === 1 && r.provisional === 0 && r.gp === 1)).toBe(true);
    const left = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where invoice_no like '~%'`,
    );
    expect(left.rows[0].n).toBe(0);
  });

  it('gives the number back when a create fails after taking it: the next creates take it, leaving no gap', async () => {
    // Writing some invoices fails (the number is taken before the row is written): they roll back.
    await t.db.execute(sql`
      create function test_refuse_invoice_no() returns trigger language plpgsql as $$
      begin
        if new.remarks = 'REFUSED' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger test_refuse_invoice_no before insert on invoices
        for each row execute function test_refuse_invoice_no()`);
    try {
      const bodies = Array.from({ length: 9 }, (_, i) =>
        body(jobs[i % 2], { remarks: i % 3 === 1 ? 'REFUSED' : `ok-${i}` }),
      );
      const res = await Promise.all(bodies.map((b) => post(b)));
      const ok = res.filter((r) => r.statusCode === 201).map((r) => (r.json() as Created).invoice_no);
      expect(ok).toHaveLength(6);
      expect(res.filter((r) => r.statusCode !== 201)).toHaveLength(3);
      expect(new Set(ok).size).toBe(6);
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from invoices where remarks = 'REFUSED'`,
      );
      expect(rows[0].n).toBe(0);
      // The failed creates gave their numbers back (free numbers, sequence.service takeConcurrent): the next
      // three invoices take them, so the nine are consecutive and nothing was lost.
      const next: string[] = [];
      for (let k = 0; k < 3; k++) {
        const r = await post(body(jobs[0]));
        expect(r.statusCode).toBe(201);
        next.push((r.json() as Created).invoice_no);
      }
      expect(consecutive([...ok, ...next])).toBe(true);
    } finally {
      await t.db.execute(sql`drop trigger test_refuse_invoice_no on invoices`);
      await t.db.execute(sql`drop function test_refuse_invoice_no()`);
    }
  });

  it('does not hold the number while the GP figures of its job wait: the next create gets its number', async () => {
    const [a, b] = jobs;
    // Job A has GP facts (its first invoice); a reader holding them locked makes A's GP refresh wait.
    expect((await post(body(a))).statusCode).toBe(201);
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from gp_job_facts where job_no = ${a.job_no} for update`);
      locked();
      await released;
    });
    try {
      await isLocked;
      const first = post(body(a, { remarks: 'gp-waits' }));
      // Wait until A's create waits on the locked GP facts.
      for (let i = 0; i < 100; i++) {
        const { rows } = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
        );
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // Before issue 20 the GP refresh ran after the number, inside the create: B waited on the counter row.
      const second = await Promise.race([
        post(body(b)),
        new Promise<null>((r) => setTimeout(() => r(null), 15_000)),
      ]);
      // null: B was still waiting after 15 s, for the counter row A held.
      expect(second?.statusCode ?? 'still waiting').toBe(201);
      if (!second) return;
      release();
      const firstRes = await first;
      expect(firstRes.statusCode).toBe(201);
      // A took its number before B: B's follows it directly.
      expect(running((second.json() as Created).invoice_no)).toBe(
        running((firstRes.json() as Created).invoice_no) + 1,
      );
      // A's own answer stopped waiting for its figures after DERIVED_WAIT_MS (its refresh waited on the lock);
      // they follow once the lock is gone.
      const gpRows = async () =>
        (
          await t.db.execute<{ n: number }>(sql`
            select count(*)::int as n from gp_invoice_jobs
             where inv_id = ${(firstRes.json() as Created).inv_id}`)
        ).rows[0].n;
      await expect.poll(gpRows, { timeout: 10_000 }).toBe(1);
    } finally {
      release();
      await holder;
    }
  });

  it('skips numbers already used by invoices the counter did not number, and refuses a run of them too long', async () => {
    const first = await post(body(jobs[0], { remarks: 'before-imported' }));
    expect(first.statusCode).toBe(201);
    const { inv_id, invoice_no } = first.json() as Created;
    // The running part's digits after the invoice's number, in its format (e.g. ARHKG261100017 → …018).
    const digits = /(\d+)$/.exec(invoice_no)?.[1] ?? '';
    const nth = (k: number) =>
      invoice_no.slice(0, -digits.length) + String(Number(digits) + k).padStart(digits.length, '0');
    // Invoices numbered outside the counter (imported) with the next numbers: copies of the one just made.
    const imported = (from: number, count: number, tag: string) =>
      t.db.execute(sql`
        insert into invoices
        select (jsonb_populate_record(null::invoices, to_jsonb(i) || jsonb_build_object(
                  'inv_id', nextval('invoices_inv_id_seq'),
                  'invoice_no', ${invoice_no.slice(0, -digits.length)}::text
                                || lpad((${Number(digits)}::bigint + g)::text, ${digits.length}::int, '0'),
                  'remarks', ${tag}::text))).*
          from invoices i, generate_series(${from}::int, ${from + count - 1}::int) g
         where i.inv_id = ${inv_id}`);
    await imported(1, 3, 'imported-3');
    try {
      const next = await post(body(jobs[1], { remarks: 'after-imported' }));
      // Before: a unique violation, answered 500 (and every create after it the same, the number given back).
      expect(next.statusCode).toBe(201);
      expect((next.json() as Created).invoice_no).toBe(nth(4));
      // The three skipped numbers are in use, not free again: the one after takes the next number.
      const after = await post(body(jobs[0]));
      expect((after.json() as Created).invoice_no).toBe(nth(5));

      // A run longer than a creation walks: a clear refusal, nothing written, the numbers given back. (A few more
      // than the limit: a running number another office's invoice took is not offered to this office at all.)
      await imported(6, SEQ_NUMBER_SKIPS_MAX + 10, 'imported-run');
      const refused = await post(body(jobs[1], { remarks: 'refused-run' }));
      expect(refused.statusCode, refused.body).toBe(409);
      const answer = refused.json() as { msgKey: string; params: { number: string } };
      expect(answer.msgKey).toBe('msgSeqNumberInUse');
      // The last number it tried: one of the run's.
      expect(running(answer.params.number)).toBeGreaterThanOrEqual(
        running(nth(6 + SEQ_NUMBER_SKIPS_MAX - 1)),
      );
      expect(running(answer.params.number)).toBeLessThanOrEqual(running(nth(6 + SEQ_NUMBER_SKIPS_MAX + 9)));
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from invoices where remarks = 'refused-run'`,
      );
      expect(rows[0].n).toBe(0);
      await t.db.execute(sql`delete from invoices where remarks = 'imported-run'`);
      const healed = await post(body(jobs[1]));
      expect((healed.json() as Created).invoice_no).toBe(nth(6));
    } finally {
      await t.db.execute(sql`delete from invoices where remarks in ('imported-3', 'imported-run')`);
    }
  });
});
