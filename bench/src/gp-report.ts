/**
 * GP report figures (issue 15 "Scale": a 12-month GP report by month × office, p95 ≤ 500 ms at 10 concurrent
 * clients with 1,000,000 jobs and 2,000,000 invoices). Generates the data with finance-data.ts on a fresh server
 * and database, then measures at 10 clients:
 * - the API: GET /GpReport/GPReport for the last 12 months (no filter, by office, by mode, posted only);
 * - the best raw SQL for the same rows: the cube (gp_cube; the plan named from EXPLAIN: a scan of the small cube,
 *   or its primary key (job_month, office, mode, service, pol) for the months' range once it is larger);
 * - the direct computation from invoices, lines and orders without aggregates (what the report would cost
 *   without the cube), one client, a few runs; and checks that its totals equal the API's.
 *
 *   npm run bench:gp-report                              1,000,000 jobs, 2,000,000 invoices (about 45 min to generate here)
 *   npm run bench:gp-report -- --jobs 50000 --invoices 100000   a smaller run
 * Figures go to bench/results/gp-report-bench.json and bench/results/gp-report-bench.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gpDefaultPeriod } from '@portal/contracts';
import pg from 'pg';
import { arg } from './booking-generate';
import { generateFinanceData } from './finance-data';
import { type BenchServer, load, planIndexes, ROOT, signIn, startServer } from './server';

const CLIENTS = 10;
const PER = Number(arg('per') ?? 20);
const TARGET_MS = 500;

/**
 * GPReport for the last 12 months by month × office at CLIENTS clients (no filter, office, mode, posted only)
 * and at 1 client, each beside the best raw SQL on the cube with the index its plan reads. Also called by the
 * finance bench (bench/src/finance.ts) on its own data.
 */
export async function measureGpReport(base: string, token: string, pool: pg.Pool) {
  const headers = { authorization: `Bearer ${token}` };
  const get = (p: string) => fetch(`${base}/api/v1${p}`, { headers });
  const period = gpDefaultPeriod();
  const rows: Record<string, string | number>[] = [];
  const indexesOf = (text: string, values: unknown[] = []) => planIndexes(pool, text, values);
  const cubeSql = (extra: string, basis: 'all' | 'posted') => {
    const r = basis === 'posted' ? 'revenue_posted' : 'revenue';
    const c = basis === 'posted' ? 'cost_posted' : 'cost';
    return `select job_month, office, sum(jobs)::int as jobs, sum(cbm)::text, sum(teu)::text, sum(cw)::text,
                   sum(${r})::text as revenue, sum(${c})::text as cost
              from gp_cube where job_month between $1 and $2 ${extra}
             group by job_month, office having sum(jobs) > 0 order by job_month, office`;
  };
  const cases: { name: string; q: string; extra: string; values: string[]; basis: 'all' | 'posted' }[] = [
    { name: '12 months × office', q: '', extra: '', values: [], basis: 'all' },
    {
      name: '12 months × office, office HKG',
      q: '&office=HKG',
      extra: 'and office = $3',
      values: ['HKG'],
      basis: 'all',
    },
    {
      name: '12 months × office, mode SEA',
      q: '&mode=SEA',
      extra: 'and mode = $3',
      values: ['SEA'],
      basis: 'all',
    },
    { name: '12 months × office, posted only', q: '&basis=posted', extra: '', values: [], basis: 'posted' },
  ];
  for (const c of cases) {
    const api = await load(CLIENTS, PER, () =>
      get(`/GpReport/GPReport?from=${period.from}&to=${period.to}${c.q}`),
    );
    const values = [period.from, period.to, ...c.values];
    const sql = await load(CLIENTS, PER, async () => {
      await pool.query(cubeSql(c.extra, c.basis), values);
      return new Response('');
    });
    const index = await indexesOf(cubeSql(c.extra, c.basis), values);
    console.error(`[gp-bench] ${c.name}: api p95 ${api.p95} ms, sql p95 ${sql.p95} ms (${index})`);
    rows.push({
      measure: c.name,
      'api p50': api.p50,
      'api p95': api.p95,
      'sql p95': sql.p95,
      ratio: sql.p95 > 0 ? Number((api.p95 / sql.p95).toFixed(2)) : '-',
      'within 500 ms': api.p95 <= TARGET_MS ? 'yes' : 'no',
      failures: api.failures,
      'sql index': index,
    });
  }
  // The same report one request at a time: what a request costs without the queue for a CPU.
  {
    const api = await load(1, PER, () => get(`/GpReport/GPReport?from=${period.from}&to=${period.to}`));
    const sql = await load(1, PER, async () => {
      await pool.query(cubeSql('', 'all'), [period.from, period.to]);
      return new Response('');
    });
    console.error(`[gp-bench] 1 client: api p95 ${api.p95} ms, sql p95 ${sql.p95} ms`);
    rows.push({
      measure: '12 months × office, 1 client',
      'api p50': api.p50,
      'api p95': api.p95,
      'sql p95': sql.p95,
      ratio: sql.p95 > 0 ? Number((api.p95 / sql.p95).toFixed(2)) : '-',
      'within 500 ms': api.p95 <= TARGET_MS ? 'yes' : 'no',
      failures: api.failures,
      'sql index': await indexesOf(cubeSql('', 'all'), [period.from, period.to]),
    });
  }
  return rows;
}

async function main() {
  const jobs = Number(arg('jobs') ?? 1_000_000);
  const invoices = Number(arg('invoices') ?? 2_000_000);
  const url = arg('url');
  let dbUrl = arg('db');
  let server: BenchServer | null = null;
  let generated: Awaited<ReturnType<typeof generateFinanceData>> | null = null;
  const loads: Record<string, number> = { start: loadavg()[0] };
  if (!url) {
    server = await startServer(
      Number(arg('port') ?? 8737),
      Number(arg('pg-port') ?? 55037),
      arg('data') ?? '/tmp/portal-bench-gp',
    );
    dbUrl = server.dbUrl;
    generated = await generateFinanceData({ dbUrl, jobs, invoices, reset: true });
    loads.generated = loadavg()[0];
  }
  if (!dbUrl) throw new Error('--db <postgres url> is needed with --url');
  // A run against data generated before whose aggregates are to be (re)built.
  if (url && process.argv.includes('--gp-only'))
    generated = await generateFinanceData({ dbUrl, jobs, invoices, gpOnly: true });
  const base = url ?? (server as BenchServer).url;
  const pool = new pg.Pool({ connectionString: dbUrl, max: CLIENTS });
  const period = gpDefaultPeriod();
  const rows: Record<string, string | number>[] = [];
  let failed = 0;
  try {
    const token = await signIn(base, 'finance@demo.test');
    const headers = { authorization: `Bearer ${token}` };
    const get = (p: string) => fetch(`${base}/api/v1${p}`, { headers });
    rows.push(...(await measureGpReport(base, token, pool)));
    failed += rows.reduce((a, r) => a + (typeof r.failures === 'number' ? r.failures : 0), 0);
    loads.api = loadavg()[0];

    // Without aggregates: the direct computation the refresh and the tests use (one client, 3 runs).
    const { createDb } = (await import(path.join(ROOT, 'apps/server/src/platform/db/client.ts'))) as {
      createDb: (u: string, max?: number) => { db: unknown; pool: pg.Pool };
    };
    const { gpReportService } = (await import(
      path.join(ROOT, 'apps/server/src/modules/gp-report/index.ts')
    )) as {
      gpReportService: {
        reportDirect(
          db: unknown,
          cfg: { baseCurrency: string },
          dims: string[],
          q: unknown,
        ): Promise<{ revenue: string; cost: string }[]>;
      };
    };
    const made = createDb(dbUrl, 1);
    const direct: number[] = [];
    let directRows: { revenue: string; cost: string }[] = [];
    for (let i = 0; i < Number(arg('direct-runs') ?? 3); i++) {
      const t0 = performance.now();
      directRows = await gpReportService.reportDirect(made.db, { baseCurrency: 'HKD' }, ['month', 'office'], {
        ...period,
        basis: 'all',
      });
      direct.push(Math.round(performance.now() - t0));
    }
    await made.pool.end();
    const viaApi = (await (await get(`/GpReport/GPReport?from=${period.from}&to=${period.to}`)).json()) as {
      rows: { revenue: string; cost: string }[];
    };
    const sum = (xs: { revenue: string; cost: string }[]) =>
      xs.reduce((a, r) => [a[0] + Number(r.revenue), a[1] + Number(r.cost)], [0, 0]).map((x) => x.toFixed(2));
    const agree = JSON.stringify(sum(directRows)) === JSON.stringify(sum(viaApi.rows));
    console.error(
      `[gp-bench] direct computation: ${direct.join(', ')} ms; totals agree with the API: ${agree}`,
    );
    rows.push({
      measure: `12 months × office computed directly (no aggregates), 1 client, ${direct.length} runs`,
      'api p50': '-',
      'api p95': '-',
      'sql p95': Math.max(...direct),
      ratio: '-',
      'within 500 ms': '-',
      failures: agree ? 0 : 'totals differ',
      'sql index': 'factsSql over invoices, invoice_lines, invoice_jobs, shipping_orders',
    });
    if (!agree) failed++;
    loads.end = loadavg()[0];

    const out = {
      date: new Date().toISOString(),
      jobs,
      invoices,
      generated,
      clients: CLIENTS,
      per: PER,
      loads,
      rows,
    };
    const dir = path.join(ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'gp-report-bench.json'), `${JSON.stringify(out, null, 2)}\n`);
    const head = Object.keys(rows[0]);
    const md = [
      `# GP report bench, ${out.date.slice(0, 10)}`,
      '',
      `${generated?.jobs ?? jobs} jobs, ${generated?.invoices ?? invoices} invoices, ${generated?.facts ?? '?'} job facts, ${generated?.cubeRows ?? '?'} cube rows; ${CLIENTS} clients × ${PER} requests; load average ${JSON.stringify(loads)}.`,
      generated ? `Generation seconds: ${JSON.stringify(generated.seconds)}.` : '',
      '',
      `| ${head.join(' | ')} |`,
      `| ${head.map(() => '---').join(' | ')} |`,
      ...rows.map((r) => `| ${head.map((h) => r[h]).join(' | ')} |`),
      '',
    ].join('\n');
    writeFileSync(path.join(dir, 'gp-report-bench.md'), md);
    console.log(md);
  } finally {
    await pool.end();
    await server?.stop();
  }
  if (failed) process.exit(1);
}

// Run as a script (the finance bench imports measureGpReport only).
if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
