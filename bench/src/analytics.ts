/**
 * Analytics figures (issue 17 "Speed": with 1,000,000 bookings a page's first load p95 ≤ 500 ms and a filter
 * change p95 ≤ 300 ms at 10 concurrent clients on 2 cores). Starts a fresh server and database, generates the
 * bookings with booking-generate.ts (a seventh of them turned into air shipments, ETDs over 15 months), rebuilds
 * the shipment facts and cubes with the module's own rebuildAnalytics, then, per registered analytics page:
 * - first load: GET /Analytics/{page} for the last 12 months (the 1st of the month 11 months ago to today);
 * - filter change: the same with an office (a different office per request);
 * - next to them, the best raw SQL on the cube for a shipment page's table (its plan named from EXPLAIN);
 * and the aggregate refresh cost per 1,000 changed bookings (refreshAnalyticsOrders, as the sweep runs it).
 *
 *   npm run bench:analytics                          1,000,000 bookings
 *   npm run bench:analytics -- --bookings 200000     a reduced run (say so with the figures)
 *   … --invoices N                                   invoices to generate (default 2 × bookings; 0 = none)
 *   … --pages A,B --out /tmp/x                       only these pages; figures to another folder (reduced runs)
 * Figures go to bench/results/analytics-bench.json and bench/results/analytics-bench.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ANALYTICS_PAGE_NAMES, ANALYTICS_PAGES } from '@portal/contracts';
import pg from 'pg';
import { arg, generateBookings } from './booking-generate';
import { generateInvoices } from './invoice-generate';
import { type BenchServer, load, planIndexes, ROOT, signIn, startServer } from './server';

const CLIENTS = 10;
const PER = Number(arg('per') ?? 10);
const FIRST_MS = 500;
const CHANGE_MS = 300;
const OFFICES = ['HKG', 'SZX', 'SHA', 'NGB'];
const FACT_TABLES = [
  'analytics_shipment_facts',
  'analytics_base_cube',
  'analytics_carrier_cube',
  'analytics_lane_cube',
  'analytics_ship_cube',
  'analytics_customer_cube',
  'analytics_agent_cube',
  'analytics_booking_cube',
  'analytics_base_day_cube',
  'analytics_carrier_day_cube',
  'analytics_lane_day_cube',
  'analytics_customer_day_cube',
  'analytics_agent_day_cube',
  'analytics_booking_day_cube',
];

const secs = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;

/** The best raw SQL for a shipment page's table: the cube its grouping reads, whole months. */
const CUBE_SQL: Partial<Record<string, string>> = {
  ShipmentReport:
    'select month, sum(shipments), sum(teu), sum(cbm), sum(kg) from analytics_base_cube where month between $1 and $2 group by month order by month',
  CarrierReportPBI:
    'select carrier, sum(shipments), sum(teu), sum(cbm), sum(kg) from analytics_carrier_cube where month between $1 and $2 group by carrier',
  AgentReportPBI:
    'select agent_id, sum(shipments), sum(teu), sum(cbm), sum(kg) from analytics_agent_cube where month between $1 and $2 group by agent_id',
  AirShipmentReportPBI:
    "select month, sum(shipments), sum(kg) from analytics_base_cube where month between $1 and $2 and mode = 'AIR' group by month",
  BookingPBI:
    'select month, sum(bookings), sum(ebookings), sum(confirmed), sum(cancelled), sum(confirm_hours) from analytics_booking_cube where month between $1 and $2 group by month',
};

async function main() {
  const n = Number(arg('bookings') ?? 1_000_000);
  const invoices = Number(arg('invoices') ?? 2 * n);
  const server: BenchServer = await startServer(
    Number(arg('port') ?? 8171),
    Number(arg('pg-port') ?? 55171),
    arg('data') ?? '/tmp/portal-bench-analytics',
  );
  const dbUrl = server.dbUrl;
  const loads: Record<string, number> = { start: loadavg()[0] };
  const seconds: Record<string, number> = {};
  const pool = new pg.Pool({ connectionString: dbUrl, max: CLIENTS });
  const rows: Record<string, string | number>[] = [];
  let failed = 0;
  const { createDb } = (await import(path.join(ROOT, 'apps/server/src/platform/db/client.ts'))) as {
    createDb: (u: string, max?: number) => { db: unknown; pool: pg.Pool };
  };
  const analytics = (await import(path.join(ROOT, 'apps/server/src/modules/analytics/index.ts'))) as {
    rebuildAnalytics(db: unknown): Promise<void>;
    refreshAnalyticsOrders(db: unknown, ids: number[]): Promise<void>;
  };
  // The CO2e page reads its own per-order facts (modules/co2e): rebuilt too, or the page measures an empty table.
  const co2e = (await import(path.join(ROOT, 'apps/server/src/modules/co2e/index.ts'))) as {
    rebuildCo2e(db: unknown): Promise<unknown>;
  };
  const gp = (await import(path.join(ROOT, 'apps/server/src/modules/gp-report/index.ts'))) as {
    rebuildGp(db: unknown): Promise<void>;
  };
  // OperationReportPBI's step aggregate (after the AIR update below, which leaves updated_at alone) and the
  // finance aggregates MISTest reads its overdue receivables from: built here, not during the first request.
  const ops = (await import(path.join(ROOT, 'apps/server/src/modules/operation-alert/index.ts'))) as {
    rebuildOpsSteps(db: unknown): Promise<unknown>;
    /** The page-view day rollup (absent before it existed). */
    rebuildPageViewAggregates?(db: unknown): Promise<unknown>;
    /** The operation alert candidates (absent before they existed). */
    rebuildAlertCandidates?(db: unknown): Promise<unknown>;
  };
  const finance = (await import(path.join(ROOT, 'apps/server/src/modules/finance/index.ts'))) as {
    rebuildFinance(db: unknown): Promise<unknown>;
  };
  const made = createDb(dbUrl, 2);
  try {
    let t0 = performance.now();
    await generateBookings({ dbUrl, n, reset: true, parties: 0, log: (l) => console.error(`[gen] ${l}`) });
    // A seventh by air (the generator books sea only); ETDs already spread over a year back and 3 months ahead.
    await pool.query(`update shipping_orders set transport_mode = 'AIR', service_type = 'LCL', carrier_code = null
                       where so_id % 7 = 0`);
    await pool.query('analyze shipping_orders, so_containers, so_equipment');
    seconds.bookings = secs(t0);
    loads.generated = loadavg()[0];

    // The aggregates from scratch, secondary indexes dropped meanwhile (as the GP bench does).
    t0 = performance.now();
    const { rows: idx } = await pool.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`,
      [FACT_TABLES],
    );
    for (const i of idx) await pool.query(`drop index if exists ${i.name}`);
    await analytics.rebuildAnalytics(made.db);
    await co2e.rebuildCo2e(made.db);
    await ops.rebuildOpsSteps(made.db);
    for (const i of idx) await pool.query(i.def);
    await pool.query(`analyze ${FACT_TABLES.join(', ')}`);
    seconds.aggregates = secs(t0);

    // The usage pages' log (InsightTrackerReportPBI, WeblogTrackerReportPBI): --page-views N (default 1,000,000;
    // 0 = the demo seed's only) over the last 365 days by 300 users (made-up ids; no login) on a few of 40
    // routes each, as the POST /PageViews path stores them, with the usage aggregates rebuilt after.
    const views = Number(arg('page-views') ?? 1_000_000);
    if (views > 0) {
      t0 = performance.now();
      await pool.query(
        `insert into page_views (user_uid, route, profile_type, viewed_at)
         select md5('bench-user-' || (g % 300))::uuid,
                '/BENCH/screen-' || ((g % 300) * 7 + (g / 300 % 6) * (g / 1800 % 4)) % 40,
                (array['OPERATIONS','MANAGER','FINANCE','AGENT'])[1 + (g % 300) % 4],
                now() - (g % 365) * interval '1 day' - (g * 37 % 86400) * interval '1 second'
           from generate_series(1, $1::int) g`,
        [views],
      );
      await ops.rebuildPageViewAggregates?.(made.db);
      // The rollups too (page_view_user_day, …_route_day, …_pairs since session 29): measured with their statistics.
      await pool.query(
        `analyze page_views, page_view_day_cube${
          (await pool.query("select to_regclass('page_view_pairs') as t")).rows[0]?.t
            ? ', page_view_user_day, page_view_route_day, page_view_pairs'
            : ''
        }`,
      );
      seconds.pageViews = secs(t0);
    }

    // Invoices for the GP pages (two per job by default; --invoices 0 skips them), with the GP aggregates.
    if (invoices > 0) {
      t0 = performance.now();
      await generateInvoices({ dbUrl, n: invoices, reset: true, log: (l) => console.error(`[gen] ${l}`) });
      await gp.rebuildGp(made.db);
      await finance.rebuildFinance(made.db);
      await pool.query(
        'analyze gp_job_facts, gp_invoice_facts, gp_cube, gp_sales_cube, gp_customer_cube, gp_lane_cube, gp_invoice_cube, gp_invoice_day_cube',
      );
      seconds.invoices = secs(t0);
    }
    // The alert candidates (OperationAlertPBI, the alert dashboard): the generators load with
    // session_replication_role = replica, which skips the triggers that keep them.
    if (ops.rebuildAlertCandidates) {
      t0 = performance.now();
      await ops.rebuildAlertCandidates(made.db);
      await pool.query('vacuum analyze op_alert_candidates');
      seconds.alertCandidates = secs(t0);
    }
    const count = async (t: string) => Number((await pool.query(`select count(*) as n from ${t}`)).rows[0].n);
    const sizes = Object.fromEntries(await Promise.all(FACT_TABLES.map(async (t) => [t, await count(t)])));
    console.error(`[analytics-bench] ${JSON.stringify({ n, seconds, sizes })}`);

    const token = await signIn(server.url, 'manager@demo.test');
    const headers = { authorization: `Bearer ${token}` };
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))
      .toISOString()
      .slice(0, 10);
    const to = now.toISOString().slice(0, 10);
    const get = (p: string) => fetch(`${server.url}/api/v1${p}`, { headers });
    const plan = (text: string, values: unknown[] = []) => planIndexes(pool, text, values);

    const only = arg('pages')?.split(',');
    for (const page of ANALYTICS_PAGE_NAMES) {
      if (only && !only.includes(page)) continue;
      const probe = await get(`/Analytics/${page}?from=${from}&to=${to}`);
      await probe.arrayBuffer();
      if (probe.status === 404) {
        rows.push({ page, source: ANALYTICS_PAGES[page].source, 'first p50': 'not registered' });
        continue;
      }
      // One client alone first: the per-call time, which depends far less on the machine's load than p95 at 10.
      const single = await load(1, 5, () => get(`/Analytics/${page}?from=${from}&to=${to}`));
      const first = await load(CLIENTS, PER, () => get(`/Analytics/${page}?from=${from}&to=${to}`));
      const change = await load(CLIENTS, PER, (i) =>
        get(`/Analytics/${page}?from=${from}&to=${to}&office=${OFFICES[i % OFFICES.length]}`),
      );
      failed += single.failures + first.failures + change.failures;
      const cube = CUBE_SQL[page];
      let sqlP95: number | string = '-';
      let index = '-';
      if (cube) {
        const values = [from.slice(0, 7), to.slice(0, 7)];
        const s = await load(CLIENTS, PER, async () => {
          await pool.query(cube, values);
          return new Response('');
        });
        sqlP95 = s.p95;
        index = await plan(cube, values);
      }
      console.error(
        `[analytics-bench] ${page}: first p95 ${first.p95} ms, filter change p95 ${change.p95} ms, cube sql p95 ${sqlP95} (${index})`,
      );
      rows.push({
        page,
        source: ANALYTICS_PAGES[page].source,
        '1 client p50': single.p50,
        'first p50': first.p50,
        'first p95': first.p95,
        'change p50': change.p50,
        'change p95': change.p95,
        'within 500/300 ms': first.p95 <= FIRST_MS && change.p95 <= CHANGE_MS ? 'yes' : 'no',
        'cube sql p95': sqlP95,
        'cube sql plan': index,
        failures: first.failures + change.failures,
      });
    }
    loads.api = loadavg()[0];

    // Refresh cost: 1,000 bookings changed (CBM and office), refreshed as the sweep does (chunks of 500).
    const { rows: ids } = await pool.query<{ so_id: number }>(
      'select so_id from shipping_orders order by random() limit 1000',
    );
    const soIds = ids.map((r) => r.so_id);
    await pool.query(
      `update shipping_orders set cbm = coalesce(cbm, 0) + 1, handling_office = (array['HKG','SZX','SHA','NGB'])[1 + so_id % 4],
              updated_at = now() where so_id = any($1)`,
      [soIds],
    );
    const refresh: number[] = [];
    for (let run = 0; run < 3; run++) {
      t0 = performance.now();
      for (let i = 0; i < soIds.length; i += 500)
        await analytics.refreshAnalyticsOrders(made.db, soIds.slice(i, i + 500));
      refresh.push(Math.round(performance.now() - t0));
    }
    console.error(`[analytics-bench] refresh of 1,000 changed bookings: ${refresh.join(', ')} ms`);
    loads.end = loadavg()[0];

    const out = {
      date: new Date().toISOString(),
      bookings: n,
      invoices,
      sizes,
      seconds,
      clients: CLIENTS,
      per: PER,
      loads,
      refreshMs: refresh,
      rows,
    };
    const dir = path.resolve(ROOT, arg('out') ?? 'bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'analytics-bench.json'), `${JSON.stringify(out, null, 2)}\n`);
    const head = [
      'page',
      'source',
      '1 client p50',
      'first p50',
      'first p95',
      'change p50',
      'change p95',
      'within 500/300 ms',
      'cube sql p95',
      'cube sql plan',
      'failures',
    ];
    const md = [
      `# Analytics bench, ${out.date.slice(0, 10)}`,
      '',
      `${n.toLocaleString('en-US')} bookings, ${invoices.toLocaleString('en-US')} invoices${n < 1_000_000 ? ' (REDUCED scale: the machine was shared and loaded; the lead reruns 1,000,000 quiet)' : ''}; facts and cube rows ${JSON.stringify(sizes)}; ${CLIENTS} clients × ${PER} requests per measure; period ${from} to ${to}; load average ${JSON.stringify(loads)}.`,
      `Generation seconds: ${JSON.stringify(seconds)}. Times in ms.`,
      '',
      `| ${head.join(' | ')} |`,
      `| ${head.map(() => '---').join(' | ')} |`,
      ...rows.map((r) => `| ${head.map((h) => r[h] ?? '').join(' | ')} |`),
      '',
      `Aggregate refresh cost per 1,000 changed bookings (refreshAnalyticsOrders in chunks of 500, 3 runs): ${refresh.join(', ')} ms.`,
      '',
    ].join('\n');
    writeFileSync(path.join(dir, 'analytics-bench.md'), md);
    console.log(md);
  } finally {
    await made.pool.end();
    await pool.end();
    await server.stop();
  }
  if (failed) process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
