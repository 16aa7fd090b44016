/**
 * Booking figures (issue 11, "Lists at scale") with N bookings (default 1,000,000, ~2,000,000 containers) and
 * 200,000 parties at 20 concurrent clients. For every figure it prints the API p95, the best raw SQL for the
 * same rows in the same run (the physical limit, with the index PostgreSQL used, read from EXPLAIN), the API's
 * overhead and the target, and exits 1 when a target is missed, so a regression shows. Every figure with a raw
 * SQL side meets the overhead rule (figures.ts): API p95 − raw p95 ≤ the run's signed-in floor p95 + 10 ms.
 * - the 9 booking lists, the 9 booking-approval lists and the party lists: page 1 p95 <= 50 ms; page 1,000
 *   by keyset (a jump to the sort value of its first row) <= 1.5x page 1;
 *   page 1,000 by OFFSET must be refused (400, LIST_MAX_OFFSET);
 * - smart search by number prefix (SO#, job#, HBL#, container#) through a list: p95 <= 50 ms;
 * - the global search (GET /Search/documents): p95 <= 20 ms;
 * - booking and approval dashboard counts: p95 <= 100 ms;
 * - house bill PDF: one at a time <= 100 ms (median), p95 <= 400 ms at 20 clients;
 * - an export of ~10,000 rows <= 1.5 s with the server's RSS growth <= 100 MB.
 *
 *   npm run bench:booking                      fresh server + database under /tmp/portal-bench-booking
 *   npm run bench:booking -- --n 200000        fewer bookings
 *   npm run bench:booking -- --url http://localhost:8080 --db postgres://portal:portal@127.0.0.1:54329/portal
 *                                              against a running portal whose database already holds them
 *   --port 8733 --pg-port 55033 --data /tmp/portal-bench-booking
 *                                              the fresh server's ports and database folder (several runs at once)
 *   --per-scale 4                              4× the calls per figure (steadier p95s; takes 4× as long)
 *   --only floor,lists,search,dashboard,pdf,export
 *                                              only these sections (default all); --lists key,key only these lists
 *   --out bench/results/booking-bench.json     where the figures go (a reduced run should not overwrite the 1M one)
 * The `floor` section measures what any answer costs on this machine at 20 clients: a bare node:http server,
 * a bare Fastify, the portal's /healthz, /readyz and a signed-in route that reads nothing, and `select 1`.
 * With the server's pid known, every API figure also carries the server's CPU per call (ms, from /proc), and
 * the run is marked BUSY when other processes used more than `--busy-cores` (0.25) while it measured;
 * `--wait-quiet <load>` waits for the 1-minute load average to fall to <load> before measuring.
 * Figures go to bench/results/booking-bench.json (and the table to stdout).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  APPROVAL_LIST_KEYS,
  BOOKING_LIST_KEYS,
  MAX_EXPORT_ROWS,
  PARTY_LISTS,
  type TApprovalListKey,
  type TBookingListKey,
} from '@portal/contracts';
import pg from 'pg';
import { arg, generateBookings } from './booking-generate';
import { cpuSeconds, figureTable, rssMb, sqlLoadOf } from './figures';
import {
  type BenchServer,
  lightGet,
  load,
  planIndexes,
  ROOT,
  rebuildBookingNumbers,
  signIn,
  startServer,
} from './server';

const CLIENTS = 20;
/**
 * `--per-scale N` multiplies every figure's calls per client (default 1: 200 calls for a list figure, whose p95
 * is then the 10th slowest; single waits for a core move it by 20-30 ms between runs on 2 cores).
 */
const PER_SCALE = Math.max(1, Number(arg('per-scale') ?? 1));
const PAGE_SIZE = 20;
/** Page 1,000's first row: 999 pages of 20 before it. */
const DEEP_ROW = 999 * PAGE_SIZE;

/** Each booking list's rows as plain SQL (modules/booking/booking.lists.ts): status filter, SO# order. */
const BOOKING_WHERE: Record<TBookingListKey, string> = {
  search_booking: 'true',
  new_e_booking: "so.status = 'NEW_E_BOOKING'",
  amend_e_booking: "so.status = 'AMEND_PENDING'",
  cancel_e_booking: "so.status = 'CANCEL_PENDING'",
  new_manual_booking: "so.status = 'NEW_MANUAL'",
  booking_confirmed: "so.status = 'CONFIRMED'",
  reuse_booking: "so.status in ('CONFIRMED', 'RECOVERED', 'CANCELLED')",
  booking_cancelled: "so.status = 'CANCELLED'",
  booking_pending_si: "so.status = 'CONFIRMED' and so.si_status = 'PENDING'",
};
/** The approval lists (modules/booking-approval/booking-approval-lists.repository.ts). */
const APPROVAL_WHERE: Record<TApprovalListKey, string> = {
  search_booking_approval: "(so.status in ('CONFIRMED', 'RECOVERED') or so.approval_status is not null)",
  pending_for_approval: "(so.status = 'CONFIRMED' and so.approval_status is null)",
  request_approval: "so.approval_status = 'REQUEST_FOR_APPROVAL'",
  pending_customer_approval: "so.approval_status = 'PENDING_CUSTOMER'",
  booking_approved: "so.approval_status = 'APPROVED'",
  booking_rejected: "so.approval_status = 'REJECTED'",
  booking_advice: "so.approval_status = 'BOOKING_ADVICE'",
  booking_approval_updated_by_mr: 'so.approval_updated_by_mr',
  booking_approval_updated_by_customer: 'so.approval_updated_by_customer',
};
/** A list row as the API shows it: order columns, shipper and consignee, the container numbers. */
const bookingSql = (where: string) => `
  select so.so_id, so.so_no, so.job_no, so.hbl_no, so.status, so.pol, so.pod, so.fd, so.etd, so.eta,
         so.carrier_code, so.vessel_name, so.voyage, so.updated_at, so.status_changed_at,
         sh.party_code shipper_code, sh.full_name shipper_name, cn.party_code consignee_code, cn.full_name consignee_name,
         (select string_agg(c.container_no, ',' order by c.line_no) from so_containers c where c.so_id = so.so_id) container_nos
    from shipping_orders so
    left join parties sh on sh.party_id = so.shipper_id
    left join parties cn on cn.party_id = so.consignee_id
   where ${where}
   order by so.so_no, so.so_id limit ${PAGE_SIZE}`;
const partySql = (where: string) => `
  select p.party_id, p.party_code, p.party_type, p.short_name, p.full_name, p.city, p.country_code,
         p.approval_status, p.updated_at
    from parties p where ${where} order by p.party_code, p.party_id limit ${PAGE_SIZE}`;

/**
 * The floor's bare servers: plain node:http and plain Fastify answering a small JSON body, in a process of
 * their own (as the portal is), so their p95 at 20 clients shows what this machine allows any HTTP answer.
 */
const BARE_SERVERS = {
  'bare node:http': `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json');
    s.end('{"status":"ok"}'); }).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('up'));`,
  'bare Fastify': `const app = require('fastify')(); app.get('/', async () => ({ status: 'ok' }));
    app.listen({ port: Number(process.argv[1]), host: '127.0.0.1' }).then(() => console.log('up'));`,
};

const startBare = (code: string, port: number) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code, String(port)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout?.once('data', () => resolve(child));
    child.once('exit', (c) => reject(new Error(`bare server exited ${c}`)));
  });

async function main() {
  const url = arg('url');
  const only = arg('only')?.split(',');
  const section = (name: string) => !only || only.includes(name);
  const onlyLists = arg('lists')?.split(',');
  const listWanted = (key: string) => !onlyLists || onlyLists.includes(key);
  const port = Number(arg('port') ?? 8733);
  const n = Number(arg('n') ?? 1_000_000);
  let server: BenchServer | null = null;
  let dbUrl = arg('db') ?? process.env.BENCH_DATABASE_URL;
  let pid: number | undefined = arg('pid') ? Number(arg('pid')) : undefined;
  let generated: Awaited<ReturnType<typeof generateBookings>> | null = null;
  let searchRebuildSeconds: number | null = null;
  if (!url) {
    // The generated database lives outside the repository (several GB at a million bookings).
    server = await startServer(
      port,
      Number(arg('pg-port') ?? 55033),
      arg('data') ?? '/tmp/portal-bench-booking',
    );
    dbUrl = server.dbUrl;
    pid = server.pid;
    generated = await generateBookings({ dbUrl, n, reset: true });
    // The generator writes straight to the tables: fill the global search's index for the bookings.
    searchRebuildSeconds = rebuildBookingNumbers(dbUrl);
  }
  if (!dbUrl) throw new Error('--db <postgres url> is needed with --url (for the raw-SQL side)');
  const base = url ?? (server as BenchServer).url;
  const pool = new pg.Pool({ connectionString: dbUrl, max: CLIENTS });
  const t = figureTable({ clients: CLIENTS, serverPid: pid, perScale: PER_SCALE });
  const { add, apiLoad, rows } = t;
  try {
    // What autovacuum does after a bulk load (the generator writes millions of rows at once): fresh statistics
    // and the visibility map, so the capped counts are index-only scans on both sides. Without it the party
    // counts were sequential scans (10,001 heap rows, 50-170 ms at load 10 instead of ~1 ms).
    for (const table of ['shipping_orders', 'parties', 'so_containers', 'document_numbers'])
      await pool.query(`vacuum analyze ${table}`);
    const token = await signIn(base, arg('user') ?? 'ops@demo.test');
    const headers = { authorization: `Bearer ${token}` };
    const get = (p: string) => fetch(`${base}/api/v1${p}`, { headers });
    /** The load loops' GET (server.ts lightGet: read, not decoded). */
    const hit = (p: string) => lightGet(`${base}/api/v1${p}`, headers);

    const indexesOf = (text: string, values: unknown[] = []) => planIndexes(pool, text, values);
    const sqlLoad = (perClient: number, query: (i: number) => [string, unknown[]]) =>
      sqlLoadOf(pool, CLIENTS, perClient * PER_SCALE, query);

    /**
     * A list's page 1 and page 1,000 (keyset: a jump to the sort value of its 19,981st row), API against the
     * same rows as raw SQL, and page 1,000 by OFFSET, which the API must refuse.
     */
    const listFigures = async (
      label: string,
      apiPath: string,
      where: string,
      rowSql: (where: string) => string,
      fromSql: string,
      sortCol: string,
    ) => {
      const page1Sql = rowSql(where);
      const page1 = await apiLoad(10, () => hit(`${apiPath}?pageSize=${PAGE_SIZE}&page=1`));
      const page1Raw = await sqlLoad(10, () => [page1Sql, []]);
      add(`${label} page 1`, page1, page1Raw, {
        maxP95: 50,
        index: await indexesOf(page1Sql),
      });
      const offset = await get(`${apiPath}?pageSize=${PAGE_SIZE}&page=1000`);
      await offset.arrayBuffer();
      const deep = await pool.query<{ v: string }>(
        `select ${sortCol}::text as v from ${fromSql} where ${where} order by ${sortCol} offset ${DEEP_ROW} limit 1`,
      );
      const at = deep.rows[0]?.v;
      if (!at) {
        add(`${label} page 1000`, null, null, {
          status: offset.status === 400 ? 'offset refused' : `MISS offset answered ${offset.status}`,
          note: 'fewer than 1,000 pages',
        });
        return;
      }
      const keysetSql = rowSql(`${where} and ${sortCol} >= $1`);
      const keyset = await apiLoad(10, () =>
        hit(`${apiPath}?pageSize=${PAGE_SIZE}&at=${encodeURIComponent(at)}`),
      );
      const keysetRaw = await sqlLoad(10, () => [keysetSql, [at]]);
      add(`${label} page 1000 (keyset)`, keyset, keysetRaw, {
        maxP95: Math.max(50, Number((page1.p95 * 1.5).toFixed(1))),
        index: await indexesOf(keysetSql, [at]),
        status: offset.status === 400 ? 'offset refused' : `MISS offset page 1000 answered ${offset.status}`,
        note: `at=${at}; target p95 <= 1.5x page 1`,
      });
    };

    await t.startMeasuring();
    // 0. the floor: what any answer costs here at 20 clients, and how much of it the portal's plumbing adds
    if (section('floor')) {
      const note = 'floor: the least any answer costs on this machine at 20 clients';
      let barePort = port + 50;
      for (const [name, code] of Object.entries(BARE_SERVERS)) {
        const child = await startBare(code, barePort);
        const bare = `http://127.0.0.1:${barePort++}/`;
        try {
          await load(CLIENTS, 10, () => lightGet(bare)); // warm-up
          const c0 = cpuSeconds(child.pid);
          const figures = await load(CLIENTS, 50, () => lightGet(bare));
          const cpuMs = Number((((cpuSeconds(child.pid) - c0) * 1000) / figures.requests).toFixed(2));
          add(`floor: ${name}`, { ...figures, cpuMs }, null, { note });
        } finally {
          child.kill();
        }
      }
      add(
        'floor: portal /healthz (no session, no SQL)',
        await apiLoad(50, () => lightGet(`${base}/healthz`)),
        null,
        {
          note,
        },
      );
      add(
        'floor: portal /readyz (select 1 through the app pool)',
        await apiLoad(50, () => lightGet(`${base}/readyz`)),
        await sqlLoad(50, () => ['select 1', []]),
        { note: 'sql: select 1 over 20 connections' },
      );
    }
    // Signed in, rate-limited, validated and serialised like every API call, but reads nothing: q of only
    // dashes normalises to nothing and answers an empty result before any SQL. The overhead rule's allowance.
    await t.measureFloor(hit);

    // 1. lists
    for (const key of section('lists') ? BOOKING_LIST_KEYS.filter(listWanted) : []) {
      await listFigures(
        `booking ${key}`,
        `/Booking/list/${key}`,
        BOOKING_WHERE[key],
        bookingSql,
        'shipping_orders so',
        'so.so_no',
      );
    }
    for (const key of section('lists') ? APPROVAL_LIST_KEYS.filter(listWanted) : []) {
      await listFigures(
        `approval ${key}`,
        `/BookingApproval/list/${key}`,
        APPROVAL_WHERE[key],
        bookingSql,
        'shipping_orders so',
        'so.so_no',
      );
    }
    for (const [key, statuses] of section('lists') ? Object.entries(PARTY_LISTS) : []) {
      if (!['search_party', 'party_approved', 'pending_party_approval'].includes(key) || !listWanted(key))
        continue;
      const where = statuses ? `p.approval_status in (${statuses.map((s) => `'${s}'`).join(', ')})` : 'true';
      await listFigures(`party ${key}`, `/Party/list/${key}`, where, partySql, 'parties p', 'p.party_code');
    }

    if (section('search')) {
      // 2. smart search by number prefix through a list, and the global search (document-number index)
      const sample = (
        await pool.query<{ so_no: string; job_no: string; hbl_no: string; container_no: string }>(
          `select so.so_no, so.job_no, so.hbl_no, c.container_no from shipping_orders so
           join so_containers c on c.so_id = so.so_id and c.container_no is not null
          where so.hbl_no is not null order by so.so_id desc limit 50`,
        )
      ).rows;
      const prefixes: [string, string[]][] = [
        ['SO#', sample.map((r) => r.so_no.slice(0, 12))],
        ['job#', sample.map((r) => r.job_no.slice(0, 12))],
        ['HBL#', sample.map((r) => r.hbl_no)],
        ['container#', sample.map((r) => r.container_no.slice(0, 8))],
      ];
      // The same rows as the API: every booking with a number starting with the prefix, in SO# order (a `limit`
      // inside the subquery, as before, returned other rows whenever more than that many bookings matched).
      const indexed = `so.so_id in (select d.doc_id::int from document_numbers d
        where d.kind = 'booking' and d.number_norm like $1 || '%')`;
      for (const [what, terms] of prefixes) {
        if (!terms.length) continue;
        add(
          `list search ${what} prefix`,
          await apiLoad(10, (i) =>
            hit(
              `/Booking/list/search_booking?pageSize=${PAGE_SIZE}&q=${encodeURIComponent(terms[i % terms.length])}`,
            ),
          ),
          await sqlLoad(10, (i) => [bookingSql(indexed), [terms[i % terms.length]]]),
          {
            maxP95: 50,
            index: await indexesOf(bookingSql(indexed), [terms[0]]),
            note: `e.g. ${terms[0]}`,
          },
        );
      }
      const search = await get('/Search/documents?q=SO&limit=20');
      await search.arrayBuffer();
      if (search.status === 200) {
        const numbers = (
          await pool.query<{ number_norm: string }>(
            `select number_norm from document_numbers tablesample system (1) where kind = 'booking' limit 400`,
          )
        ).rows.map((r, i) => r.number_norm.slice(0, 3 + (i % 10)));
        const lookup = `select kind, doc_id, field, number, display_no, status, subtitle, dates from document_numbers
          where number_norm like $1 and kind = any(array['booking','party']) order by number_norm using ~<~ limit 60`;
        if (numbers.length) {
          add(
            'global search (3-12 character prefixes)',
            await apiLoad(20, (i) =>
              hit(`/Search/documents?q=${encodeURIComponent(numbers[i % numbers.length])}&limit=20`),
            ),
            await sqlLoad(20, (i) => [lookup, [`${numbers[i % numbers.length]}%`]]),
            { maxP95: 20, index: await indexesOf(lookup, [`${numbers[0]}%`]) },
          );
        }
      } else {
        add('global search', null, null, { status: `MISS /Search/documents answered ${search.status}` });
      }
    }

    if (section('dashboard')) {
      // 3. dashboard counts (per instance, cached for BOOKING_DASHBOARD_CACHE_MS; every write here drops it)
      const countSql = `select (select count(*) from (select 1 from shipping_orders where status = 'NEW_E_BOOKING'
        and status_changed_at <= now() - interval '18 hours' limit 10001) t)`;
      const countRaw = await sqlLoad(10, () => [countSql, []]);
      for (const [what, p] of [
        ['booking', '/Booking/dashboard'],
        ['approval', '/BookingApproval/dashboard'],
      ]) {
        add(`${what} dashboard counts`, await apiLoad(10, () => hit(p)), countRaw, {
          maxP95: 100,
          index: await indexesOf(countSql),
          note: 'sql: one capped colour count of the ~20 in a dashboard',
        });
      }
    }

    if (section('pdf')) {
      // 4. house bill PDF: one at a time, then 20 clients
      const hbls = (
        await pool.query<{ so_no: string }>(
          'select so_no from shipping_orders where hbl_no is not null order by so_id desc limit 200',
        )
      ).rows.map((r) => r.so_no);
      if (hbls.length) {
        const pdf = (i: number) => hit(`/Booking/${encodeURIComponent(hbls[i % hbls.length])}/house-doc`);
        await (await pdf(0)).arrayBuffer(); // first use parses the font
        const single = await load(1, 20, pdf);
        add('house bill PDF, one at a time (p50)', { ...single, p95: single.p50 }, null, { maxP95: 100 });
        add('house bill PDF, 20 clients', await apiLoad(5, pdf), null, { maxP95: 400 });
      }
    }

    let exportFigures: Record<string, number | null> | null = null;
    if (section('export')) {
      // 5. export of the largest ETD window holding at most 10,000 bookings, time and the server's RSS growth
      const window = (
        await pool.query<{ from: string; to: string; rows: number }>(
          `with d as (select etd, count(*) n from shipping_orders where etd >= current_date - 200 group by etd),
              c as (select etd, sum(n) over (order by etd) cum from d)
         select (select min(etd) from d)::text as from, max(etd)::text as to, max(cum)::int as rows
           from c where cum <= $1`,
          [MAX_EXPORT_ROWS],
        )
      ).rows[0];
      const exportQuery = `etd_from=${window?.from}&etd_to=${window?.to}&sort=etd`;
      let peak = rssMb(pid);
      const idle = peak;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb(pid));
      }, 25);
      const e0 = performance.now();
      const exp = await get(`/Booking/list/search_booking/export?${exportQuery}`);
      const bytes = (await exp.arrayBuffer()).byteLength;
      const exportSeconds = (performance.now() - e0) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, rssMb(pid));
      exportFigures = {
        status: exp.status,
        rows: window?.rows ?? null,
        seconds: Number(exportSeconds.toFixed(2)),
        megabytes: Number((bytes / 1024 / 1024).toFixed(2)),
        serverRssIdleMb: pid ? Math.round(idle) : null,
        serverRssPeakMb: pid ? Math.round(peak) : null,
      };
      const growth = pid ? Math.round(peak - idle) : null;
      const exportMiss = exp.status !== 200 || exportSeconds > 1.5 || (growth !== null && growth > 100);
      add(`export ${window?.rows ?? '?'} rows`, null, null, {
        status: `${exportMiss ? 'MISS ' : ''}${exp.status}, ${exportFigures.seconds} s, rss +${growth} MB`,
        note: `target <= 1.5 s and <= 100 MB growth; ${exportQuery}`,
      });
    }

    console.log(
      `\nBooking bench: ${generated ? `${generated.orders.toLocaleString('en')} bookings generated` : base}, ${CLIENTS} clients`,
    );
    if (generated) console.table([{ ...generated, searchRebuildSeconds }]);
    const quiet = t.finish();
    console.table(rows.map(({ note: _note, 'sql index': _index, ...r }) => r));
    if (exportFigures) console.table([exportFigures]);
    console.log(t.missed ? `${t.missed} figure(s) missed their target` : 'every figure met its target');
    const out = path.resolve(ROOT, arg('out') ?? 'bench/results/booking-bench.json');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify({ at: new Date().toISOString(), clients: CLIENTS, sections: only ?? 'all', lists: onlyLists ?? 'all', ...quiet, floorP95: t.floorP95, generated, searchRebuildSeconds, rows, export: exportFigures, missed: t.missed }, null, 2)}\n`,
    );
  } finally {
    await pool.end();
    await server?.stop();
  }
  process.exitCode = t.missed ? 1 : 0;
}

await main();
