/**
 * Finance figures (issue 15, "Figures for the closing note"): the finance dashboard p95 at 10 concurrent
 * clients and the customer overdue report over 20,000 customers, each next to the best raw SQL for the same
 * rows in the same run (with the indexes its plan reads, from EXPLAIN).
 *
 * Data: the finance data generator (bench/src/finance-data.ts: the booking and invoice generators of issues 5
 * and 14 with their secondary indexes dropped during the load, ETDs over 24 months, the GP aggregates built in
 * bulk), `--customers` bench parties (BP…), the receivables spread over them with payment terms, credit limits
 * and deadlines (the invoices' secondary indexes dropped meanwhile), then the finance aggregates rebuilt.
 * Measures the finance dashboard, the lists and the report, and the GP report (12 months × office, as
 * bench/src/gp-report.ts) on the same data.
 *
 *   npm run bench:finance                                   200,000 invoices over 100,000 jobs
 *   npm run bench:finance -- --jobs 1000000 --invoices 2000000   the issue's scale (~20-25 min to generate quiet)
 *   … --bookings N                                          jobs from a number of bookings (58 % carry a job)
 *   … --port 8746 --pg-port 55046 --data /tmp/portal-bench-finance   the server's ports and data folder
 *   … --wait-quiet 1.5                                      measure only once the 1-minute load average is ≤ 1.5
 *   npm run bench:finance -- --url http://localhost:8080 --db postgres://…   against a running portal
 *                                               (`--spread 1 --open 1` also prepare its receivables as a fresh run does)
 * Figures go to bench/results/finance-bench.json and bench/results/finance-bench.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { arg, generateParties } from './booking-generate';
import { generateFinanceData } from './finance-data';
import { measureGpReport } from './gp-report';
import { type BenchServer, load, planIndexes, ROOT, signIn, startServer, waitForQuiet } from './server';

const CLIENTS = 10;
const PER = Number(arg('per') ?? 10);
/** Share of generated bookings that carry a job number (booking-generate.ts). */
const JOB_SHARE = 0.58;
const load1 = () => loadavg().map((x) => Number(x.toFixed(2)));

/**
 * The dashboard's open-item figures as one hand-written statement (what finance.repository.ts openFigures
 * computes): AR/AP outstanding, overdue, due this week, the five buckets and the credit-limit breaches.
 */
const DUE = `(coalesce(i.invoice_date, i.posted_at::date, i.created_at::date) + case
    when (case when i.inv_type = 'AR' then p.payment_terms_ar else p.payment_terms_ap end) ~ '^NET[0-9]+$'
      then substr(case when i.inv_type = 'AR' then p.payment_terms_ar else p.payment_terms_ap end, 4)::int
    when (case when i.inv_type = 'AR' then p.payment_terms_ar else p.payment_terms_ap end) in ('CASH', 'COD') then 0
    else coalesce(p.credit_deadline_days, 30) end)`;
const OPEN = "i.status in ('POSTED', 'CLOSED') and i.outstanding_amount <> 0";
const DASHBOARD_SQL = `
  with o as materialized (
    select i.inv_type, i.party_id, i.outstanding_amount * i.exchange_rate as base, ($1::date - ${DUE})::int as dpd
      from invoices i join parties p on p.party_id = i.party_id where ${OPEN})
  select count(*) filter (where inv_type = 'AR') ar_n, sum(base) filter (where inv_type = 'AR') ar,
         count(*) filter (where inv_type = 'AP') ap_n, sum(base) filter (where inv_type = 'AP') ap,
         count(*) filter (where inv_type = 'AR' and dpd > 0) overdue, sum(base) filter (where inv_type = 'AR' and dpd > 0) overdue_amt,
         count(*) filter (where inv_type = 'AR' and dpd between -6 and 0) week,
         sum(base) filter (where inv_type = 'AR' and dpd <= 0) b0, sum(base) filter (where inv_type = 'AR' and dpd between 1 and 30) b1,
         sum(base) filter (where inv_type = 'AR' and dpd between 31 and 60) b2, sum(base) filter (where inv_type = 'AR' and dpd between 61 and 90) b3,
         sum(base) filter (where inv_type = 'AR' and dpd > 90) b4,
         (select count(*) from (select party_id, sum(base) s from o where inv_type = 'AR' group by party_id) t
            join parties cp on cp.party_id = t.party_id where cp.credit_limit > 0 and t.s > cp.credit_limit) breaches
    from o`;
/**
 * The dashboard's figures from the cube (what finance-aggregates.repository.ts figures reads), by hand: one
 * level of the rollup ($3 office or '*', $4 currency or '*'), every key column but the dates fixed.
 */
const CUBE_SQL = `
  select sum(n) filter (where kind = 'OPEN' and inv_type = 'AR') ar_n, sum(amount) filter (where kind = 'OPEN' and inv_type = 'AR') ar,
         sum(amount) filter (where kind = 'OPEN' and inv_type = 'AP') ap,
         sum(amount) filter (where kind = 'OPEN' and inv_type = 'AR' and due_date < $1::date) overdue,
         sum(amount) filter (where kind = 'OPEN' and inv_type = 'AR' and due_date between $1::date and $1::date + 6) week,
         sum(amount) filter (where kind = 'OPEN' and inv_type = 'AR' and due_date between $1::date - 30 and $1::date - 1) b1,
         sum(amount) filter (where kind = 'OPEN' and inv_type = 'AR' and due_date < $1::date - 90) b4,
         sum(amount) filter (where kind = 'POSTED') posted, sum(amount) filter (where kind = 'UNPOSTED') unposted
    from fin_cube
   where kind = any(array['OPEN', 'POSTED', 'UNPOSTED']) and posted_month = any(array['', to_char($1::date, 'YYYY-MM')])
     and inv_type = any(array['AR', 'AP']) and office_code = $3 and currency = $4
     and invoice_date between $1::date - $2::int and $1::date`;
/**
 * The same figures without a date preset from fin_due_cube (what a dashboard at any as-of day reads now): one
 * level, one row per due day; the buckets are sums over due-day ranges.
 */
const DUE_CUBE_SQL = `
  select sum(n) filter (where kind = 'OPEN' and inv_type = 'AR') ar_n, sum(amount) filter (where kind = 'OPEN' and inv_type = 'AR') ar,
         sum(amount) filter (where kind = 'OPEN' and inv_type = 'AP') ap,
         sum(amount) filter (where kind = 'OPEN' and inv_type = 'AR' and due_date < $1::date) overdue,
         sum(amount) filter (where kind = 'OPEN' and inv_type = 'AR' and due_date between $1::date and $1::date + 6) week,
         sum(amount) filter (where kind = 'OPEN' and inv_type = 'AR' and due_date between $1::date - 30 and $1::date - 1) b1,
         sum(amount) filter (where kind = 'OPEN' and inv_type = 'AR' and due_date < $1::date - 90) b4,
         sum(amount) filter (where kind = 'POSTED') posted, sum(amount) filter (where kind = 'UNPOSTED') unposted
    from fin_due_cube
   where kind = any(array['OPEN', 'POSTED', 'UNPOSTED']) and posted_month = any(array['', to_char($1::date, 'YYYY-MM')])
     and inv_type = any(array['AR', 'AP']) and office_code = $2 and currency = $3`;
/** The OverdueInvoicing list's page 1 (invoice-date order) by hand: the open items oldest first, due day per row. */
const OVERDUE_PAGE_SQL = `
  select i.inv_id from invoices i
   where i.status in ('POSTED', 'CLOSED') and i.outstanding_amount <> 0 and i.inv_type = 'AR'
     and coalesce(i.invoice_date, i.posted_at::date, i.created_at::date) + (select case
           when (case when i.inv_type = 'AR' then tp.payment_terms_ar else tp.payment_terms_ap end) ~ '^NET[0-9]+$'
             then substr(case when i.inv_type = 'AR' then tp.payment_terms_ar else tp.payment_terms_ap end, 4)::int
           when (case when i.inv_type = 'AR' then tp.payment_terms_ar else tp.payment_terms_ap end) in ('CASH', 'COD') then 0
           else coalesce(tp.credit_deadline_days, 30) end from parties tp where tp.party_id = i.party_id) < $1::date
   order by i.invoice_date, i.inv_id limit 21`;
/** The late-invoicing count from fin_late (finance-aggregates.repository.ts lateCount), both sides, by hand. */
const LATE_SQL = `
  select count(*) from (
    select job_no from fin_late where inv_type = 'AR' and etd between $1::date - $2::int and $1::date - 2 group by job_no
    union all
    select job_no from fin_late where inv_type = 'AP' and etd between $1::date - $2::int and $1::date - 5 group by job_no) l`;
/** The same count computed from the orders (the direct computation the aggregate replaces). */
const LATE_DIRECT_SQL = `
  select count(*) from (
    select so.job_no from shipping_orders so cross join (values ('AR', 2), ('AP', 5)) s(side, threshold)
     where so.job_no is not null and so.status <> 'CANCELLED'
       and so.etd between $1::date - $2::int and $1::date - s.threshold
       and not exists (select 1 from invoice_jobs j join invoices i on i.inv_id = j.inv_id
                        where j.job_no = so.job_no and i.inv_type = s.side and i.status <> 'DELETED')
     group by so.job_no, s.side) l`;
/** The overdue report's first page ranked from the customers' rollup (finance-aggregates overdueRanking), by hand. */
const RANK_SQL = `
  select t.party_id from fin_party_open t join parties p on p.party_id = t.party_id
   where t.office_code = '*' and t.currency = '*' order by t.amount desc, p.party_code limit 20`;
const REPORT_SQL = `
  with o as (
    select i.party_id, i.outstanding_amount * i.exchange_rate as base, ($1::date - ${DUE})::int as dpd
      from invoices i join parties p on p.party_id = i.party_id where ${OPEN} and i.inv_type = 'AR'),
  g as (
    select party_id, sum(base) filter (where dpd <= 0) c, sum(base) filter (where dpd between 1 and 30) d1,
           sum(base) filter (where dpd between 31 and 60) d2, sum(base) filter (where dpd between 61 and 90) d3,
           sum(base) filter (where dpd > 90) d4, sum(base) total
      from o group by party_id)
  select g.*, p.party_code, p.full_name, count(*) over () n from g join parties p on p.party_id = g.party_id
   order by total desc limit 20`;

async function main() {
  const url = arg('url');
  const n = Number(arg('invoices') ?? arg('n') ?? 200_000);
  const bookings = arg('bookings');
  const jobs = bookings ? Math.floor(Number(bookings) * JOB_SHARE) : Number(arg('jobs') ?? Math.ceil(n / 2));
  const customers = Number(arg('customers') ?? 20_000);
  let server: BenchServer | null = null;
  let dbUrl = arg('db') ?? process.env.BENCH_DATABASE_URL;
  const loads: Record<string, number[]> = { start: load1() };
  const t0 = performance.now();
  let generated: Awaited<ReturnType<typeof generateFinanceData>> | null = null;
  if (!url) {
    server = await startServer(
      Number(arg('port') ?? 8746),
      Number(arg('pg-port') ?? 55046),
      arg('data') ?? '/tmp/portal-bench-finance',
    );
    dbUrl = server.dbUrl;
    // Jobs, invoices, a history of ETDs and the GP aggregates (the GP bench's generator), then the customers.
    generated = await generateFinanceData({ dbUrl, jobs, invoices: n, reset: true });
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await generateParties(c, customers);
    await c.end();
    loads.generated = load1();
  }
  if (!dbUrl) throw new Error('--db <postgres url> is needed with --url (for the raw-SQL side)');
  const pool = new pg.Pool({ connectionString: dbUrl, max: CLIENTS });
  const generatedSeconds = Math.round((performance.now() - t0) / 1000);
  // A fresh run rewrites most receivables below: without the invoices' secondary indexes (each updated row
  // would enter every one of them, the trigram search index included), rebuilt after, as the generator does.
  let dropped: { name: string; def: string }[] = [];
  if (!url) {
    dropped = (
      await pool.query<{ name: string; def: string }>(
        `select i.indexname as name, i.indexdef as def from pg_indexes i
          where i.schemaname = 'public' and i.tablename = 'invoices'
            and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`,
      )
    ).rows;
    for (const ix of dropped) await pool.query(`drop index if exists "${ix.name}"`);
  }
  if (!url || arg('spread')) {
    // Receivables over `customers` bench parties (the n-th receivable to customer n mod customers), with terms, limits and deadlines spread like a customer base.
    const t1 = performance.now();
    await pool.query(`
      update parties p set payment_terms_ar = (array['NET30','NET30','NET60','NET45','CASH','NET15',null])[1 + q.k % 7],
             credit_deadline_days = case when q.k % 7 = 6 then 45 end,
             credit_reminder_days = case when q.k % 3 = 0 then 7 end,
             credit_limit = (array[0, 50000, 200000, 1000000])[1 + q.k % 4]
        from (select party_id, row_number() over (order by party_id) - 1 as k from parties
               where party_code like 'BP%' order by party_id limit ${customers}) q
       where p.party_id = q.party_id`);
    await pool.query(`
      with bp as (select party_id, party_code, row_number() over (order by party_id) - 1 as k from parties
                   where party_code like 'BP%' order by party_id limit ${customers})
      , ar as (select inv_id, row_number() over (order by inv_id) - 1 as r from invoices where inv_type = 'AR')
      update invoices i set party_id = bp.party_id, account_code = bp.party_code
        from ar join bp on bp.k = ar.r % ${customers} where i.inv_id = ar.inv_id`);
    await pool.query('vacuum analyze parties');
    console.error(
      `[bench] receivables spread over ${customers} customers in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );
  }
  if (!url || arg('open')) {
    // The invoice generator settles most posted invoices; a customer ledger has more unpaid: 2 in 3 posted or
    // closed receivables are left open, so (nearly) every one of the customers has open items in the report.
    const t2 = performance.now();
    await pool.query(`update invoices set outstanding_amount = total_amount, settled_amount = 0
                       where inv_type = 'AR' and status in ('POSTED', 'CLOSED') and inv_id % 3 <> 0
                         and outstanding_amount = 0`);
    console.error(`[bench] receivables opened in ${((performance.now() - t2) / 1000).toFixed(1)} s`);
  }
  if (dropped.length) {
    const t3 = performance.now();
    for (const ix of dropped) await pool.query(ix.def);
    console.error(
      `[bench] ${dropped.length} invoice indexes rebuilt in ${((performance.now() - t3) / 1000).toFixed(1)} s`,
    );
  }
  await pool.query('vacuum analyze invoices');
  // Everything above wrote invoices in SQL, past the invoice change hooks: rebuild the dashboard's aggregates
  // (what the finance-refresh sweep would catch up on over the next minutes), timed.
  const tr = performance.now();
  {
    const { createDb } = (await import(path.join(ROOT, 'apps/server/src/platform/db/client.ts'))) as {
      createDb: (url: string, max?: number) => { db: unknown; pool: { end(): Promise<void> } };
    };
    const { rebuildFinance } = (await import(
      path.join(ROOT, 'apps/server/src/modules/finance/index.ts')
    )) as {
      rebuildFinance: (db: unknown) => Promise<void>;
    };
    const made = createDb(dbUrl, 2);
    await rebuildFinance(made.db);
    await made.pool.end();
  }
  const rebuildSeconds = Number(((performance.now() - tr) / 1000).toFixed(1));
  const cubeRows = Number((await pool.query<{ n: string }>('select count(*) n from fin_cube')).rows[0].n);
  console.error(`[bench] finance aggregates rebuilt in ${rebuildSeconds} s (${cubeRows} cube rows)`);
  const counts = (
    await pool.query<{ invoices: string; open: string; customers: string }>(
      `select (select count(*) from invoices) invoices, (select count(*) from invoices i where ${OPEN}) open,
              (select count(distinct party_id) from invoices i where ${OPEN} and inv_type = 'AR') customers`,
    )
  ).rows[0];
  // `--wait-quiet <load>`: generate beside other work, measure once the machine is quiet.
  if (arg('wait-quiet')) await waitForQuiet(Number(arg('wait-quiet')));
  loads.measuring = load1();
  const base = url ?? (server as BenchServer).url;
  const rows: Record<string, string | number>[] = [];
  let gpRows: Record<string, string | number>[] = [];
  let failed = 0;
  try {
    const token = await signIn(base, arg('user') ?? 'finance@demo.test');
    const headers = { authorization: `Bearer ${token}` };
    const get = (p: string) => fetch(`${base}/api/v1${p}`, { headers });
    const indexesOf = (text: string, values: unknown[] = []) => planIndexes(pool, text, values);
    const sqlLoad = (clients: number, per: number, text: string, values: (i: number) => unknown[]) =>
      load(clients, per, async (i) => {
        await pool.query(text, values(i));
        return new Response('');
      });
    const add = (
      measure: string,
      api: Awaited<ReturnType<typeof load>>,
      sql: Awaited<ReturnType<typeof load>> | null,
      index: string,
      note: string,
    ) => {
      if (api.failures) failed += api.failures;
      const ratio = sql && sql.p95 > 0 ? Number((api.p95 / sql.p95).toFixed(2)) : '-';
      console.error(
        `[bench] ${measure}: api p50 ${api.p50} p95 ${api.p95} ms, sql p95 ${sql?.p95 ?? '-'} ms (${ratio})`,
      );
      rows.push({
        measure,
        'api p50': api.p50,
        'api p95': api.p95,
        'sql p95': sql?.p95 ?? '-',
        ratio,
        failures: api.failures,
        'sql index': index,
        note,
      });
    };
    const day = (i: number) =>
      new Date(Date.UTC(2026, 0, 1) + (i % 300) * 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);

    // Warm both sides once.
    await (await get('/Finance/Dashboard')).arrayBuffer();
    await pool.query(DASHBOARD_SQL, [today]);

    // Per-call figures of the statements the aggregates replaced, 1 client (CPU per call, not queueing).
    const late = await pool.query<{ count: string }>(LATE_SQL, [today, 92]);
    const lateDirect = await pool.query<{ count: string }>(LATE_DIRECT_SQL, [today, 92]);
    if (late.rows[0].count !== lateDirect.rows[0].count)
      throw new Error(
        `fin_late counts ${late.rows[0].count} late jobs, the orders ${lateDirect.rows[0].count}`,
      );
    const lateRows = Number((await pool.query<{ n: string }>('select count(*) n from fin_late')).rows[0].n);
    add(
      `late-invoicing count from fin_late (${late.rows[0].count} late jobs, ${lateRows} fin_late rows), 1 client`,
      await sqlLoad(1, PER, LATE_SQL, (i) => [day(i), 92]),
      await sqlLoad(1, PER, LATE_DIRECT_SQL, (i) => [day(i), 92]),
      await indexesOf(LATE_SQL, [today, 92]),
      'api columns: fin_late by hand; sql column: the same count from the orders (anti-join), a different day per call',
    );
    add(
      'cube statement, one level (every office and currency), 1 client',
      await sqlLoad(1, PER, CUBE_SQL, (i) => [day(i), 100000, '*', '*']),
      null,
      await indexesOf(CUBE_SQL, [today, 100000, '*', '*']),
      'api columns: the SQL by hand',
    );

    add(
      'due-day cube statement, one level (every office and currency), 1 client, a different day per call',
      await sqlLoad(1, PER, DUE_CUBE_SQL, (i) => [day(i), '*', '*']),
      null,
      await indexesOf(DUE_CUBE_SQL, [today, '*', '*']),
      'api columns: the SQL by hand (what a dashboard without preset at any as-of day reads)',
    );
    add(
      'dashboard, 10 clients, same filter',
      await load(CLIENTS, PER, () => get('/Finance/Dashboard')),
      await sqlLoad(CLIENTS, PER, DASHBOARD_SQL, () => [today]),
      await indexesOf(DASHBOARD_SQL, [today]),
      'every card + ageing; the API shares one computation per filter for 5 s',
    );
    loads.dashboardShared = load1();
    add(
      'dashboard, 10 clients, a different as-of day per request',
      await load(CLIENTS, PER, (i) => get(`/Finance/Dashboard?as_of=${day(i)}`)),
      await sqlLoad(CLIENTS, PER, DASHBOARD_SQL, (i) => [day(i + 7)]),
      '-',
      'no sharing: every request computes (fin_due_cube); the SQL side is the direct open-items statement',
    );
    loads.dashboardDistinct = load1();
    add(
      'dashboard, 10 clients, one office and 3-month preset',
      await load(CLIENTS, PER, (i) => get(`/Finance/Dashboard?office=HKG&preset=3m&as_of=${day(i)}`)),
      null,
      '-',
      'filtered, no sharing',
    );

    // Distinct filters, as the issue asks: every request a different combination of office, currency, customer,
    // date preset and as-of day, so nothing is shared between requests; beside it the same figures from the cube
    // by hand (the best raw SQL) and the direct computation's open-items statement (no aggregates).
    const offices = (
      await pool.query<{ c: string }>('select distinct office_code c from invoices order by 1')
    ).rows.map((r) => r.c);
    const currencies = ['', 'HKD', 'USD', 'EUR', 'CNY'];
    const presets = ['', '1d', '3d', '1w', '2w', '1m', '2m', '3m'];
    const bp = (
      await pool.query<{ c: string }>(
        `select party_code c from parties where party_code like 'BP%' order by party_id limit 50`,
      )
    ).rows.map((r) => r.c);
    const filterOf = (i: number) => {
      // Today's as-of day (what people open): the filters differ, not the day (the row above varies the day).
      const q = new URLSearchParams();
      if (i % 3 === 0) q.set('office', offices[i % offices.length]);
      if (currencies[i % 5]) q.set('currency', currencies[i % 5]);
      if (presets[i % 8]) q.set('preset', presets[i % 8]);
      if (i % 4 === 1 && bp.length) q.set('customer', bp[i % bp.length]);
      return q.toString();
    };
    add(
      'dashboard, 10 clients, distinct filters per request (office, currency, customer, preset), today',
      await load(CLIENTS, PER, (i) => get(`/Finance/Dashboard?${filterOf(i)}`)),
      await sqlLoad(CLIENTS, PER, CUBE_SQL, (i) => [
        today,
        presets[i % 8] ? 30 : 100000,
        i % 3 === 0 ? offices[i % offices.length] : '*',
        currencies[i % 5] || '*',
      ]),
      await indexesOf(CUBE_SQL, [today, 30, offices[0] ?? '*', 'HKD']),
      `aggregates (${cubeRows} cube rows; rebuilt in ${rebuildSeconds} s); SQL side: the cube statement by hand`,
    );
    loads.dashboardFilters = load1();

    // The customer overdue report over every customer: one request at a time, page 1 and a deep page.
    add(
      `overdue report page 1 (${counts.customers} customers), 1 client`,
      await load(1, PER, () => get('/Finance/Search/CustomerOverdueReport?pageSize=20')),
      await sqlLoad(1, PER, REPORT_SQL, () => [today]),
      await indexesOf(RANK_SQL, []),
      'ranked from fin_party_open, the page computed from its customers; sql column: grouping every open item (the old way)',
    );
    add(
      'overdue report ranking statement by hand (page 1), 1 client',
      await sqlLoad(1, PER, RANK_SQL, () => []),
      null,
      await indexesOf(RANK_SQL, []),
      '',
    );
    add(
      'overdue report page 200 (rows 3,981-4,000), 1 client',
      await load(1, PER, () =>
        get('/Finance/Search/CustomerOverdueReport?pageSize=20&page=200&sort=account_code'),
      ),
      null,
      '-',
      '',
    );
    add(
      'overdue report over-limit only, 1 client',
      await load(1, PER, () => get('/Finance/Search/CustomerOverdueReport?pageSize=20&breach=true')),
      null,
      '-',
      '',
    );
    add(
      'overdue invoicing list page 1, 10 clients',
      await load(CLIENTS, PER, (i) =>
        get(`/Finance/Search/OverdueInvoicing?inv_type=AR&pageSize=20&as_of=${day(i)}`),
      ),
      await sqlLoad(CLIENTS, PER, OVERDUE_PAGE_SQL, (i) => [day(i)]),
      await indexesOf(OVERDUE_PAGE_SQL, [today]),
      'invoice date order (invoices_fin_open_date_idx), total from fin_due_cube; SQL side: the page by hand',
    );
    add(
      'overdue invoicing list next page by cursor, 10 clients',
      await load(CLIENTS, PER, async (i) => {
        const first = (await (
          await get(`/Finance/Search/OverdueInvoicing?inv_type=AR&pageSize=20&as_of=${day(i)}`)
        ).json()) as { nextCursor: string | null };
        return get(
          `/Finance/Search/OverdueInvoicing?inv_type=AR&pageSize=20&as_of=${day(i)}&cursor=${encodeURIComponent(first.nextCursor ?? '')}`,
        );
      }),
      null,
      '-',
      'page 1 then the keyset page after it (both timed as one)',
    );
    gpRows = await measureGpReport(base, token, pool);
    failed += gpRows.reduce((a, r) => a + (typeof r.failures === 'number' ? r.failures : 0), 0);
    loads.end = load1();
  } finally {
    await pool.end();
    await server?.stop();
  }
  const result = {
    when: new Date().toISOString(),
    invoices: Number(counts.invoices),
    openItems: Number(counts.open),
    customersWithOpenAr: Number(counts.customers),
    clients: CLIENTS,
    perClient: PER,
    generatedSeconds,
    aggregatesRebuildSeconds: rebuildSeconds,
    cubeRows,
    generated,
    loadAverage: loads,
    rows,
    gpReport: gpRows,
  };
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'finance-bench.json'), `${JSON.stringify(result, null, 2)}\n`);
  const head = Object.keys(rows[0] ?? {});
  const md = [
    `# Finance bench (${result.when})`,
    '',
    `${result.invoices.toLocaleString('en')} invoices, ${result.openItems.toLocaleString('en')} open items, ${result.customersWithOpenAr.toLocaleString('en')} customers with open receivables; ${CLIENTS} clients × ${PER} requests; load average ${JSON.stringify(loads)}.`,
    '',
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${head.map((h) => String(r[h])).join(' | ')} |`),
    '',
    ...(gpRows.length
      ? [
          'GP report (GPReport, last 12 months by month × office; as bench/src/gp-report.ts), ms:',
          '',
          `| ${Object.keys(gpRows[0]).join(' | ')} |`,
          `| ${Object.keys(gpRows[0])
            .map(() => '---')
            .join(' | ')} |`,
          ...gpRows.map((r) => `| ${Object.values(r).map(String).join(' | ')} |`),
          '',
        ]
      : []),
  ].join('\n');
  writeFileSync(path.join(dir, 'finance-bench.md'), md);
  console.log(md);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
