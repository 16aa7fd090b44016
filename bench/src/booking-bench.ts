/**
 * Booking figures (issues "Scale" and "Figures") with N bookings (default 1,000,000) at 20 concurrent clients:
 * p95 of each of the 9 booking lists' first page and page 1,000 (OFFSET and, where the list answers a cursor,
 * keyset), search by SO#/job#/HBL#/container# prefix, the same queries as raw SQL in the same run (API/SQL
 * ratio), dashboard counts, a ~10,000-row export's time with the server's peak memory, and house-bill PDF p95.
 *
 *   npm run bench:booking                      fresh server + database under bench/.data-booking, 1M bookings
 *   npm run bench:booking -- --n 200000        fewer bookings
 *   npm run bench:booking -- --url http://localhost:8080 --db postgres://portal:portal@127.0.0.1:54329/portal
 *                                              against a running portal whose database already holds them
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BOOKING_LIST_KEYS, MAX_EXPORT_ROWS, type TBookingListKey } from '@portal/contracts';
import pg from 'pg';
import { arg, generateBookings } from './booking-generate';
import { type BenchServer, load, ROOT, signIn, startServer } from './server';

const CLIENTS = 20;
const PAGE_SIZE = 20;
type Figures = Awaited<ReturnType<typeof load>>;

/**
 * What each list shows, as plain SQL (the raw-SQL side of the ratio), following the server's list definitions
 * (modules/booking/booking.lists.ts): its status filter, the default order (SO#, then so_id) and the same
 * row shape (shipper and consignee names, the container numbers).
 */
const LIST_WHERE: Record<TBookingListKey, string> = {
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
const listSql = (where: string, offset = 0) => `
  select so.so_id, so.so_no, so.job_no, so.hbl_no, so.status, so.pol, so.pod, so.fd, so.etd, so.eta,
         so.carrier_code, so.vessel_name, so.voyage, so.updated_at, so.status_changed_at,
         sh.party_code shipper_code, sh.full_name shipper_name, cn.party_code consignee_code, cn.full_name consignee_name,
         (select string_agg(c.container_no, ',' order by c.line_no) from so_containers c where c.so_id = so.so_id) container_nos
    from shipping_orders so
    left join parties sh on sh.party_id = so.shipper_id
    left join parties cn on cn.party_id = so.consignee_id
   where ${where}
   order by so.so_no, so.so_id limit ${PAGE_SIZE} offset ${offset}`;
/** Free text as the server searches it: SO#/job#/HBL#/PO# containing it (trigram) or a container# prefix. */
const SEARCH_WHERE = `so.so_id in (select s.so_id from shipping_orders s
    where lower(s.so_no || ' ' || coalesce(s.job_no, '') || ' ' || coalesce(s.hbl_no, '') || ' ' || coalesce(s.po_no, ''))
          like '%' || lower($1) || '%'
  union select c.so_id from so_containers c where c.container_no like upper($1) || '%')`;

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

/** `load` for raw SQL on a pool of CLIENTS connections: the same percentiles as the API side. */
async function loadSql(pool: pg.Pool, perClient: number, query: (i: number) => [string, unknown[]]) {
  return load(CLIENTS, perClient, async (i) => {
    const [text, values] = query(i);
    await pool.query(text, values);
    return new Response('');
  });
}

async function main() {
  const url = arg('url');
  const n = Number(arg('n') ?? 1_000_000);
  let server: BenchServer | null = null;
  let dbUrl = arg('db') ?? process.env.BENCH_DATABASE_URL;
  let pid: number | undefined = arg('pid') ? Number(arg('pid')) : undefined;
  let generated: Awaited<ReturnType<typeof generateBookings>> | null = null;
  if (!url) {
    server = await startServer(8733, 55033, 'bench/.data-booking');
    dbUrl = server.dbUrl;
    pid = server.pid;
    generated = await generateBookings({ dbUrl, n, reset: true });
  }
  if (!dbUrl) throw new Error('--db <postgres url> is needed with --url (for the raw-SQL side)');
  const base = url ?? (server as BenchServer).url;
  const pool = new pg.Pool({ connectionString: dbUrl, max: CLIENTS });
  try {
    const token = await signIn(base, arg('user') ?? 'ops@demo.test');
    const headers = { authorization: `Bearer ${token}` };
    const get = (p: string) => fetch(`${base}/api/v1${p}`, { headers });
    const rows: Record<string, string | number>[] = [];
    const add = (measure: string, api: Figures | null, sql?: Figures | null, note = '') => {
      console.error(`[bench] ${measure}: api p95 ${api?.p95 ?? '-'} ms, sql p95 ${sql?.p95 ?? '-'} ms`);
      rows.push({
        measure,
        requests: api?.requests ?? 0,
        failures: api?.failures ?? 0,
        'api p50 ms': api?.p50 ?? '-',
        'api p95 ms': api?.p95 ?? '-',
        'api rps': api?.rps ?? '-',
        'sql p95 ms': sql?.p95 ?? '-',
        'api/sql p95': api && sql && sql.p95 > 0 ? Number((api.p95 / sql.p95).toFixed(1)) : '-',
        note,
      });
    };

    // 1. each list: page 1, page 1,000 by OFFSET, and by keyset (the cursor after page 999) when offered
    for (const key of BOOKING_LIST_KEYS) {
      const where = LIST_WHERE[key];
      const list = `/Booking/list/${key}?pageSize=${PAGE_SIZE}`;
      add(
        `${key} page 1`,
        await load(CLIENTS, 10, () => get(`${list}&page=1`)),
        await loadSql(pool, 10, () => [listSql(where), []]),
      );
      add(
        `${key} page 1000 (offset)`,
        await load(CLIENTS, 5, () => get(`${list}&page=1000`)),
        await loadSql(pool, 5, () => [listSql(where, 999 * PAGE_SIZE), []]),
      );
      const before = await get(`${list}&page=999`);
      const cursor = before.ok ? ((await before.json()) as { nextCursor?: string | null }).nextCursor : null;
      if (cursor) {
        add(
          `${key} page 1000 (keyset)`,
          await load(CLIENTS, 10, () => get(`${list}&cursor=${encodeURIComponent(cursor)}`)),
        );
      }
    }

    // 2. search by number prefix (values taken from the data), API and SQL
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
    for (const [what, terms] of prefixes) {
      if (!terms.length) continue;
      add(
        `search ${what} prefix`,
        await load(CLIENTS, 10, (i) =>
          get(
            `/Booking/list/search_booking?pageSize=${PAGE_SIZE}&q=${encodeURIComponent(terms[i % terms.length])}`,
          ),
        ),
        await loadSql(pool, 10, (i) => [listSql(SEARCH_WHERE), [terms[i % terms.length]]]),
        `e.g. ${terms[0]}`,
      );
    }

    // 3. dashboard counts
    add(
      'dashboard counts',
      await load(CLIENTS, 10, () => get('/Booking/dashboard')),
      await loadSql(pool, 10, () => [
        `select status, count(*) total,
                count(*) filter (where status_changed_at < now() - interval '8 hours') yellow,
                count(*) filter (where status_changed_at < now() - interval '18 hours') red
           from shipping_orders group by status`,
        [],
      ]),
    );

    // 4. house bill PDF
    const hbls = (
      await pool.query<{ so_no: string }>(
        'select so_no from shipping_orders where hbl_no is not null order by so_id desc limit 200',
      )
    ).rows.map((r) => r.so_no);
    if (hbls.length) {
      add(
        'house bill PDF',
        await load(CLIENTS, 5, (i) => get(`/Booking/${encodeURIComponent(hbls[i % hbls.length])}/house-doc`)),
      );
    }

    // 5. export of the largest ETD window holding at most 10,000 bookings (MAX_EXPORT_ROWS), time and the
    // server's peak memory
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
    const exportFigures = {
      status: exp.status,
      rows: window?.rows ?? null,
      seconds: Number(exportSeconds.toFixed(2)),
      megabytes: Number((bytes / 1024 / 1024).toFixed(2)),
      serverRssIdleMb: pid ? Math.round(idle) : null,
      serverRssPeakMb: pid ? Math.round(peak) : null,
    };

    console.log(
      `\nBooking bench: ${generated ? `${generated.orders.toLocaleString('en')} bookings generated` : base}, ${CLIENTS} clients`,
    );
    if (generated) console.table([generated]);
    console.table(rows);
    console.log(`export (${exportQuery}):`);
    console.table([exportFigures]);
    const out = path.join(ROOT, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, 'booking-bench.json'),
      `${JSON.stringify({ at: new Date().toISOString(), clients: CLIENTS, generated, rows, export: exportFigures }, null, 2)}\n`,
    );
  } finally {
    await pool.end();
    await server?.stop();
  }
}

await main();
