/**
 * Invoice figures (issue 14, "Figures for the closing note") with N invoices (default 2,000,000 over 1,000,000
 * jobs) at 20 concurrent clients. For every list figure it prints the API p95 next to the best raw SQL for the
 * same rows in the same run (with the indexes its plan reads, from EXPLAIN) and their ratio:
 * - smart search by invoice#, job# and container# prefix (GET /Invoice?q=...);
 * - the first page of every AR and AP stage list (GET /Invoice/arSearch/{stage}, /apSearch/{stage});
 * - the AR and AP dashboards (every card's count, yellow and red);
 * - invoice creation (POST /Invoice with an Idempotency-Key) and one replay of a key;
 * - the invoice PDF (one at a time and at 20 clients) and a 100-invoice merged PDF, when the server has those
 *   routes (read from its OpenAPI document; otherwise reported as not measurable);
 * - an Excel export of ~10,000 rows: time and the server's peak RSS growth.
 * No targets are set for invoices (the issue asks for the figures); the run exits 1 only when requests fail.
 *
 *   npm run bench:invoice                       fresh server + database under /tmp/portal-bench-invoice
 *   npm run bench:invoice -- --n 20000          fewer invoices (jobs = n / 2 unless --jobs)
 *   npm run bench:invoice -- --url http://localhost:8080 --db postgres://portal:portal@127.0.0.1:54329/portal
 *                                               against a running portal whose database already holds them
 * Figures go to bench/results/invoice-bench.json and bench/results/invoice-bench.md.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { AP_STAGES, AR_STAGES, type InvoiceStageDef, MAX_EXPORT_ROWS } from '@portal/contracts';
import pg from 'pg';
import { arg, generateBookings } from './booking-generate';
import { generateInvoices } from './invoice-generate';
import { type BenchServer, load, planIndexes, ROOT, signIn, startServer } from './server';

const CLIENTS = 20;
const PAGE_SIZE = 20;
/** Requests per client for each list figure (20 x 10 = 200 samples; `--per 5` for a quicker run). */
const PER = Number(arg('per') ?? 10);
/** Share of generated bookings that carry a job number (booking-generate.ts: confirmed, amend and cancel pending). */
const JOB_SHARE = 0.58;
type Figures = Awaited<ReturnType<typeof load>>;

/** A list row as the API shows it: the invoice, its account's name and its job numbers. */
const rowSql = (where: string) => `
  select i.*, coalesce(p.full_name, '') as account_name,
         coalesce((select array_agg(distinct j.job_no order by j.job_no) from invoice_jobs j where j.inv_id = i.inv_id), '{}') as job_nos
    from invoices i left join parties p on p.party_id = i.party_id
   where ${where}
   order by i.invoice_no, i.inv_id limit ${PAGE_SIZE}`;

/** A stage's rows as plain SQL (invoice.repository.ts stageSql): side, statuses, extra condition. */
function stageWhere(type: string, s: InvoiceStageDef) {
  const parts = [`i.inv_type = '${type}'`];
  parts.push(
    s.statuses ? `i.status in (${s.statuses.map((x) => `'${x}'`).join(', ')})` : "i.status <> 'DELETED'",
  );
  const extra: Record<NonNullable<InvoiceStageDef['where']>, string> = {
    closed: 'i.is_closed',
    settled: 'i.outstanding_amount = 0',
    unsettled: 'i.outstanding_amount <> 0',
    apRefMissing: 'i.ap_ref is null',
    acctSuccess: "i.acct_process_status = 'SUCCESS'",
    acctFailure: "i.acct_process_status = 'FAILURE'",
    acctPending: "i.acct_process_status = 'PENDING'",
  };
  if (s.where) parts.push(extra[s.where]);
  return parts.join(' and ');
}

/** Resident memory of a process in MB (0 when it is gone). */
const rssMb = (pid: number | undefined) => {
  try {
    return (
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
          .toString()
          .trim(),
      ) / 1024
    );
  } catch {
    return 0;
  }
};
const load1 = () => loadavg().map((x) => Number(x.toFixed(2)));

async function main() {
  const url = arg('url');
  const n = Number(arg('n') ?? 2_000_000);
  const jobs = Number(arg('jobs') ?? Math.ceil(n / 2));
  let server: BenchServer | null = null;
  let dbUrl = arg('db') ?? process.env.BENCH_DATABASE_URL;
  let pid: number | undefined = arg('pid') ? Number(arg('pid')) : undefined;
  const loads: Record<string, number[]> = { start: load1() };
  let bookings: Awaited<ReturnType<typeof generateBookings>> | null = null;
  let invoices: Awaited<ReturnType<typeof generateInvoices>> | null = null;
  if (!url) {
    // The generated database lives outside the repository (several GB at two million invoices).
    server = await startServer(8736, 55036, arg('data') ?? '/tmp/portal-bench-invoice');
    dbUrl = server.dbUrl;
    pid = server.pid;
    bookings = await generateBookings({ dbUrl, n: Math.ceil(jobs / JOB_SHARE), reset: true, parties: 0 });
    invoices = await generateInvoices({ dbUrl, n, reset: true });
    loads.generated = load1();
  }
  if (!dbUrl) throw new Error('--db <postgres url> is needed with --url (for the raw-SQL side)');
  const base = url ?? (server as BenchServer).url;
  const pool = new pg.Pool({ connectionString: dbUrl, max: CLIENTS });
  let failed = 0;
  try {
    const token = await signIn(base, arg('user') ?? 'ops@demo.test');
    const headers = { authorization: `Bearer ${token}` };
    const get = (p: string) => fetch(`${base}/api/v1${p}`, { headers });
    const post = (p: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(`${base}/api/v1${p}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', ...extra },
        body: JSON.stringify(body),
      });
    const rows: Record<string, string | number>[] = [];

    const indexesOf = (text: string, values: unknown[] = []) => planIndexes(pool, text, values);
    const sqlLoad = (perClient: number, query: (i: number) => [string, unknown[]]) =>
      load(CLIENTS, perClient, async (i) => {
        const [text, values] = query(i);
        await pool.query(text, values);
        return new Response('');
      });
    const add = (measure: string, api: Figures | null, sql: Figures | null, index = '-', note = '') => {
      const ratio = api && sql && sql.p95 > 0 ? Number((api.p95 / sql.p95).toFixed(2)) : null;
      if (api?.failures) failed += api.failures;
      console.error(
        `[bench] ${measure}: api p95 ${api?.p95 ?? '-'} ms, sql p95 ${sql?.p95 ?? '-'} ms, ratio ${ratio ?? '-'}${api?.failures ? `, ${api.failures} FAILED` : ''}`,
      );
      rows.push({
        measure,
        'api p50': api?.p50 ?? '-',
        'api p95': api?.p95 ?? '-',
        'sql p95': sql?.p95 ?? '-',
        ratio: ratio ?? '-',
        failures: api?.failures ?? '-',
        'sql index': index,
        note,
      });
    };

    // 1. smart search by number prefix (samples from the newest jobs that have containers)
    const sample = (
      await pool.query<{ invoice_no: string; job_no: string; container_no: string }>(
        `select i.invoice_no, j.job_no, c.container_no
           from invoices i join invoice_jobs j on j.inv_id = i.inv_id
           join shipping_orders so on so.so_no = j.so_no
           join so_containers c on c.so_id = so.so_id and c.container_no is not null
          where i.status <> 'DELETED' and i.created_by = 'bench'
          order by i.inv_id desc limit 50`,
      )
    ).rows;
    const live = "i.status <> 'DELETED'";
    const searches: [string, string[], string][] = [
      ['invoice#', sample.map((r) => r.invoice_no.slice(0, 12)), `i.invoice_no like $1 || '%' and ${live}`],
      [
        'job#',
        sample.map((r) => r.job_no.slice(0, 12)),
        `i.inv_id in (select j.inv_id from invoice_jobs j where j.job_no like $1 || '%') and ${live}`,
      ],
      [
        'container#',
        sample.map((r) => r.container_no.slice(0, 8)),
        `i.inv_id in (select j.inv_id from so_containers c join shipping_orders so on so.so_id = c.so_id
                        join invoice_jobs j on j.so_no = so.so_no where c.container_no like $1 || '%') and ${live}`,
      ],
    ];
    for (const [what, terms, where] of searches) {
      if (!terms.length) continue;
      add(
        `search ${what} prefix`,
        await load(CLIENTS, PER, (i) =>
          get(`/Invoice?pageSize=${PAGE_SIZE}&q=${encodeURIComponent(terms[i % terms.length])}`),
        ),
        await sqlLoad(PER, (i) => [rowSql(where), [terms[i % terms.length]]]),
        await indexesOf(rowSql(where), [terms[0]]),
        `e.g. ${terms[0]}`,
      );
    }
    loads.search = load1();

    // 2. every stage list's first page
    for (const [type, stages] of [
      ['AR', AR_STAGES],
      ['AP', AP_STAGES],
    ] as const) {
      for (const s of stages) {
        const sql = rowSql(stageWhere(type, s));
        add(
          `${type} ${s.name} page 1`,
          await load(CLIENTS, PER, () =>
            get(`/Invoice/${type.toLowerCase()}Search/${s.name}?pageSize=${PAGE_SIZE}`),
          ),
          await sqlLoad(PER, () => [sql, []]),
          await indexesOf(sql),
        );
      }
    }
    loads.stages = load1();

    // 3. dashboards (a card per stage: count, yellow, red)
    for (const type of ['ar', 'ap']) {
      const dash = () => get(`/Invoice/${type}Dashboard`);
      const single = await load(1, 5, dash);
      add(
        `${type.toUpperCase()} dashboard, one at a time (p50 in p95 column)`,
        { ...single, p95: single.p50 },
        null,
      );
      add(`${type.toUpperCase()} dashboard, 20 clients`, await load(CLIENTS, 5, dash), null);
    }

    // 4. creation with an Idempotency-Key: an AR invoice with four lines on a recent job each
    const recent = (
      await pool.query<{ job_no: string; so_no: string; etd: string }>(
        `select so.job_no, so.so_no, so.etd::text as etd from shipping_orders so
          where so.job_no is not null and so.etd between current_date - 60 and current_date
          order by so.so_id desc limit ${CLIENTS * 5 + 5}`,
      )
    ).rows;
    const line = (
      charge_code: string,
      description: string,
      unit_price: string,
      quantity: string,
      tax: [string, string],
      uom: string,
    ) => ({
      charge_code,
      description,
      unit_price,
      quantity,
      uom,
      dr_cr: 'DR',
      tax_code: tax[0],
      tax_rate: tax[1],
      price_includes_tax: false,
    });
    const createBody = (j: { job_no: string; so_no: string; etd: string }) => ({
      inv_type: 'AR',
      kind: 'AR',
      account_code: 'HKCUS001',
      job_nos: [j.job_no],
      so_nos: [j.so_no],
      currency: 'HKD',
      invoice_date: j.etd,
      sub_type: 'VAT_SPECIAL',
      lines: [
        line('OFR', 'Ocean freight', '14430.50', '2', ['NOTAX', '0'], 'CNTR'),
        line('THCO', 'THC origin', '2140', '2', ['NOTAX', '0'], 'CNTR'),
        line('DOC', 'Documentation', '450', '1', ['NOTAX', '0'], 'SHPT'),
        line('BLF', 'B/L fee', '380', '1', ['NOTAX', '0'], 'BL'),
      ],
    });
    if (recent.length) {
      const keys = recent.map(() => randomUUID());
      // One at a time first (the work of one creation), then 20 at once (they queue on the number sequence).
      const alone = recent.splice(0, 5);
      const single = await load(1, alone.length, (i) =>
        post('/Invoice', createBody(alone[i]), { 'idempotency-key': randomUUID() }),
      );
      add('create AR invoice, one at a time (p50 in p95 column)', { ...single, p95: single.p50 }, null);
      const create = await load(CLIENTS, Math.floor(recent.length / CLIENTS), (i) =>
        post('/Invoice', createBody(recent[i]), { 'idempotency-key': keys[i] }),
      );
      const replay = await post('/Invoice', createBody(recent[0]), { 'idempotency-key': keys[0] });
      await replay.arrayBuffer();
      add(
        'create AR invoice (Idempotency-Key, 4 lines), 20 clients',
        create,
        null,
        '-',
        `replay of a key: ${replay.status}${replay.headers.get('idempotent-replayed') ? ', replayed' : ', NOT replayed'}`,
      );
    }

    // 5. invoice PDF and a 100-invoice merged PDF, when the routes exist
    let merge: Record<string, number | string> | null = null;
    try {
      const openapi = (await (await fetch(`${base}/api/docs/json`)).json()) as {
        paths: Record<string, unknown>;
      };
      const pdfRoute = '/api/v1/Invoice/{inv_id}/pdf' in openapi.paths;
      const mergeRoute = '/api/v1/Invoice/printMerge' in openapi.paths;
      const pdfIds = (
        await pool.query<{ inv_id: number }>(
          "select inv_id from invoices where status <> 'DELETED' order by inv_id desc limit 200",
        )
      ).rows.map((r) => r.inv_id);
      if (pdfRoute && pdfIds.length) {
        const pdf = (i: number) => get(`/Invoice/${pdfIds[i % pdfIds.length]}/pdf`);
        await (await pdf(0)).arrayBuffer(); // the first use parses the font
        const single = await load(1, 20, pdf);
        add('invoice PDF, one at a time (p50 in p95 column)', { ...single, p95: single.p50 }, null);
        add('invoice PDF, 20 clients', await load(CLIENTS, 5, pdf), null);
      } else add('invoice PDF', null, null, '-', 'not measurable yet: no GET /Invoice/{inv_id}/pdf route');
      if (mergeRoute) {
        // One account and one side per merged printout (002 §5): the account with the most AR invoices.
        const ids = (
          await pool.query<{ inv_id: number }>(
            `select inv_id from invoices where inv_type = 'AR' and status <> 'DELETED'
                and account_code = (select account_code from invoices where inv_type = 'AR' group by 1 order by count(*) desc limit 1)
              order by inv_id desc limit 100`,
          )
        ).rows.map((r) => r.inv_id);
        const times: number[] = [];
        let status = 0;
        let bytes = 0;
        for (let k = 0; k < 3; k++) {
          const t0 = performance.now();
          const res = await post('/Invoice/printMerge', { inv_ids: ids });
          bytes = (await res.arrayBuffer()).byteLength;
          times.push(performance.now() - t0);
          status = res.status;
        }
        times.sort((a, b) => a - b);
        merge = {
          invoices: ids.length,
          status,
          ms: Math.round(times[1]),
          runs: times.map(Math.round).join(' / '),
          megabytes: Number((bytes / 1048576).toFixed(2)),
        };
        if (status !== 200) failed++;
        rows.push({
          measure: `merged PDF of ${ids.length} invoices (median of 3)`,
          'api p50': '-',
          'api p95': Math.round(times[1]),
          'sql p95': '-',
          ratio: '-',
          failures: status === 200 ? 0 : 1,
          'sql index': '-',
          note: `status ${status}, ${merge.megabytes} MB, runs ${merge.runs} ms`,
        });
      } else
        add(
          'merged PDF of 100 invoices',
          null,
          null,
          '-',
          'not measurable yet: no POST /Invoice/printMerge route',
        );
    } catch (e) {
      // A PDF route still being built must not lose the rest of the run.
      failed++;
      add('invoice PDF / merged PDF', null, null, '-', `error: ${(e as Error).message}`);
    }
    loads.pdf = load1();

    // 6. export of the largest invoice-date window holding at most 10,000 live invoices: time, server RSS growth
    const window = (
      await pool.query<{ from: string; to: string; rows: number }>(
        `with d as (select invoice_date, count(*) n from invoices
                     where status <> 'DELETED' and invoice_date >= current_date - 200 group by invoice_date),
              c as (select invoice_date, sum(n) over (order by invoice_date) cum from d)
         select (select min(invoice_date) from d)::text as from, max(invoice_date)::text as to, max(cum)::int as rows
           from c where cum <= $1`,
        [MAX_EXPORT_ROWS],
      )
    ).rows[0];
    const filters = JSON.stringify([
      { field: 'invoice_date', op: 'gte', value: window?.from },
      { field: 'invoice_date', op: 'lte', value: window?.to },
    ]);
    const exportQuery = `filters=${encodeURIComponent(filters)}&sort=invoice_date`;
    let peak = rssMb(pid);
    const idle = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 25);
    const e0 = performance.now();
    const exp = await get(`/Invoice/export?${exportQuery}`);
    const bytes = (await exp.arrayBuffer()).byteLength;
    const exportSeconds = (performance.now() - e0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    if (exp.status !== 200) failed++;
    const exportFigures = {
      status: exp.status,
      rows: window?.rows ?? null,
      seconds: Number(exportSeconds.toFixed(2)),
      megabytes: Number((bytes / 1048576).toFixed(2)),
      serverRssIdleMb: pid ? Math.round(idle) : null,
      serverRssPeakMb: pid ? Math.round(peak) : null,
      serverRssGrowthMb: pid ? Math.round(peak - idle) : null,
    };
    rows.push({
      measure: `export ${window?.rows ?? '?'} rows`,
      'api p50': '-',
      'api p95': Math.round(exportSeconds * 1000),
      'sql p95': '-',
      ratio: '-',
      failures: exp.status === 200 ? 0 : 1,
      'sql index': '-',
      note: `status ${exp.status}, ${exportFigures.megabytes} MB, server RSS ${exportFigures.serverRssIdleMb} → ${exportFigures.serverRssPeakMb} MB (+${exportFigures.serverRssGrowthMb})`,
    });
    loads.end = load1();

    const counts = (
      await pool.query<{ invoices: number; lines: number; jobs: number }>(
        `select (select count(*) from invoices)::int invoices, (select count(*) from invoice_lines)::int lines,
                (select count(distinct job_no) from invoice_jobs)::int jobs`,
      )
    ).rows[0];
    console.log(
      `\nInvoice bench: ${counts.invoices.toLocaleString('en')} invoices, ${counts.lines.toLocaleString('en')} lines, ${counts.jobs.toLocaleString('en')} jobs; ${CLIENTS} clients`,
    );
    if (invoices) console.table([{ bookingSeconds: bookings?.seconds, ...invoices }]);
    console.table(rows);
    console.log('load average (1, 5, 15 min):', JSON.stringify(loads));
    const out = path.join(ROOT, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, 'invoice-bench.json'),
      `${JSON.stringify({ at: new Date().toISOString(), clients: CLIENTS, counts, bookings, invoices, loadAverage: loads, rows, export: exportFigures, merge, failed }, null, 2)}\n`,
    );
    const cols = ['measure', 'api p50', 'api p95', 'sql p95', 'ratio', 'sql index', 'note'];
    writeFileSync(
      path.join(out, 'invoice-bench.md'),
      [
        `Invoice bench ${new Date().toISOString()}: ${counts.invoices.toLocaleString('en')} invoices, ${counts.lines.toLocaleString('en')} lines, ${counts.jobs.toLocaleString('en')} jobs, ${CLIENTS} clients; load average ${JSON.stringify(loads)}`,
        '',
        `| ${cols.join(' | ')} |`,
        `| ${cols.map(() => '---').join(' | ')} |`,
        ...rows.map((r) => `| ${cols.map((c) => String(r[c] ?? '')).join(' | ')} |`),
        '',
      ].join('\n'),
    );
    console.log(failed ? `${failed} request(s) failed` : 'no request failed');
  } finally {
    await pool.end();
    await server?.stop();
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
