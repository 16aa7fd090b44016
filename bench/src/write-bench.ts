/**
 * The write path under load (issue 20): 50 concurrent users against the real server and an embedded
 * PostgreSQL, each repeating booking create, booking list, booking detail, invoice create, invoice search and
 * the booking list again, with a pause between calls (think time). Reports p50/p95/p99 per kind and checks
 * that the SO and invoice numbers handed out are gap-free and unique.
 *
 * Figures that do not depend on how busy the machine is come first, from a sequential phase (one call at a
 * time, BENCH_WRITE_SEQ_CALLS per kind, once the new server has settled): the server's CPU per booking and
 * invoice create (the Node process and the PostgreSQL processes, from /proc, net of the server's idle CPU), and for invoices the time the number's counter row is held
 * (`portal_invoice_number_lock_seconds`, from /metrics); the same lock figures are given for the concurrent
 * phase, where `wait` is the time spent queueing for the counter row.
 *
 * Each user invoices a job of its own (BENCH_WRITE_INVOICE_JOBS, default one per user; 1 = every user the
 * same job, the worst case for the per-job GP figures), all on the one INVOICE_AR counter of the month.
 * Run: npm run bench:write   (BENCH_WRITE_USERS=50, BENCH_WRITE_SECONDS=60, BENCH_WRITE_THINK_MS=500,
 * BENCH_WRITE_SEQ_CALLS=30, BENCH_WRITE_INVOICE_JOBS, BENCH_WRITE_PORT / BENCH_WRITE_PG_PORT /
 * BENCH_WRITE_DATA choose the port and data folder)
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT, signIn, startServer } from './server';

const USERS = Number(process.env.BENCH_WRITE_USERS ?? 50);
const SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 60);
const THINK_MS = Number(process.env.BENCH_WRITE_THINK_MS ?? 500);
const SEQ_CALLS = Number(process.env.BENCH_WRITE_SEQ_CALLS ?? 30);
const INVOICE_JOBS = Number(process.env.BENCH_WRITE_INVOICE_JOBS ?? USERS);
const DATA = process.env.BENCH_WRITE_DATA ?? 'bench/.data-write';
// /metrics is served only with a token: the lock figures are read from it.
const METRICS_TOKEN = `bench-${randomUUID()}`;
process.env.METRICS_TOKEN = METRICS_TOKEN;

/** CPU seconds (user + system) a process has used so far, from /proc (0 once it is gone). */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime) in clock ticks; here counted from field 3 (state).
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** The postmaster and its children (the backends serving the server, the background workers). */
function postgresPids(dataDir: string): number[] {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return [];
  const master = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === master;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [master, ...children];
}
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const server = await startServer(
  Number(process.env.BENCH_WRITE_PORT ?? 8097),
  Number(process.env.BENCH_WRITE_PG_PORT ?? 54397),
  DATA,
);
try {
  const api = server.url;
  const token = await signIn(api, 'ops@demo.test');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const db = new pg.Client({ connectionString: server.dbUrl });
  await db.connect();
  const party = async (code: string) =>
    (await db.query<{ party_id: number }>('select party_id from parties where party_code = $1', [code]))
      .rows[0].party_id;
  const booking = {
    transport_mode: 'SEA',
    service_type: 'FCL',
    delivery_type: 'P2P',
    business_type: 'FREEHAND',
    shipper_id: await party('CNSZX001'),
    customer_id: await party('HKCUS001'),
    consignee_id: await party('DEMUC001'),
    nomination_agent_id: await party('DEHAM001'),
    release_agent_id: await party('DEHAM001'),
    handling_office: 'HKG',
    pol: 'HKHKG',
    pod: 'NLRTM',
    pld: 'NLRTM',
    fd: 'NLRTM',
    cargo_ready_date: day(4),
    etd: day(10),
    eta: day(39),
    carrier_code: 'MAEU',
    vessel_name: 'MAERSK MC-KINNEY MOLLER',
    voyage: '612W',
    cfs_closing: `${day(6)}T12:00`,
    cy_closing: `${day(8)}T18:00`,
    vgm_closing: `${day(8)}T12:00`,
    si_closing: `${day(7)}T17:00`,
    incoterms: 'FOB',
    freight_term: 'PREPAID',
    equipment: [{ size_type: '40HQ', qty: 1 }],
    // An EU lane: the ENS shipper and consignee (001 §5).
    ens_parties: [
      {
        role: 'SHIPPER',
        name: 'Bright Star',
        address1: 'No. 88 Keji South Road',
        city: 'Shenzhen',
        country_code: 'CN',
        zip: '518057',
      },
      {
        role: 'CONSIGNEE',
        name: 'Hanse Import GmbH',
        address1: 'Am Sandtorkai 1',
        city: 'Hamburg',
        country_code: 'DE',
        zip: '20457',
      },
    ],
  };
  const { rows: jobs } = await db.query<{ job_no: string; so_no: string; etd: string }>(
    // Jobs dated after the first exchange rate (the demo's 12-month history has older jobs, whose invoice
    // dates have no rate and would be refused with msgExchangeRateMissing), newest first.
    `select distinct on (etd, job_no) job_no, so_no, etd::text as etd from shipping_orders
      where job_no is not null and etd >= (select min(effective_date) from exchange_rates)
      order by etd desc, job_no, so_no limit $1`,
    [Math.max(1, INVOICE_JOBS)],
  );
  const job = jobs[0];
  const invoiceOf = (j: (typeof jobs)[number]) => ({
    inv_type: 'AR',
    kind: 'AR',
    account_code: 'HKCUS001',
    job_nos: [j.job_no],
    so_nos: [j.so_no],
    currency: 'HKD',
    invoice_date: j.etd,
    sub_type: 'VAT_SPECIAL',
    lines: [
      {
        charge_code: 'DOC',
        description: 'Documentation',
        unit_price: '100',
        quantity: '1',
        uom: 'SHPT',
        dr_cr: 'DR',
        tax_code: 'NOTAX',
        tax_rate: '0',
        price_includes_tax: false,
      },
    ],
  });

  const times: Record<string, number[]> = {};
  const failures: Record<string, number> = {};
  const created: string[] = [];
  const invoicesMade: string[] = [];
  let lastSo = job?.so_no ?? '';
  const call = async (kind: string, url: string, init: RequestInit = {}) => {
    const t0 = performance.now();
    const res = await fetch(`${api}/api/v1${url}`, { ...init, headers: { ...headers, ...init.headers } });
    const text = await res.text();
    const list = times[kind] ?? [];
    list.push(performance.now() - t0);
    times[kind] = list;
    if (!res.ok) {
      failures[kind] = (failures[kind] ?? 0) + 1;
      if ((failures[kind] ?? 0) <= 3) console.error(`${kind}: ${res.status} ${text.slice(0, 1000)}`);
      return null;
    }
    return text ? (JSON.parse(text) as Record<string, unknown>) : null;
  };
  const post = (kind: string, url: string, body: unknown) =>
    call(kind, url, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'idempotency-key': randomUUID() },
    });
  const createBooking = async () => {
    const b = await post('booking create', '/Booking', {
      ...booking,
      po_no: `BW${randomUUID().slice(0, 8)}`,
    });
    if (b?.so_no) {
      created.push(String(b.so_no));
      lastSo = String(b.so_no);
    }
  };
  const createInvoice = async (user: number) => {
    const inv = await post('invoice create', '/Invoice', invoiceOf(jobs[user % jobs.length]));
    if (inv?.invoice_no) invoicesMade.push(String(inv.invoice_no));
  };
  const stepsOf = (user: number): (() => Promise<unknown>)[] => [
    createBooking,
    () => call('booking list', '/Booking/list/search_booking?page=1&pageSize=20'),
    () => call('booking detail', `/Booking/${encodeURIComponent(lastSo)}`),
    ...(job ? [() => createInvoice(user)] : []),
    () => call('invoice search', '/Invoice?page=1&pageSize=20'),
    () => call('booking list', '/Booking/list/new_manual_booking?page=1&pageSize=20'),
  ];
  const reset = () => {
    for (const k of Object.keys(times)) times[k] = [];
    for (const k of Object.keys(failures)) failures[k] = 0;
  };

  /** Sum and count of the invoice number lock histogram by phase (wait, hold); empty without it. */
  const lockMetrics = async () => {
    const res = await fetch(`${api}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = res.ok ? await res.text() : '';
    const out: Record<string, { sum: number; count: number }> = {};
    for (const m of text.matchAll(
      /^portal_invoice_number_lock_seconds_(sum|count)\{phase="(\w+)"\} (\S+)$/gm,
    )) {
      const e = out[m[2]] ?? { sum: 0, count: 0 };
      e[m[1] as 'sum' | 'count'] = Number(m[3]);
      out[m[2]] = e;
    }
    return out;
  };
  /** Average ms per create of each lock phase between two readings. */
  const lockAverages = (
    a: Awaited<ReturnType<typeof lockMetrics>>,
    b: Awaited<ReturnType<typeof lockMetrics>>,
  ) =>
    Object.fromEntries(
      Object.entries(b).map(([phase, v]) => {
        const n = v.count - (a[phase]?.count ?? 0);
        return [phase, n ? Number((((v.sum - (a[phase]?.sum ?? 0)) / n) * 1000).toFixed(2)) : null];
      }),
    );
  const serverCpu = () => ({
    node: server.pid ? cpuOf(server.pid) : 0,
    postgres: postgresPids(path.resolve(ROOT, DATA)).reduce((a, pid) => a + cpuOf(pid), 0),
  });

  // A short warm-up (JIT, caches, connections), not counted.
  for (const s of stepsOf(0)) await s();
  reset();
  created.length = 0;
  invoicesMade.length = 0;

  // Sequential phase: one call at a time, so CPU per call and the counter row's hold are the code's own.
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1)) : null;
  };
  // A server just started is still busy on its own for a while (its PDF workers load and warm up, issue 11;
  // the jobs' first runs): that CPU is not the creates'. Wait until it settles (at most 60 s), then measure
  // what it spends idle (job polling) and take that rate off each phase: the quiet run at the start of
  // session 27 put 85.7 ms of Node CPU on each booking create, measured while the workers warmed; settled
  // and net of idle it is a third of that.
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  for (let i = 0, c = serverCpu(); i < 60; i++) {
    await sleep(1000);
    const n = serverCpu();
    const busy = n.node - c.node;
    c = n;
    if (busy < 0.1) break;
  }
  const idle0 = serverCpu();
  const idleT0 = performance.now();
  await sleep(3000);
  const idle1 = serverCpu();
  const idleSeconds = (performance.now() - idleT0) / 1000;
  const idleRate = {
    node: (idle1.node - idle0.node) / idleSeconds,
    // A backend that exits meanwhile takes its CPU out of the sum: never below 0.
    postgres: Math.max(0, (idle1.postgres - idle0.postgres) / idleSeconds),
  };
  const sequentialKinds: [string, (i: number) => Promise<void>][] = [['booking create', createBooking]];
  if (job) sequentialKinds.push(['invoice create', createInvoice]);
  const perCall: Record<string, Record<string, unknown>> = {};
  for (const [kind, run] of sequentialKinds) {
    const cpu0 = serverCpu();
    const lock0 = await lockMetrics();
    const t0 = performance.now();
    for (let i = 0; i < SEQ_CALLS; i++) await run(i);
    // The work a create leaves behind (the notification dispatch, its mail) is the create's too.
    await sleep(500);
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = serverCpu();
    const lock1 = await lockMetrics();
    const per = (s: number) => Number(((Math.max(0, s) / SEQ_CALLS) * 1000).toFixed(1));
    perCall[kind] = {
      calls: SEQ_CALLS,
      failures: failures[kind] ?? 0,
      p50: pct(times[kind] ?? [], 50),
      // Net of what the server spends idle in the same time (idleCpuMsPerSecond).
      nodeCpuMsPerCall: per(cpu1.node - cpu0.node - idleRate.node * seconds),
      postgresCpuMsPerCall: per(cpu1.postgres - cpu0.postgres - idleRate.postgres * seconds),
      idleCpuMsPerSecond: {
        node: Number((idleRate.node * 1000).toFixed(1)),
        postgres: Number((idleRate.postgres * 1000).toFixed(1)),
      },
      ...(kind === 'invoice create' ? { numberLockMs: lockAverages(lock0, lock1) } : {}),
    };
  }
  reset();
  created.length = 0;
  invoicesMade.length = 0;
  const lockBefore = await lockMetrics();

  const load0 = loadavg()[0];
  const until = performance.now() + SECONDS * 1000;
  // Serialisation shows as sessions waiting on a lock (the counter row, an idempotency key): sampled 5 times a
  // second, apart from the CPU the machine has to spare.
  const lockWaits: number[] = [];
  const waitingOn = new Map<string, number>();
  const sampler = setInterval(async () => {
    const { rows } = await db.query<{ q: string }>(
      `select wait_event || ': ' || left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 70) as q
         from pg_stat_activity where wait_event_type = 'Lock'`,
    );
    lockWaits.push(rows.length);
    for (const r of rows) waitingOn.set(r.q, (waitingOn.get(r.q) ?? 0) + 1);
  }, 200);
  await Promise.all(
    Array.from({ length: USERS }, async (_, u) => {
      // Users start spread over the first think time, not all in the same millisecond.
      await new Promise((r) => setTimeout(r, (u * THINK_MS) / USERS));
      const steps = stepsOf(u);
      for (let i = u % steps.length; performance.now() < until; i++) {
        await steps[i % steps.length]();
        await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
      }
    }),
  );
  const load1 = loadavg()[0];
  clearInterval(sampler);
  const concurrentLock = lockAverages(lockBefore, await lockMetrics());
  const avgLockWaits = Number(
    (lockWaits.reduce((a, n) => a + n, 0) / Math.max(1, lockWaits.length)).toFixed(2),
  );
  const maxLockWaits = Math.max(0, ...lockWaits);

  const summary = Object.fromEntries(
    Object.entries(times).map(([k, xs]) => [
      k,
      { calls: xs.length, failures: failures[k] ?? 0, p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99) },
    ]),
  );
  // Gap-free and unique: the SO numbers of this run, by their running number, have no holes or repeats.
  const { rows: seq } = await db.query<{ n: number; lo: number; hi: number; distinct: number }>(
    `select count(*)::int as n, min(running_number)::int as lo, max(running_number)::int as hi,
            count(distinct running_number)::int as distinct
       from (select (regexp_match(so_no, '(\\d+)$'))[1]::bigint as running_number
               from shipping_orders where so_no = any($1)) x`,
    [created],
  );
  // The same for the invoice numbers (one INVOICE_AR counter: the bench is the only one taking numbers).
  const { rows: invSeq } = await db.query<{ n: number; lo: number; hi: number; distinct: number }>(
    `select count(*)::int as n, min(r)::bigint as lo, max(r)::bigint as hi, count(distinct r)::int as distinct
       from (select (regexp_match(invoice_no, '(\\d+)$'))[1]::bigint as r
               from invoices where invoice_no = any($1)) x`,
    [invoicesMade],
  );
  await db.end();
  const s = seq[0];
  const gapFree = s.n === 0 || (s.distinct === s.n && s.hi - s.lo + 1 === s.n);
  const iv = invSeq[0];
  const invoicesGapFree = iv.n === 0 || (iv.distinct === iv.n && Number(iv.hi) - Number(iv.lo) + 1 === iv.n);
  const result = {
    at: new Date().toISOString(),
    users: USERS,
    seconds: SECONDS,
    thinkMs: THINK_MS,
    loadavg: { before: load0, after: load1 },
    invoiceJobs: jobs.length,
    sequential: perCall,
    summary,
    bookingsCreated: created.length,
    gapFree,
    invoicesCreated: invoicesMade.length,
    invoicesGapFree,
    lockWaits: { average: avgLockWaits, max: maxLockWaits },
    invoiceNumberLockMs: concurrentLock,
  };
  for (const [k, v] of Object.entries(perCall)) console.log(`sequential ${k}: ${JSON.stringify(v)}`);
  for (const [k, v] of Object.entries(summary))
    console.log(
      `${k.padEnd(15)} ${String(v.calls).padStart(6)} calls  p50 ${v.p50} ms  p95 ${v.p95} ms  p99 ${v.p99} ms  failures ${v.failures}`,
    );
  console.log(`sessions waiting on a lock: average ${avgLockWaits}, at most ${maxLockWaits}`);
  console.log(`invoice number counter row, ms per create (concurrent): ${JSON.stringify(concurrentLock)}`);
  for (const [q, n] of [...waitingOn].sort((a, b) => b[1] - a[1]).slice(0, 3))
    console.log(`  ${n} samples waiting on ${q}`);
  console.log(
    `${created.length} bookings in ${SECONDS} s by ${USERS} users (think ${THINK_MS} ms); SO numbers gap-free and unique: ${gapFree}; load ${load0.toFixed(1)} → ${load1.toFixed(1)}`,
  );
  console.log(
    `${invoicesMade.length} invoices on ${jobs.length} job(s); invoice numbers gap-free and unique: ${invoicesGapFree}`,
  );
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/write-bench.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await server.stop();
}
