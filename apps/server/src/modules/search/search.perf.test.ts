import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { rebuildSearchIndex } from '../../platform/search/document-numbers';

/**
 * The global search over a modest index (run with SEARCH_PERF=1, SEARCH_PERF_ROWS to change the size; a few
 * minutes): bookings with two containers each are loaded, the index rebuilt (timed), then 20 clients ask
 * 3- to 12-character prefixes of real numbers. Prints p50/p95 of the API (in-process inject) and of the same
 * index lookup as raw SQL, and the plan. The 1,000,000-booking figure is the bench's (npm run bench:booking).
 */
const ROWS = Number(process.env.SEARCH_PERF_ROWS ?? 200_000);
const CLIENTS = 20;
const REQUESTS = 2_000;
const run = process.env.SEARCH_PERF === '1';
let t: TestApp;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Runs `n` calls of `fn` over `clients` concurrent loops; answers each call's milliseconds. */
async function load(n: number, clients: number, fn: (i: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < n) {
        const i = next++;
        const start = performance.now();
        await fn(i);
        times.push(performance.now() - start);
      }
    }),
  );
  return times;
}

describe.runIf(run)(`global search over ${ROWS.toLocaleString('en')} bookings`, () => {
  let prefixes: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(
      sql.raw(`
      insert into shipping_orders (so_no, job_no, hbl_no, po_no, status, is_e_booking, transport_mode, service_type,
        delivery_type, business_type, shipper_id, customer_id, consignee_id, nomination_agent_id, handling_office,
        pol, pod, pld, fd, etd, eta, cargo_ready_date, carrier_code, vessel_name, voyage, incoterms, freight_term)
      select 'SOSRCH' || lpad(g::text, 8, '0'), case when g % 3 = 0 then 'JBSRCH' || g end,
             case when g % 3 = 0 then 'HBSRCH' || g end, 'PO-S-' || g, 'CONFIRMED', false, 'SEA', 'FCL', 'P2P',
             'FREEHAND', s.shipper_id, s.customer_id, s.consignee_id, s.nomination_agent_id, 'HKG', 'HKHKG', 'NLRTM',
             'NLRTM', 'NLRTM', date '2026-01-01' + g % 700, date '2026-01-20' + g % 700, date '2025-12-20' + g % 700,
             'MAEU', 'MAERSK KOTKA', '612W', 'FOB', 'PREPAID'
        from generate_series(1, ${ROWS}) g,
             (select * from shipping_orders where so_no like 'DEMO%' order by so_id desc limit 1) s`),
    );
    await t.db.execute(
      sql.raw(`
      insert into so_containers (so_id, line_no, container_no, size_type, carrier_booking_no)
      select so_id, n, 'SRCU' || lpad(((so_id * 2 + n) % 1000000)::text, 6, '0') || (so_id % 10), '40HQ',
             'MAEU' || (so_id % 500000)
        from shipping_orders, generate_series(1, 2) n where so_no like 'SOSRCH%'`),
    );
    // The whole index, then the booking kind alone (what bench:booking runs after its generator).
    for (const only of [undefined, ['booking']]) {
      const started = performance.now();
      const counts = await rebuildSearchIndex(t.db, only);
      const seconds = (performance.now() - started) / 1000;
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from document_numbers`,
      );
      console.log(
        `rebuild ${only ?? 'all'}: ${JSON.stringify(counts)} documents, ${rows[0].n} index rows in ${seconds.toFixed(1)} s (${Math.round(rows[0].n / seconds)} rows/s)`,
      );
    }
    // Prefixes of real numbers, 3 to 12 characters.
    const sample = await t.db.execute<{ number: string }>(
      sql`select number from document_numbers tablesample system (1) where kind = 'booking' limit 400`,
    );
    prefixes = sample.rows.map((r, i) => r.number.replace(/[\s-]/g, '').slice(0, 3 + (i % 10)));
  }, 1_800_000);
  afterAll(() => t?.close());

  it('answers prefixes within the target (p95 <= 20 ms; <= 2x the raw lookup)', async () => {
    const plan = await t.db.execute<{ 'QUERY PLAN': string }>(
      sql`explain analyze select kind, doc_id from document_numbers where number_norm like 'SRCU12%'
            and kind = any(array['booking','party']) order by number_norm using ~<~ limit 60`,
    );
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    for (const login of ['ops@demo.test', 'shipper@demo.test']) {
      const headers = bearer(await sessionToken(t, login));
      const api = await load(REQUESTS, CLIENTS, async (i) => {
        const q = prefixes[i % prefixes.length];
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/v1/Search/documents?q=${q}&limit=20`,
          headers,
        });
        expect(res.statusCode).toBe(200);
      });
      console.log(`API ${login}: p50 ${pct(api, 50).toFixed(2)} ms, p95 ${pct(api, 95).toFixed(2)} ms`);
    }
    const raw = await load(REQUESTS, CLIENTS, async (i) => {
      const q = prefixes[i % prefixes.length];
      await t.db.execute(
        sql`select kind, doc_id, field, number, display_no, status, subtitle, dates from document_numbers
             where number_norm like ${`${q}%`} and kind = any(array['booking','party'])
             order by number_norm using ~<~ limit 60`,
      );
    });
    console.log(`raw SQL: p50 ${pct(raw, 50).toFixed(2)} ms, p95 ${pct(raw, 95).toFixed(2)} ms`);
  }, 900_000);
});
