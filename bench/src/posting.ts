/**
 * Batch posting figures (issue 15, "Figures for the closing note"): N approved and imported invoices (default
 * 10,000) posted to the ledger stand-in (standins/ledger) through the portal's posting path, with the limit to
 * approach measured in the same run on the same machine:
 * - raw: the stand-in alone accepting N balanced 4-line journals from a tight loop of plain HTTP calls (one at a
 *   time, and 8 in flight);
 * - adapter: the same journals through the server's adapter (modules/ledger ledgerClient), 1 and 8 in flight;
 * - portal: N invoices bulk-inserted in SQL (ready to post: approved, exported/imported, parties with sun A/C
 *   codes, charge lines with ledger codes, HKD/USD/CNY/EUR), then the accounting module's batch posting path
 *   (modules/accounting, docs/accounting.md) until every invoice's posting is SUCCESS: total time, journals per
 *   second, and that the ledger holds exactly N balanced journals.
 *
 *   npm run bench:posting                       all three, N = 10,000 (fresh server + database under /tmp)
 *   npm run bench:posting -- --n 2000           fewer
 *   npm run bench:posting -- --only raw,adapter  skip the portal
 *   npm run bench:posting -- --portal-n 2000 --second 500 --workers 4
 *                                               N journals raw and through the adapter, 2,000 invoices through the
 *                                               portal, then 500 more posted by 4 workers side by side
 * Figures go to bench/results/posting-bench.json and bench/results/posting-bench.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { arg } from './booking-generate';
import { ROOT, signIn, startServer } from './server';

const N = Number(arg('n') ?? 10_000);
const LEDGER_PORT = Number(arg('ledger-port') ?? 9197);
const TOKEN = 'Demo-Ledger-Token-2026';
/** Invoices per POST /Accounting/post (contracts POSTING_BATCH_MAX). */
const POSTING_BATCH = 500;
/** Workers of the second posting set (the job runs one; claims skip locked rows, so more can run side by side). */
const WORKERS = Number(arg('workers') ?? 4);
/** Invoices of the second set, posted by WORKERS workers (0 skips it). */
const SECOND_SET = Number(arg('second') ?? Math.min(2000, N));
/** Invoices of the portal phase (default N; `--portal-n` when the machine is too busy for N through the portal). */
const PORTAL_N = Number(arg('portal-n') ?? N);
const ONLY = new Set((arg('only') ?? 'raw,adapter,portal').split(','));
const LEDGER_URL = `http://127.0.0.1:${LEDGER_PORT}`;
const H = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

/** The stand-in in its own process (as in demo mode), so the bench's client loop does not share its thread. */
async function startLedger(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['standins/ledger/main.mjs'], {
    cwd: ROOT,
    env: { ...process.env, LEDGER_STANDIN_PORT: String(LEDGER_PORT), LEDGER_STANDIN_TOKEN: TOKEN },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${LEDGER_URL}/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('ledger stand-in did not start');
}
const ledgerCall = async (p: string, body?: unknown) => {
  const res = await fetch(`${LEDGER_URL}${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: H,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<Record<string, unknown>>;
};

/** Journal i: a USD receivable of 4 lines (customer, freight, THC, output VAT), balanced in HKD. */
function journal(prefix: string, i: number) {
  const freight = 1000 + (i % 997);
  const thc = 100 + (i % 89);
  const net = freight + thc;
  const vat = Math.round(net * 0.06 * 100) / 100;
  const fix = (x: number) => x.toFixed(2);
  return {
    reference: `${prefix}-${i}`,
    period: '2026-11',
    journal_date: '2026-11-20',
    description: `Bench ${prefix} ${i}`,
    lines: [
      {
        account: 'HKCUS001',
        debit: fix(net + vat),
        credit: '0',
        currency: 'HKD',
        amount_txn: fix(net + vat),
        rate: '1',
        description: 'Harbour Light',
      },
      {
        account: '7021',
        debit: '0',
        credit: fix(freight),
        currency: 'HKD',
        amount_txn: fix(-freight),
        rate: '1',
        description: 'Ocean freight',
      },
      {
        account: '7023',
        debit: '0',
        credit: fix(thc),
        currency: 'HKD',
        amount_txn: fix(-thc),
        rate: '1',
        description: 'THC origin',
      },
      {
        account: '2210',
        debit: '0',
        credit: fix(vat),
        currency: 'HKD',
        amount_txn: fix(-vat),
        rate: '1',
        description: 'VAT6',
      },
    ],
  };
}

/** Runs `n` calls with `inFlight` loops; answers seconds, journals per second and failures. */
async function loop(n: number, inFlight: number, call: (i: number) => Promise<boolean>) {
  let next = 0;
  let failures = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < n) {
        const i = next++;
        if (!(await call(i))) failures++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    journals: n,
    in_flight: inFlight,
    seconds: Number(seconds.toFixed(2)),
    jps: Math.round(n / seconds),
    failures,
  };
}

const results: Record<string, unknown> = {
  when: new Date().toISOString(),
  n: N,
  machine: { cpus: cpus().length, load_before: loadavg().map((x) => Number(x.toFixed(2))) },
};
let ledger: ChildProcess | undefined;
try {
  ledger = await startLedger();

  // Warm-up (JIT, connections), not measured.
  await loop(500, 8, async (i) => {
    const res = await fetch(`${LEDGER_URL}/journals`, {
      method: 'POST',
      headers: H,
      body: JSON.stringify(journal('WARM', i)),
    });
    await res.arrayBuffer();
    return res.ok;
  });

  if (ONLY.has('raw')) {
    const raw: unknown[] = [];
    for (const inFlight of [1, 8]) {
      await ledgerCall('/_reset', {});
      const prefix = `RAW${inFlight}`;
      raw.push(
        await loop(N, inFlight, async (i) => {
          const res = await fetch(`${LEDGER_URL}/journals`, {
            method: 'POST',
            headers: H,
            body: JSON.stringify(journal(prefix, i)),
          });
          await res.arrayBuffer();
          return res.status === 201;
        }),
      );
    }
    results.raw = raw;
    console.log('raw', raw);
  }

  if (ONLY.has('adapter')) {
    // Loaded at run time (as consolidation-bench.ts loads the DCSA module): the bench's tsconfig stays its own.
    const { ledgerClient } = (await import(path.join(ROOT, 'apps/server/src/modules/ledger/index.ts'))) as {
      ledgerClient: (cfg: { url: string; token: string; timeoutMs: number }) => {
        post(j: unknown): Promise<{ ok: boolean }>;
      };
    };
    const client = ledgerClient({ url: LEDGER_URL, token: TOKEN, timeoutMs: 10_000 });
    const adapter: unknown[] = [];
    for (const inFlight of [1, 8]) {
      await ledgerCall('/_reset', {});
      const prefix = `ADP${inFlight}`;
      adapter.push(
        await loop(N, inFlight, async (i) => {
          const j = journal(prefix, i);
          const r = await client.post({
            reference: j.reference,
            period: j.period,
            journalDate: j.journal_date,
            description: j.description,
            lines: j.lines.map((l) => ({ ...l, amountTxn: l.amount_txn })),
          });
          return r.ok;
        }),
      );
    }
    results.adapter = adapter;
    console.log('adapter', adapter);
  }

  if (ONLY.has('portal')) results.portal = await portalPhase();
} finally {
  ledger?.kill('SIGTERM');
}

results.machine = { ...(results.machine as object), load_after: loadavg().map((x) => Number(x.toFixed(2))) };
console.log(JSON.stringify(results, null, 2));
mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench/results/posting-bench.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(path.join(ROOT, 'bench/results/posting-bench.md'), markdown(results));

/** The figures as a table for the closing note. */
function markdown(r: Record<string, unknown>) {
  type Run = { journals: number; in_flight: number; seconds: number; jps: number; failures: number };
  type Leg = { invoices: number; queued: number; seconds: number; per_second: number };
  type Post = {
    workers: number;
    posted: number;
    failed: number;
    retry: number;
    seconds: number;
    jps: number;
  };
  const rows: string[] = [];
  for (const [what, runs] of [
    ['raw: the stand-in alone, plain HTTP calls in a tight loop', r.raw],
    ['adapter: modules/ledger ledgerClient → stand-in', r.adapter],
  ] as const)
    for (const x of (runs as Run[] | undefined) ?? [])
      rows.push(
        `| ${what} | ${x.in_flight} in flight | ${x.journals} | ${x.seconds} | ${x.jps} | ${x.failures} failed |`,
      );
  const p = r.portal as
    | {
        invoices: number;
        queueing: Leg;
        posting: Post;
        total_seconds: number;
        jps: number;
        parallel_workers: { queued: Leg; posted: Post } | null;
        statuses: Record<string, number>;
        ledger_journals: number;
      }
    | undefined;
  if (p?.queueing) {
    rows.push(
      `| portal, queueing: POST /Accounting/post, batches of 500 (set-wise checklist, one bulk move + journals per batch) | 1 call | ${p.queueing.invoices} | ${p.queueing.seconds} | ${p.queueing.per_second} invoices/s | ${p.queueing.invoices - p.queueing.queued} not queued |`,
      `| portal, posting: the posting job's work (postDueJournals, 4 journals in flight) → adapter → stand-in, answers recorded | ${p.posting.workers} worker | ${p.posting.posted} | ${p.posting.seconds} | ${p.posting.jps} | ${p.posting.failed} refused, ${p.posting.retry} retried |`,
      `| **portal, batch posting end to end (sum of the two legs)** | | ${p.invoices} | ${p.total_seconds} | **${p.jps}** | |`,
    );
    const q = p.parallel_workers;
    if (q)
      rows.push(
        `| portal, posting leg with ${q.posted.workers} workers side by side (second set) | ${q.posted.workers} workers | ${q.posted.posted} | ${q.posted.seconds} | ${q.posted.jps} | ${q.posted.failed} refused |`,
      );
  }
  const m = r.machine as { cpus: number; load_before: number[]; load_after?: number[] };
  return `# Batch posting to the ledger (issue 15)

\`npm run bench:posting\` (bench/src/posting.ts) on ${String(r.when).slice(0, 16)} UTC, ${m.cpus} cores (load average before
${m.load_before.join(' / ')}, after ${m.load_after?.join(' / ') ?? '?'}): ${
    m.load_before[0] <= m.cpus
      ? 'a quiet machine.'
      : 'a loaded machine: the times are upper bounds; repeat on a quiet machine before quoting them.'
  }

| path | concurrency | journals | seconds | journals/s | notes |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
${
  p?.queueing
    ? `
Invoice statuses after the run: ${JSON.stringify(p.statuses)}; the ledger holds ${p.ledger_journals} bench journals
(each balanced, nothing doubled). The raw rows are the limit to approach: what the ledger itself accepts when
nothing else happens per journal.`
    : '\nPortal phase not run.'
}
`;
}

/** Columns of a table in order, for cloning rows with a few overridden. */
async function columns(db: pg.Client, table: string) {
  const { rows } = await db.query<{ c: string }>(
    `select column_name as c from information_schema.columns
      where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.c);
}
function cloneList(cols: string[], over: Record<string, string>, alias: string) {
  return cols.map((c) => over[c] ?? `${alias}.${c}`).join(', ');
}

/**
 * N ready-to-post invoices cloned in SQL from the demo's ready posting invoices (accounting.seed.ts: approved,
 * Imported, government invoice no., parties with sun A/C codes; AR HKD, AR USD, AP USD), so every readiness
 * item the posting service checks holds exactly as for invoices made through the screens. Answers their ids.
 */
async function cloneReadyInvoices(db: pg.Client, n: number): Promise<number[]> {
  const { rows: templates } = await db.query<{ inv_id: number }>(
    `select i.inv_id from invoices i join parties p on p.party_id = i.party_id
      where i.remarks = 'Posting demo' and i.status = 'IMPORTED' and coalesce(p.sun_ac_code, '') <> ''
      order by i.inv_id`,
  );
  if (!templates.length) throw new Error('no ready demo posting invoice to clone (accounting.seed.ts)');
  const ids = templates.map((t) => t.inv_id);
  await db.query('drop table if exists bench_posting_map');
  await db.query(
    `create unlogged table bench_posting_map as
     select g, ($1::int[])[1 + (g - 1) % cardinality($1::int[])] as src,
            nextval(pg_get_serial_sequence('invoices', 'inv_id'))::int as inv_id
       from generate_series(1, $2::int) g`,
    [ids, n],
  );
  const inv = await columns(db, 'invoices');
  const no = `i.inv_type || 'BENCH' || lpad(m.g::text, 7, '0')`;
  await db.query(
    `insert into invoices (${inv.join(', ')})
     select ${cloneList(
       inv,
       {
         inv_id: 'm.inv_id',
         invoice_no: no,
         gov_invoice_no: `'9' || lpad(m.g::text, 7, '0')`,
         ap_ref: `case when i.ap_ref is null then null else 'BENCH-' || m.g end`,
         remarks: `'Posting bench'`,
         search_text: `lower(${no})`,
       },
       'i',
     )}
       from bench_posting_map m join invoices i on i.inv_id = m.src`,
  );
  const lines = (await columns(db, 'invoice_lines')).filter((c) => c !== 'id');
  await db.query(
    `insert into invoice_lines (${lines.join(', ')})
     select ${cloneList(lines, { inv_id: 'm.inv_id' }, 'l')}
       from bench_posting_map m join invoice_lines l on l.inv_id = m.src`,
  );
  const jobs = await columns(db, 'invoice_jobs');
  await db.query(
    `insert into invoice_jobs (${jobs.join(', ')})
     select ${cloneList(jobs, { inv_id: 'm.inv_id' }, 'j')}
       from bench_posting_map m join invoice_jobs j on j.inv_id = m.src`,
  );
  const { rows } = await db.query<{ inv_id: number }>('select inv_id from bench_posting_map order by g');
  await db.query('drop table bench_posting_map');
  await db.query('analyze invoices, invoice_lines, invoice_jobs');
  return rows.map((r) => r.inv_id);
}

/**
 * The portal's batch posting path, in its two legs, on the real server (fresh database, ACCOUNTING_URL at the
 * stand-in) started with JOBS=off so nothing posts behind the bench's back:
 * 1. queueing: N cloned invoices through POST /Accounting/post in batches of 500 as finance@demo.test (the
 *    readiness checklists of a batch in one pass, then one transaction moving the batch's ready invoices and
 *    queueing their journals in bulk: modules/accounting postBatch);
 * 2. posting: the posting job's work (modules/accounting postDueJournals: claim due journals, send each to the
 *    ledger through the adapter, record each answer in its own transaction) run from here until the queue is
 *    empty, with 1 worker (what the job runs) and then, on a second set, WORKERS workers side by side.
 * With the job runner on, the posting leg overlaps the queueing (the LISTEN kicker starts it within a second),
 * so end to end is about the larger of the two legs; their sum is the upper bound reported.
 */
async function portalPhase(): Promise<unknown> {
  await ledgerCall('/_reset', {});
  process.env.ACCOUNTING_URL = LEDGER_URL;
  process.env.ACCOUNTING_TOKEN = TOKEN;
  process.env.JOBS = 'off';
  const server = await startServer(
    Number(arg('port') ?? 8097),
    Number(arg('pg-port') ?? 54397),
    arg('data') ?? '/tmp/portal-bench-posting',
  );
  const db = new pg.Client({ connectionString: server.dbUrl });
  let pool: { end(): Promise<void> } | undefined;
  try {
    const ready = await fetch(`${server.url}/readyz`).catch(() => null);
    if (!ready?.ok) throw new Error('the portal did not start (see its log above)');
    await db.connect();
    // The server's own modules, loaded at run time (the bench's tsconfig stays its own).
    const { createDb } = (await import(path.join(ROOT, 'apps/server/src/platform/db/client.ts'))) as {
      createDb: (url: string, max?: number) => { db: unknown; pool: { end(): Promise<void> } };
    };
    const { postDueJournals } = (await import(
      path.join(ROOT, 'apps/server/src/modules/accounting/index.ts')
    )) as {
      postDueJournals: (
        db: unknown,
        client: unknown,
      ) => Promise<{ claimed: number; posted: number; failed: number; retry: number }>;
    };
    const { ledgerClient } = (await import(path.join(ROOT, 'apps/server/src/modules/ledger/index.ts'))) as {
      ledgerClient: (cfg: { url: string; token: string; timeoutMs: number }) => unknown;
    };
    const made = createDb(server.dbUrl, WORKERS + 2);
    pool = made.pool;
    const client = ledgerClient({ url: LEDGER_URL, token: TOKEN, timeoutMs: 10_000 });
    const token = await signIn(server.url, 'finance@demo.test');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    /** Queues `ids` through the batch post; answers seconds, how many were queued and a sample of refusals. */
    const queue = async (ids: number[]) => {
      const t0 = performance.now();
      let queued = 0;
      const notReady: unknown[] = [];
      for (let i = 0; i < ids.length; i += POSTING_BATCH) {
        const res = await fetch(`${server.url}/api/v1/Accounting/post`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ inv_ids: ids.slice(i, i + POSTING_BATCH) }),
        });
        if (!res.ok) throw new Error(`POST /Accounting/post: ${res.status} ${await res.text()}`);
        const body = (await res.json()) as { posted: unknown[]; not_ready: unknown[] };
        queued += body.posted.length;
        if (notReady.length < 3) notReady.push(...body.not_ready.slice(0, 3 - notReady.length));
      }
      const seconds = (performance.now() - t0) / 1000;
      return {
        invoices: ids.length,
        queued,
        seconds: Number(seconds.toFixed(2)),
        per_second: Math.round(ids.length / seconds),
        not_ready_sample: notReady,
      };
    };
    /** Drains the posting queue with `workers` loops of the posting job's work. */
    const post = async (workers: number) => {
      const t0 = performance.now();
      const total = { posted: 0, failed: 0, retry: 0 };
      await Promise.all(
        Array.from({ length: workers }, async () => {
          for (;;) {
            const r = await postDueJournals(made.db, client);
            total.posted += r.posted;
            total.failed += r.failed;
            total.retry += r.retry;
            if (r.claimed === 0) return;
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      return {
        workers,
        ...total,
        seconds: Number(seconds.toFixed(2)),
        jps: Math.round(total.posted / seconds),
      };
    };
    const statuses = async () => {
      const { rows } = await db.query<{ s: string; n: number }>(
        `select acct_process_status as s, count(*)::int as n from invoices where remarks = 'Posting bench' group by 1`,
      );
      return Object.fromEntries(rows.map((r) => [r.s, r.n])) as Record<string, number>;
    };

    const g0 = performance.now();
    const ids = await cloneReadyInvoices(db, PORTAL_N + SECOND_SET);
    const generateMs = Math.round(performance.now() - g0);
    const first = ids.slice(0, PORTAL_N);
    const queued = await queue(first);
    const posted = await post(1);
    const sum = queued.seconds + posted.seconds;
    let parallel: unknown = null;
    if (SECOND_SET > 0) {
      const q2 = await queue(ids.slice(PORTAL_N));
      parallel = { queued: q2, posted: await post(WORKERS) };
    }
    const journals = (await ledgerCall(`/journals?period=${new Date().toISOString().slice(0, 7)}`))
      .journals as {
      reference: string;
    }[];
    return {
      invoices: PORTAL_N,
      generate_ms: generateMs,
      queueing: queued,
      posting: posted,
      total_seconds: Number(sum.toFixed(2)),
      jps: Math.round(posted.posted / sum),
      parallel_workers: parallel,
      statuses: await statuses(),
      ledger_journals: journals.filter((j) => j.reference.includes('BENCH')).length,
    };
  } finally {
    await db.end().catch(() => {});
    await pool?.end().catch(() => {});
    // stop() waits for the exit event, which never comes when the server already died while starting
    await Promise.race([server.stop(), new Promise((r) => setTimeout(r, 20_000))]);
  }
}
