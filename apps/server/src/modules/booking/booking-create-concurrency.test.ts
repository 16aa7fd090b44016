import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { apiOf, partyIds, validBooking } from './booking.fixture.test-helpers';

/**
 * Booking creation takes its SO number last, under a provisional one until then (issue 20): these check that
 * concurrent creates still get gap-free, unique numbers, that a save failing after taking its number gives
 * it back, and that concurrent retries with one Idempotency-Key still make one booking.
 */

let t: TestApp;
let ops: Record<string, string>;
let ids: Record<string, number>;
let api: ReturnType<typeof apiOf>;

/** The running part of an SO number (its trailing digits: period and counter, e.g. 260500017). */
const running = (soNo: string) => Number(/(\d+)$/.exec(soNo)?.[1]);
const consecutive = (soNos: string[]) => {
  const n = soNos.map(running).sort((a, b) => a - b);
  return new Set(n).size === n.length && n[n.length - 1] - n[0] + 1 === n.length;
};

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  ids = await partyIds(t);
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
});
afterAll(() => t.close());

describe('booking creation under concurrency', () => {
  it('gives concurrent creates consecutive SO numbers and one booking per Idempotency-Key', async () => {
    const bodies = Array.from({ length: 10 }, () => validBooking(ids));
    // Each booking sent twice at once with the same key: 20 requests in flight together.
    const res = await Promise.all(
      bodies.flatMap((body, i) =>
        [0, 1].map(() => api('POST', '/Booking', { ...ops, 'idempotency-key': `conc-create-${i}` }, body)),
      ),
    );
    expect(res.map((r) => r.statusCode)).toEqual(res.map(() => 201));
    const soNos = res.map((r) => (r.json() as { so_no: string }).so_no);
    for (let i = 0; i < bodies.length; i++) expect(soNos[2 * i]).toBe(soNos[2 * i + 1]);
    const distinct = [...new Set(soNos)];
    expect(distinct).toHaveLength(bodies.length);
    expect(distinct.every((s) => /^[A-Z]/.test(s))).toBe(true);
    expect(consecutive(distinct)).toBe(true);

    const { rows } = await t.db.execute<{ so_no: string; indexed: number }>(sql`
      select so.so_no, (select count(*)::int from document_numbers d
                         where d.doc_id = so.so_id::text and d.field = 'so_no' and d.number = so.so_no) as indexed
        from shipping_orders so where so.po_no = any(${sql.param(bodies.map((b) => b.po_no))}::text[])`);
    // One order per key, stored and indexed (global search) under its real number, never the provisional one.
    expect(rows.map((r) => r.so_no).sort()).toEqual(distinct.sort());
    expect(rows.every((r) => r.indexed === 1)).toBe(true);
    const provisional = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from shipping_orders where so_no like '~%'`,
    );
    expect(provisional.rows[0].n).toBe(0);
  });

  it('gives the number back when a save fails after taking it, leaving no gap among concurrent creates', async () => {
    // The search index refuses one PO# (a failure after the SO number is taken): that save rolls back.
    await t.db.execute(sql`
      create function test_refuse_po() returns trigger language plpgsql as $$
      begin
        if new.number = 'PO-REFUSED' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger test_refuse_po before insert on document_numbers
        for each row execute function test_refuse_po()`);
    try {
      const bodies = Array.from({ length: 9 }, (_, i) =>
        validBooking(ids, i % 3 === 1 ? { po_no: 'PO-REFUSED' } : {}),
      );
      const res = await Promise.all(bodies.map((b) => api('POST', '/Booking', ops, b)));
      const ok = res.filter((r) => r.statusCode === 201).map((r) => (r.json() as { so_no: string }).so_no);
      expect(ok).toHaveLength(6);
      expect(res.filter((r) => r.statusCode !== 201)).toHaveLength(3);
      expect(consecutive(ok)).toBe(true);
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from shipping_orders where po_no = 'PO-REFUSED'`,
      );
      expect(rows[0].n).toBe(0);
      // The next booking continues right after the last one: nothing was lost.
      const next = await api('POST', '/Booking', ops, validBooking(ids));
      expect(next.statusCode).toBe(201);
      expect(running((next.json() as { so_no: string }).so_no)).toBe(Math.max(...ok.map(running)) + 1);
    } finally {
      await t.db.execute(sql`drop trigger test_refuse_po on document_numbers`);
      await t.db.execute(sql`drop function test_refuse_po()`);
    }
  });
});
