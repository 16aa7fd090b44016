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
 * Figures go to bench/results/posting-bench.json and bench/results/posting-bench.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { arg } from './booking-generate';
import { ROOT } from './server';

const N = Number(arg('n') ?? 10_000);
const LEDGER_PORT = Number(arg('ledger-port') ?? 9197);
const TOKEN = 'Demo-Ledger-Token-2026';
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

/** The portal's batch posting path: filled in below once modules/accounting exposes it. */
async function portalPhase(): Promise<unknown> {
  return { skipped: 'modules/accounting batch posting not available yet' };
}
