/**
 * House bill PDF latency (issue 11: one PDF <= 100 ms, p95 <= 400 ms at 20 clients) against the real server on
 * an embedded PostgreSQL, and what a burst of PDFs does to the other requests of the same instance (the
 * header's search, answered by the same event loop). Run: npm run bench:pdf [-- options]
 *   --n N              generate N bookings first (bench/src/booking-generate.ts; default: the demo data only)
 *   --workers W,...    PDF_WORKERS of the server, one run each (default: the server's default, the cores);
 *                      e.g. `--workers 0,2` compares rendering on the event loop with the pool
 *   --clients C        concurrent PDF clients (default 20)
 * Prints per run: one PDF at a time (p50/p95 of 40), C clients (p50/p95/p99, PDFs/s), and the search's
 * p50/p95 alone and during the burst; exits 1 when a target is missed. Quote the load average with figures.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { generateBookings } from './booking-generate';
import { load, signIn, startServer } from './server';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const n = Number(arg('n') ?? 0);
const clients = Number(arg('clients') ?? 20);
const workerRuns = (arg('workers') ?? '').split(',').filter((w) => w !== '');
const TARGET = { single: 100, p95: 400 };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1));
};
const load1 = () => loadavg().map((l) => Number(l.toFixed(1)));

let missed = 0;
for (const workers of workerRuns.length ? workerRuns : [undefined]) {
  if (workers === undefined) delete process.env.PDF_WORKERS;
  else process.env.PDF_WORKERS = workers;
  const server = await startServer(8736, 55036, '/tmp/portal-bench-pdf');
  try {
    if (n > 0)
      await generateBookings({ dbUrl: server.dbUrl, n, reset: true, parties: Math.max(1000, n / 5) });
    const db = new pg.Client({ connectionString: server.dbUrl });
    await db.connect();
    const { rows } = await db.query<{ so_no: string }>(
      'select so_no from shipping_orders where hbl_no is not null order by so_id desc limit 200',
    );
    await db.end();
    if (rows.length === 0) throw new Error('no booking with an HBL number to print');
    const headers = { authorization: `Bearer ${await signIn(server.url, 'ops@demo.test')}` };
    const pdf = (i: number) =>
      fetch(`${server.url}/api/v1/Booking/${encodeURIComponent(rows[i % rows.length].so_no)}/house-doc`, {
        headers,
      });
    const search = (i: number) =>
      fetch(`${server.url}/api/v1/Search/documents?q=${['SO', 'HB', 'MSKU', 'JB'][i % 4]}&limit=20`, {
        headers,
      });

    // Warm: the workers start and parse the fonts on the first PDFs.
    await load(4, 2, pdf);
    const single: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t0 = performance.now();
      const res = await pdf(i);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`house-doc answered ${res.status}`);
      single.push(performance.now() - t0);
    }
    const searchAlone = await load(1, 100, search);
    // The burst and, beside it, one client searching as long as the burst lasts.
    let bursting = true;
    const searchTimes: number[] = [];
    const beside = (async () => {
      for (let i = 0; bursting; i++) {
        const t0 = performance.now();
        await (await search(i)).arrayBuffer();
        searchTimes.push(performance.now() - t0);
      }
    })();
    const burst = await load(clients, 10, pdf);
    bursting = false;
    await beside;

    const result = {
      pdfWorkers: workers ?? 'default (cores)',
      load: load1(),
      singlePdf: { p50: pct(single, 50), p95: pct(single, 95) },
      [`pdf${clients}Clients`]: burst,
      searchAlone: { p50: searchAlone.p50, p95: searchAlone.p95 },
      searchDuringPdfBurst: {
        requests: searchTimes.length,
        p50: pct(searchTimes, 50),
        p95: pct(searchTimes, 95),
      },
    };
    console.log(JSON.stringify(result, null, 2));
    const misses = [
      result.singlePdf.p50 > TARGET.single && `one PDF p50 ${result.singlePdf.p50} ms > ${TARGET.single} ms`,
      burst.p95 > TARGET.p95 && `${clients}-client p95 ${burst.p95} ms > ${TARGET.p95} ms`,
      burst.failures > 0 && `${burst.failures} PDFs failed`,
    ].filter(Boolean);
    for (const m of misses) console.error(`[bench:pdf] target missed: ${m}`);
    missed += misses.length;
  } finally {
    await server.stop();
  }
}
process.exit(missed > 0 ? 1 : 0);
