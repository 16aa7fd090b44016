/**
 * Report writer figures (issue 17, "Figures for the closing note"): the run p95 of a grouped report over N
 * bookings (default 1,000,000, from the booking bench's generator) at 1, 5 and 10 concurrent clients, through
 * the API (POST /ReportWriter/reports/{id}/run: validation, party access, statement timeout, JSON), next to
 * the best raw SQL for the same rows in the same run, with the plan PostgreSQL chose (index or scan, from
 * EXPLAIN). Reports:
 * - "bookings by office × ETD month, count and sum CBM" over every booking (the whole table);
 * - the same for one office and the last 6 months of ETD (a range the etd index serves).
 *
 *   npm run bench:report-writer                      fresh server + database under /tmp/portal-bench-rw
 *   npm run bench:report-writer -- --n 200000        fewer bookings (a loaded machine)
 *   npm run bench:report-writer -- --per 10          runs per client (default 5)
 * Figures go to bench/results/report-writer-bench.json (and the table to stdout).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { arg, generateBookings } from './booking-generate';
import { load, ROOT, signIn, startServer } from './server';

const N = Number(arg('n') ?? 1_000_000);
const PER = Number(arg('per') ?? 5);
const CLIENTS = [1, 5, 10];
const say = (m: string) => console.error(`[rw-bench] ${m}`);

// The figure is the run's own time: the bench server's statement timeout is raised from 10 s
// (RW_STATEMENT_TIMEOUT_MS) so that a loaded machine measures slow runs instead of cutting them.
process.env.RW_STATEMENT_TIMEOUT_MS ??= '120000';
const server = await startServer(8660, 54660, '/tmp/portal-bench-rw');
const pool = new pg.Pool({ connectionString: server.dbUrl, max: 12 });
pool.on('error', () => undefined);
const rows: Record<string, string | number>[] = [];
const load0 = loadavg()[0];
try {
  for (let i = 0; i < 900; i++) {
    if (
      await fetch(`${server.url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const gen = await generateBookings({ dbUrl: server.dbUrl, n: N, reset: true, parties: 0, log: say });
  say(`generated ${gen.orders.toLocaleString('en')} bookings in ${gen.seconds} s`);

  const token = await signIn(server.url, 'manager@demo.test');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { rows: last } = await pool.query<{ to: string; from: string }>(
    `select max(etd)::text as to, (max(etd) - interval '6 months')::date::text as from from shipping_orders`,
  );
  const cases = [
    {
      name: 'office × ETD month, count + sum CBM, all bookings',
      filters: [] as object[],
      raw: `select so.handling_office, to_char(so.etd, 'YYYY-MM') m, count(*), sum(so.cbm)
              from shipping_orders so group by 1, 2 order by 1, 2`,
      values: [] as string[],
    },
    {
      name: 'same, office HKG, last 6 months of ETD',
      filters: [
        { field: 'handling_office', op: 'eq', value: 'HKG' },
        { field: 'etd', op: 'between', value: last[0].from, value2: last[0].to },
      ],
      raw: `select so.handling_office, to_char(so.etd, 'YYYY-MM') m, count(*), sum(so.cbm)
              from shipping_orders so where so.handling_office = $1 and so.etd between $2 and $3
             group by 1, 2 order by 1, 2`,
      values: ['HKG', last[0].from, last[0].to],
    },
  ];
  for (const c of cases) {
    const created = await fetch(`${server.url}/api/v1/ReportWriter/reports`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: c.name,
        dataset: 'bookings',
        filters: c.filters,
        groupBy: ['handling_office', 'etd_month'],
        aggregates: [
          { field: '*', fn: 'count' },
          { field: 'cbm', fn: 'sum' },
        ],
      }),
    });
    if (!created.ok) throw new Error(`create failed: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: number };
    const run = () =>
      fetch(`${server.url}/api/v1/ReportWriter/reports/${id}/run`, { method: 'POST', headers, body: '{}' });
    const firstRes = await run();
    if (!firstRes.ok) throw new Error(`run failed: ${firstRes.status} ${await firstRes.text()}`);
    const first = (await firstRes.json()) as { rows: unknown[]; elapsedMs: number };
    const { rows: plan } = await pool.query<{ 'QUERY PLAN': { Plan: Record<string, unknown> }[] }>(
      `explain (format json) ${c.raw}`,
      c.values,
    );
    const used = new Set<string>();
    const walk = (node: Record<string, unknown>) => {
      if (typeof node['Index Name'] === 'string') used.add(`${node['Node Type']} ${node['Index Name']}`);
      else if (String(node['Node Type']).includes('Seq Scan'))
        used.add(`${node['Node Type']} ${node['Relation Name']}`);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk(plan[0]['QUERY PLAN'][0].Plan);
    for (const clients of CLIENTS) {
      const api = await load(clients, PER, run);
      const raw = await load(clients, PER, async () => {
        await pool.query(c.raw, c.values);
        return new Response('');
      });
      say(
        `${c.name} @${clients}: api p95 ${api.p95} ms, raw sql p95 ${raw.p95} ms (${[...used].join(', ')})`,
      );
      rows.push({
        report: c.name,
        clients,
        groups: first.rows.length,
        'api p50': api.p50,
        'api p95': api.p95,
        'raw sql p95': raw.p95,
        ratio: raw.p95 > 0 ? Number((api.p95 / raw.p95).toFixed(2)) : '-',
        failures: api.failures,
        'timeout ms': Number(process.env.RW_STATEMENT_TIMEOUT_MS),
        plan: [...used].join(', '),
      });
    }
  }
  console.table(rows);
  const out = path.join(ROOT, 'bench/results/report-writer-bench.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        bookings: gen.orders,
        perClient: PER,
        loadAverage: { start: load0, end: loadavg()[0] },
        rows,
      },
      null,
      2,
    )}\n`,
  );
  say(`wrote ${path.relative(ROOT, out)}`);
} finally {
  await pool.end().catch(() => undefined);
  await server.stop();
}
