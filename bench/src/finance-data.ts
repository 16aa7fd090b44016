/**
 * Finance data at scale (issue 15): N jobs and M invoices for the GP reports and the finance dashboard, straight
 * into PostgreSQL with set-based SQL, then the GP aggregates built in bulk. Reuses the booking generator (jobs:
 * shipping orders with a job number, ~58 % of the bookings) and the invoice generator (about two invoices per
 * job over the whole 002 §4 flow: posted, settled, reversed, failed postings …; secondary indexes dropped during
 * the load and rebuilt after), then:
 * - spreads the jobs' ETDs over the last 24 months (the generator's sailings are around today, a GP report needs
 *   a year of history) and gives the orders salesmen, CBM and weights where they have none;
 * - builds gp_invoice_jobs, gp_job_facts and both cubes with the GP module's own rebuild (one statement each),
 *   their secondary indexes dropped before and rebuilt after.
 *
 *   node --import tsx bench/src/finance-data.ts --db postgres://portal:portal@127.0.0.1:55037/portal \
 *     [--jobs 1000000] [--invoices 2000000] [--reset]
 *
 * Used by bench/src/gp-report.ts and the finance dashboard bench (helper 4).
 */
import path from 'node:path';
import pg from 'pg';
import { arg, generateBookings } from './booking-generate';
import { generateInvoices } from './invoice-generate';
import { ROOT } from './server';

/** Share of generated bookings that carry a job number (booking-generate.ts). */
const JOB_SHARE = 0.58;
const GP_TABLES = [
  'gp_job_facts',
  'gp_cube',
  'gp_sales_cube',
  'gp_invoice_jobs',
  // analytics' invoice-grain facts and cube (modules/analytics-gp), rebuilt by the same rebuildGp
  'gp_invoice_facts',
  'gp_invoice_cube',
];

export interface FinanceDataOptions {
  dbUrl: string;
  jobs: number;
  invoices: number;
  reset?: boolean;
  /** Only (re)build the GP aggregates of data generated before. */
  gpOnly?: boolean;
  log?: (line: string) => void;
}

export interface FinanceDataResult {
  jobs: number;
  invoices: number;
  facts: number;
  cubeRows: number;
  seconds: { bookings: number; invoices: number; history: number; gp: number };
}

const secs = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;

/** Generates the data and builds the GP aggregates; answers counts and timings. */
export async function generateFinanceData(o: FinanceDataOptions): Promise<FinanceDataResult> {
  const log = o.log ?? ((l: string) => console.error(`[finance-data] ${l}`));
  let t0 = performance.now();
  if (!o.gpOnly)
    await generateBookings({ dbUrl: o.dbUrl, n: Math.ceil(o.jobs / JOB_SHARE), reset: o.reset, parties: 0 });
  const tBookings = secs(t0);
  t0 = performance.now();
  if (!o.gpOnly) await generateInvoices({ dbUrl: o.dbUrl, n: o.invoices, reset: o.reset });
  const tInvoices = secs(t0);

  const db = new pg.Client({ connectionString: o.dbUrl });
  await db.connect();
  try {
    t0 = performance.now();
    // A year of history: the generator's ETDs cluster around today; move each job (all its orders) back by a
    // stable 0-23 months, and fill what the GP units read.
    if (!o.gpOnly)
      await db.query(`
      update shipping_orders so
         set etd = so.etd - make_interval(months => (abs(hashtext(so.job_no)) % 24)),
             salesman = coalesce(so.salesman, 'S' || lpad((abs(hashtext(so.job_no)) % 40)::text, 2, '0')),
             cbm = coalesce(so.cbm, 1 + abs(hashtext(so.so_no)) % 60),
             gross_weight = coalesce(so.gross_weight, 200 + abs(hashtext(so.so_no)) % 20000)
       where so.job_no is not null`);
    await db.query('analyze shipping_orders');
    const tHistory = secs(t0);

    t0 = performance.now();
    const { rows: idx } = await db.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`,
      [GP_TABLES],
    );
    for (const i of idx) await db.query(`drop index if exists ${i.name}`);
    log(`gp: dropped ${idx.length} secondary indexes; rebuilding facts and cubes`);
    // The GP module's own rebuild (the same SQL the refresh uses, over every job).
    const { createDb } = (await import(path.join(ROOT, 'apps/server/src/platform/db/client.ts'))) as {
      createDb: (url: string, max?: number) => { db: unknown; pool: pg.Pool };
    };
    const { rebuildGp } = (await import(path.join(ROOT, 'apps/server/src/modules/gp-report/index.ts'))) as {
      rebuildGp: (db: unknown) => Promise<void>;
    };
    const made = createDb(o.dbUrl, 2);
    await rebuildGp(made.db);
    await made.pool.end();
    for (const i of idx) await db.query(i.def);
    await db.query(`analyze ${GP_TABLES.join(', ')}`);
    const tGp = secs(t0);

    const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0].n);
    const result: FinanceDataResult = {
      jobs: await count('select count(distinct job_no) as n from shipping_orders where job_no is not null'),
      invoices: await count('select count(*) as n from invoices'),
      facts: await count('select count(*) as n from gp_job_facts'),
      cubeRows: await count('select count(*) as n from gp_cube'),
      seconds: { bookings: tBookings, invoices: tInvoices, history: tHistory, gp: tGp },
    };
    log(JSON.stringify(result));
    return result;
  } finally {
    await db.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dbUrl = arg('db');
  if (!dbUrl) {
    console.error(
      'usage: finance-data.ts --db <postgres url> [--jobs 1000000] [--invoices 2000000] [--reset]',
    );
    process.exit(2);
  }
  generateFinanceData({
    dbUrl,
    jobs: Number(arg('jobs') ?? 1_000_000),
    invoices: Number(arg('invoices') ?? 2_000_000),
    reset: process.argv.includes('--reset'),
    gpOnly: process.argv.includes('--gp-only'),
  }).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
