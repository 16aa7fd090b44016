/**
 * Consolidation figures (issue 12) with N bookings (default 1,000,000) and P consol plans over them (default
 * 100,000) at 20 concurrent clients:
 * - the first page of each of the 9 consolidation lists and the consol search (consol#, SO#, container#),
 *   API p95 next to the best raw SQL for the same rows in the same run (the index PostgreSQL used, read
 *   from EXPLAIN) and their ratio; the dashboard;
 * - auto-plan on 200-PO plans: time (server-side and API round trip) and containers used against the lower
 *   bound ⌈total CBM / capacity⌉;
 * - the master bill (when the master_bl module answers): PDF p95 and the DCSA eBL export / transport
 *   document import time for a 50-container bill.
 * Targets as the booking bench: page 1 p95 <= 50 ms and API <= 1.5x the raw SQL; the bench prints misses and
 * exits 1 when one is missed, so a regression shows. Read the figures with `uptime` (recorded with them).
 *
 *   nice -n 10 npm run bench:consolidation                   fresh server + database under /tmp/portal-bench-consol
 *   npm run bench:consolidation -- --n 50000 --plans 5000    smaller
 *   npm run bench:consolidation -- --url http://localhost:8080 --db postgres://…   a running portal already loaded
 * Figures go to bench/results/consolidation-bench.json (and the table to stdout).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { CONSOL_LIST_KEYS, containerLowerBound, type TConsolListKey } from '@portal/contracts';
import pg from 'pg';
import { arg, generateBookings } from './booking-generate';
import { generateConsolidations } from './consolidation-generate';
import { type BenchServer, load, ROOT, signIn, startServer } from './server';

const CLIENTS = 20;
const PAGE_SIZE = 20;
type Figures = Awaited<ReturnType<typeof load>>;

/** Each plan list's rows as plain SQL (modules/consolidation/consolidation-lists.repository.ts). */
const PLAN_WHERE: Record<Exclude<TConsolListKey, 'pending_consolidation_creation'>, string> = {
  search_consolidation: 'true',
  request_consolidation_approval: "cp.status in ('PLAN', 'RECOVERED', 'REQUEST_FOR_APPROVAL')",
  pending_customer_consolidation_approval: "cp.status = 'PENDING_CUSTOMER'",
  consolidation_approved: "cp.status = 'APPROVED'",
  consolidation_rejected: "cp.status = 'REJECTED'",
  consolidation_advice: "cp.status = 'CONSOL_ADVICE'",
  amended_booking_pending: 'cp.amended_at is not null',
  load_plan_pending_allocation: "(not cp.fully_allocated and cp.status <> 'CANCELLED')",
};
/** A plan row as the API shows it: the plan, its customer, SO#s, container numbers, sizes. */
const planSql = (where: string) => `
  select cp.consol_id, cp.consol_no, cp.status, cp.consol_type, pa.party_code, pa.full_name, cp.contact_office,
         cp.handling_office, cp.pol, cp.pod, cp.etd, cp.amended_at, cp.fully_allocated, cp.updated_at,
         (select string_agg(so.so_no, ',' order by cs.line_no) from consol_sos cs
            join shipping_orders so on so.so_id = cs.so_id where cs.consol_id = cp.consol_id) so_nos,
         (select string_agg(c.container_no, ',' order by c.seq) from consol_containers c
           where c.consol_id = cp.consol_id and c.container_no is not null) container_nos,
         (select string_agg(e.qty || 'x' || e.size_type, ', ' order by e.line_no) from consol_equipment e
           where e.consol_id = cp.consol_id) equipment
    from consol_plans cp left join parties pa on pa.party_id = cp.customer_party_id
   where ${where}
   order by cp.consol_no, cp.consol_id limit ${PAGE_SIZE}`;
/** pending_consolidation_creation: booking rows (the booking list framework). */
const PENDING_WHERE = `so.service_type = 'LCL' and so.is_consolidatable and so.status in ('CONFIRMED', 'RECOVERED')
    and not exists (select 1 from consol_sos cs where cs.so_id = so.so_id)`;
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
const uptime = () => {
  try {
    return execFileSync('uptime').toString().trim();
  } catch {
    return `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  }
};

async function main() {
  const url = arg('url');
  const n = Number(arg('n') ?? 1_000_000);
  const plans = Number(arg('plans') ?? 100_000);
  let server: BenchServer | null = null;
  let dbUrl = arg('db') ?? process.env.BENCH_DATABASE_URL;
  const uptimeBefore = uptime();
  let bookings: Awaited<ReturnType<typeof generateBookings>> | null = null;
  let generated: Awaited<ReturnType<typeof generateConsolidations>> | null = null;
  if (!url) {
    server = await startServer(8750, 55050, arg('data') ?? '/tmp/portal-bench-consol');
    dbUrl = server.dbUrl;
    if (!process.argv.includes('--keep-bookings'))
      bookings = await generateBookings({ dbUrl, n, reset: true, parties: 0 });
    generated = await generateConsolidations({ dbUrl, plans });
  } else if (dbUrl && process.argv.includes('--generate')) {
    generated = await generateConsolidations({ dbUrl, plans });
  }
  if (!dbUrl) throw new Error('--db <postgres url> is needed with --url (for the raw-SQL side)');
  const base = url ?? (server as BenchServer).url;
  const pool = new pg.Pool({ connectionString: dbUrl, max: CLIENTS });
  let missed = 0;
  const rows: Record<string, string | number>[] = [];
  const other: Record<string, unknown> = {};
  try {
    const token = await signIn(base, arg('user') ?? 'ops@demo.test');
    const headers = { authorization: `Bearer ${token}` };
    const get = (p: string) => fetch(`${base}/api/v1${p}`, { headers });
    const post = (p: string, body: unknown) =>
      fetch(`${base}/api/v1${p}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    /** The indexes a statement's plan reads (the "best raw SQL" names its physical path). */
    const indexesOf = async (text: string, values: unknown[] = []) => {
      const { rows: plan } = await pool.query<{ 'QUERY PLAN': unknown }>(
        `explain (format json) ${text}`,
        values,
      );
      const names = new Set<string>();
      const walk = (node: Record<string, unknown>) => {
        if (typeof node['Index Name'] === 'string') names.add(node['Index Name']);
        else if (node['Node Type'] === 'Seq Scan') names.add(`seq scan ${String(node['Relation Name'])}`);
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk((plan[0]['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0].Plan);
      return [...names].join(', ');
    };
    const sqlLoad = (perClient: number, query: (i: number) => [string, unknown[]]) =>
      load(CLIENTS, perClient, async (i) => {
        const [text, values] = query(i);
        await pool.query(text, values);
        return new Response('');
      });
    const add = (
      measure: string,
      api: Figures | null,
      sql: Figures | null,
      o: { maxP95?: number; maxRatio?: number; index?: string; note?: string; status?: string } = {},
    ) => {
      const ratio = api && sql && sql.p95 > 0 ? Number((api.p95 / sql.p95).toFixed(2)) : null;
      const misses: string[] = [];
      if (api && api.failures > 0) misses.push(`${api.failures} failed`);
      if (o.maxP95 !== undefined && api && api.p95 > o.maxP95) misses.push(`p95 > ${o.maxP95}`);
      if (o.maxRatio !== undefined && ratio !== null && ratio > o.maxRatio)
        misses.push(`ratio > ${o.maxRatio}`);
      if (misses.length) missed++;
      const target = [
        o.maxP95 !== undefined ? `p95<=${o.maxP95}` : '',
        o.maxRatio !== undefined ? `ratio<=${o.maxRatio}` : '',
      ]
        .filter(Boolean)
        .join(' ');
      console.error(
        `[bench] ${measure}: api p95 ${api?.p95 ?? '-'} ms, sql p95 ${sql?.p95 ?? '-'} ms ${misses.length ? `MISS ${misses.join('; ')}` : (o.status ?? 'ok')}`,
      );
      rows.push({
        measure,
        'api p50': api?.p50 ?? '-',
        'api p95': api?.p95 ?? '-',
        'sql p95': sql?.p95 ?? '-',
        ratio: ratio ?? '-',
        target: target || '-',
        result: misses.length ? `MISS ${misses.join('; ')}` : (o.status ?? 'ok'),
        'sql index': o.index ?? '-',
        note: o.note ?? '',
      });
    };

    // 1. the first page of every list, API against the same rows as raw SQL
    for (const key of CONSOL_LIST_KEYS) {
      const pending = key === 'pending_consolidation_creation';
      const apiPath = pending ? '/Consolidation/pending-creation' : `/Consolidation/list/${key}`;
      const text = pending ? bookingSql(PENDING_WHERE) : planSql(PLAN_WHERE[key as keyof typeof PLAN_WHERE]);
      const api = await load(CLIENTS, 10, () => get(`${apiPath}?pageSize=${PAGE_SIZE}&page=1`));
      const raw = await sqlLoad(10, () => [text, []]);
      add(`list ${key} page 1`, api, raw, { maxP95: 50, maxRatio: 1.5, index: await indexesOf(text) });
    }

    // 2. consol search: consol# (contains), SO# of a plan, container# prefix
    const sample = (
      await pool.query<{ consol_no: string; so_no: string; container_no: string | null }>(
        `select cp.consol_no, so.so_no, (select c.container_no from consol_containers c
                 where c.consol_id = cp.consol_id and c.container_no is not null limit 1) container_no
           from consol_plans cp join consol_sos cs on cs.consol_id = cp.consol_id and cs.line_no = 1
           join shipping_orders so on so.so_id = cs.so_id
          order by cp.consol_id desc limit 50`,
      )
    ).rows;
    const searchWhere = (term: string) => {
      // The API's own condition (consolidation-lists.repository.ts searchSql) as raw SQL.
      const contains = `%${term.toLowerCase()}%`;
      return [
        planSql(`cp.consol_id in (select p.consol_id from consol_plans p where lower(p.consol_no) like $1
          union select cs.consol_id from consol_sos cs join shipping_orders so on so.so_id = cs.so_id
            where lower(so.so_no || ' ' || coalesce(so.job_no, '') || ' ' || coalesce(so.hbl_no, '') || ' ' || coalesce(so.po_no, '')) like $1
          union select c.consol_id from consol_containers c where c.container_no like $2)`),
        [contains, `${term.toUpperCase()}%`],
      ] as [string, unknown[]];
    };
    const terms: [string, string[]][] = [
      ['consol#', sample.map((r) => r.consol_no)],
      ['SO#', sample.map((r) => r.so_no)],
      ['container# prefix', sample.flatMap((r) => (r.container_no ? [r.container_no.slice(0, 8)] : []))],
    ];
    for (const [what, list] of terms) {
      if (!list.length) continue;
      const api = await load(CLIENTS, 10, (i) =>
        get(
          `/Consolidation/list/search_consolidation?pageSize=${PAGE_SIZE}&q=${encodeURIComponent(list[i % list.length])}`,
        ),
      );
      const raw = await sqlLoad(10, (i) => searchWhere(list[i % list.length]));
      add(`search ${what}`, api, raw, {
        maxP95: 50,
        maxRatio: 1.5,
        index: await indexesOf(...searchWhere(list[0])),
        note: `e.g. ${list[0]}`,
      });
    }

    // 3. the dashboard (9 cards, counts capped)
    add('dashboard', await load(CLIENTS, 5, () => get('/Consolidation/dashboard')), null, {
      maxP95: 200,
      note: '9 cards: count, yellow, red (each capped)',
    });

    // 4. auto-plan on 200-PO plans: time and containers used against ⌈total CBM / capacity⌉
    const cap = (
      await pool.query<{ capacity_cbm: string }>(
        "select capacity_cbm from container_capacities where size_type = '40HQ'",
      )
    ).rows[0];
    const capacity = Number(cap?.capacity_cbm ?? 76.3);
    const autoRuns: Record<string, number | string>[] = [];
    for (let run = 0; run < 5; run++) {
      const pos = (
        await pool.query<{ so_no: string; cbm: string }>(
          `select so.so_no, so.cbm::text from consol_sos cs join shipping_orders so on so.so_id = cs.so_id
            where cs.consol_id % 5 = $1 order by cs.consol_id desc, cs.line_no limit 200`,
          [run],
        )
      ).rows;
      const totalCbm = pos.reduce((s, p) => s + Number(p.cbm), 0);
      const bound = containerLowerBound(totalCbm, capacity);
      const body = {
        so_nos: pos.map((p) => p.so_no),
        equipment: [{ size_type: '40HQ', qty: Math.min(50, bound + 3) }],
      };
      const t0 = performance.now();
      const res = await post('/Consolidation/auto-plan', body);
      const answer = (await res.json()) as { containers_used?: number; ms?: number; unallocated?: unknown[] };
      autoRuns.push({
        run: run + 1,
        pos: pos.length,
        'total CBM': Number(totalCbm.toFixed(1)),
        'lower bound': bound,
        'containers used': answer.containers_used ?? `HTTP ${res.status}`,
        'unallocated SOs': answer.unallocated?.length ?? '-',
        'server ms': answer.ms ?? '-',
        'api ms': Number((performance.now() - t0).toFixed(1)),
      });
    }
    other.autoPlan = { capacityCbm: capacity, runs: autoRuns };

    // 5. the master bill: PDF and DCSA for a 50-container bill (when the module is there)
    other.masterBl = await masterBlFigures(base, headers, pool, add);

    console.log(
      `\nConsolidation bench: ${generated ? `${generated.plans.toLocaleString('en')} plans generated` : base}, ${CLIENTS} clients`,
    );
    if (bookings) console.table([bookings]);
    if (generated) console.table([generated]);
    console.table(rows);
    console.table(autoRuns);
    if (other.masterBl) console.log(other.masterBl);
    const uptimeAfter = uptime();
    console.log(`uptime before: ${uptimeBefore}\nuptime after:  ${uptimeAfter}`);
    console.log(missed ? `${missed} figure(s) missed their target` : 'every figure met its target');
    const out = path.join(ROOT, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, 'consolidation-bench.json'),
      `${JSON.stringify(
        {
          at: new Date().toISOString(),
          clients: CLIENTS,
          uptimeBefore,
          uptimeAfter,
          serverRssMb: server ? Math.round(rssMb(server.pid)) : null,
          bookings,
          generated,
          rows,
          ...other,
          missed,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await pool.end();
    await server?.stop();
  }
  process.exitCode = missed ? 1 : 0;
}

/**
 * Master-bill figures, when the master_bl module answers: a 50-container bill made from FCL shipping orders,
 * its PDF p95 at 20 clients, the DCSA eBL Shipping Instructions export and a Transport Document import.
 * Skipped (and said so) when the module's routes are not there.
 */
async function masterBlFigures(
  base: string,
  headers: Record<string, string>,
  pool: pg.Pool,
  add: (
    measure: string,
    api: Figures | null,
    sql: Figures | null,
    o?: { maxP95?: number; note?: string },
  ) => void,
): Promise<Record<string, unknown>> {
  const get = (p: string) => fetch(`${base}/api/v1${p}`, { headers });
  const probe = await get('/MasterBL/dashboard');
  await probe.arrayBuffer();
  if (probe.status === 404)
    return { skipped: 'the master_bl module does not answer (/MasterBL/dashboard 404)' };
  const { rows } = await pool
    .query<{ mbl_no: string; containers: number }>(
      `select m.mbl_no, count(c.*)::int containers from master_bls m join master_bl_containers c on c.mbl_id = m.mbl_id
      group by m.mbl_no order by count(c.*) desc limit 1`,
    )
    .catch(() => ({ rows: [] as { mbl_no: string; containers: number }[] }));
  const bill = rows[0];
  if (!bill) return { skipped: 'no master bill in the database (the generator makes none yet)' };
  const no = encodeURIComponent(bill.mbl_no);
  const pdf = () => get(`/MasterBL/${no}/pdf`);
  await (await pdf()).arrayBuffer();
  add(`MBL PDF (${bill.containers} containers), 20 clients`, await load(CLIENTS, 5, pdf), null, {
    maxP95: 400,
  });
  const t0 = performance.now();
  const si = await get(`/MasterBL/${no}/dcsa/shipping-instructions`);
  const siText = await si.text();
  const exportMs = Number((performance.now() - t0).toFixed(1));
  return {
    mbl_no: bill.mbl_no,
    containers: bill.containers,
    dcsaExport: { status: si.status, ms: exportMs, bytes: siText.length },
  };
}

await main();
