/**
 * What every list bench (booking and approval, party, invoice, consolidation) states the same way (issue 40):
 * - **The API's overhead** over the best raw SQL for the same rows: `API p95 − raw p95 ≤ floor p95 + 10 ms`,
 *   where the floor is the same run's signed-in call that reads nothing (Search/documents?q=-: sign-in check,
 *   rate limit, validation, serialisation, no SQL). A ratio cannot hold where the statement takes a few
 *   milliseconds and any signed-in answer already costs 15-22 ms p95 at 20 clients on two cores.
 * - **The server's CPU per call** (ms, from /proc: the process, whatever the machine's load), its PostgreSQL's
 *   and the bench's own, and **the CPU bound**: with `clients` calls always in flight and C ms of the machine's
 *   CPU each, the cores finish at most cores / C calls a millisecond, so the mean latency is at least
 *   clients × C / cores (Little's law), however well each part is written. A p95 target below it cannot be
 *   met on this machine by that call's present cost; a miss near it says so ("CPU-bound").
 * - **Whether the machine was quiet**: the load average at start and end, and the CPU that processes other than
 *   the bench's own (the bench, the server, its PostgreSQL) used while it measured, in cores. Above
 *   `--busy-cores` (0.25) the run is marked BUSY in its results: its figures are not a quiet machine's.
 *   `--wait-quiet <load>` waits, before measuring, for the 1-minute load average to fall to <load>.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { arg } from './booking-generate';
import { type Answer, load, waitForQuiet } from './server';

export type Figures = Awaited<ReturnType<typeof load>>;
export type ApiFigures = Figures & {
  cpuMs?: number | null;
  /** PostgreSQL's CPU per call (ms): the server's descendants (an embedded PostgreSQL), null when unknown. */
  pgCpuMs?: number | null;
  /** The bench's own CPU per call (ms): the load generator shares the machine's cores. */
  benchCpuMs?: number;
  /** The whole machine's busy CPU per call (ms), whoever spent it. */
  machineCpuMs?: number;
  /**
   * The least mean latency the cores allow (ms): with `clients` calls always in flight and `machineCpuMs` of
   * work each, `cores` can finish at most cores / machineCpuMs calls a millisecond, so by Little's law the mean
   * wait is at least clients × machineCpuMs / cores, however the work is scheduled.
   */
  cpuBoundMs?: number;
};

/** The cores this machine has (the CPU bound divides by them). */
export const CORES = availableParallelism();

/** The margin the overhead rule allows over the floor (ms). */
export const OVERHEAD_MARGIN_MS = 10;

export const loadNow = () => loadavg().map((x) => Number(x.toFixed(2)));

/** Resident memory of a process in MB (0 when it is gone). */
export const rssMb = (pid: number | undefined) => {
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

/** utime, stime, cutime, cstime and parent of a process from /proc (null when gone). */
function procStat(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): ppid is the 2nd, utime..cstime the 12th..15th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(f[1]),
      own: Number(f[11]) + Number(f[12]),
      children: Number(f[13]) + Number(f[14]),
    };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far (0 when it is gone or unknown). */
export const cpuSeconds = (pid: number | undefined) => {
  const s = pid ? procStat(pid) : null;
  return s ? s.own / 100 : 0;
};

/** CPU seconds of these processes and all their descendants, living and reaped. */
function treeCpuSeconds(roots: number[]) {
  const all = new Map<number, NonNullable<ReturnType<typeof procStat>>>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = procStat(Number(name));
    if (s) all.set(Number(name), s);
  }
  const kids = new Map<number, number[]>();
  for (const [pid, s] of all) kids.set(s.ppid, [...(kids.get(s.ppid) ?? []), pid]);
  let ticks = 0;
  const seen = new Set<number>();
  const walk = (pid: number) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    const s = all.get(pid);
    if (s) ticks += s.own + s.children;
    for (const k of kids.get(pid) ?? []) walk(k);
  };
  for (const r of roots) walk(r);
  return ticks / 100;
}

/** Busy CPU seconds of the whole machine so far (/proc/stat: everything but idle and iowait). */
function machineCpuSeconds() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = cpu;
  return (user + nice + system + irq + softirq + (steal ?? 0)) / 100;
}

/** The portal's pooled database connections in a bench's server (main.ts: DB_POOL_SIZE, default 20). */
export const SERVER_POOL = 20;

/**
 * Uncounted calls before a figure is measured: a running system has long warmed its pooled connections, and a
 * new PostgreSQL backend plans its first statement on a table cold (~10-25 ms: it loads the relation cache of
 * the invoice tables' 27 indexes) and plans a prepared statement afresh for its first five runs before it may
 * keep a generic plan. One call per client (session 48) left most pooled connections cold for the first figure:
 * its PostgreSQL CPU per call was 15.9 ms in the first 100 calls and 3.3 ms from the 200th (session 49). Three
 * per client (60 calls) were written for a pool of 10; over the server's 20 connections they left each at
 * three runs, still planning the creation's prepared statements (session 51). Six runs per pooled connection,
 * however many clients share them. Creations and moves warm far longer (invoice-bench.ts CREATE_WARM: their CPU
 * falls for ~600 calls after a start, session 61).
 */
export const WARM_CALLS = 6 * SERVER_POOL;

/** WARM_CALLS shared among `clients`. */
export const warmCallsPerClient = (clients: number) => Math.ceil(WARM_CALLS / clients);

/** load() of raw SQL over a pool, after WARM_CALLS uncounted statements (as the API's). */
export async function sqlLoadOf(
  pool: { query: (text: string, values: unknown[]) => Promise<unknown> },
  clients: number,
  perClient: number,
  query: (i: number) => [string, unknown[]],
) {
  const run = async (i: number) => {
    const [text, values] = query(i);
    await pool.query(text, values);
    return new Response('');
  };
  await load(clients, warmCallsPerClient(clients), run);
  const machine0 = machineCpuSeconds();
  const figures = await load(clients, perClient, run);
  const machineCpuMs = Number((((machineCpuSeconds() - machine0) * 1000) / figures.requests).toFixed(2));
  return { ...figures, machineCpuMs, cpuBoundMs: Number(((clients * machineCpuMs) / CORES).toFixed(1)) };
}

/**
 * One bench's table of figures: API against raw SQL with the overhead rule, p95 targets, the server's CPU per
 * call and the machine's quietness. `serverPid` is the portal's process (its PostgreSQL, when embedded, is its
 * descendant); without it the run cannot tell its own CPU from others' and says so.
 */
export function figureTable(o: { clients: number; serverPid?: number; perScale?: number }) {
  const rows: Record<string, string | number>[] = [];
  let missed = 0;
  let floorP95: number | null = null;
  const busyCores = Number(arg('busy-cores') ?? 0.25);
  const loads: Record<string, number[]> = { start: loadNow() };
  let window: { at: number; machine: number; ours: number } | null = null;
  const roots = () => [process.pid, ...(o.serverPid ? [o.serverPid] : [])];
  const perScale = o.perScale ?? 1;

  const apiLoad = async (
    perClient: number,
    call: (i: number) => Promise<Answer>,
    opts: { warm?: boolean } = {},
  ): Promise<ApiFigures> => {
    // Calls first, not counted (WARM_CALLS: warm pooled connections, as a running system has). Not
    // for calls that change something (`warm: false`): a creation or a move is measured on its first call.
    if (opts.warm !== false) await load(o.clients, warmCallsPerClient(o.clients), call);
    const c0 = cpuSeconds(o.serverPid);
    const tree0 = o.serverPid ? treeCpuSeconds([o.serverPid]) : 0;
    const bench0 = process.cpuUsage();
    const machine0 = machineCpuSeconds();
    const figures = await load(o.clients, perClient * perScale, call);
    const perCall = (seconds: number) => Number(((seconds * 1000) / figures.requests).toFixed(2));
    const server = cpuSeconds(o.serverPid) - c0;
    const bench = process.cpuUsage(bench0);
    const machineCpuMs = perCall(machineCpuSeconds() - machine0);
    const pgCpuMs = o.serverPid ? perCall(treeCpuSeconds([o.serverPid]) - tree0 - server) : null;
    const benchCpuMs = perCall((bench.user + bench.system) / 1e6);
    // The bound counts what this call costs (the server, its PostgreSQL, the bench), not what others spent
    // meanwhile; without the server's pid, the whole machine's.
    const ownCpuMs = o.serverPid ? perCall(server) + (pgCpuMs ?? 0) + benchCpuMs : machineCpuMs;
    return {
      ...figures,
      cpuMs: o.serverPid ? perCall(server) : null,
      pgCpuMs,
      benchCpuMs,
      machineCpuMs,
      cpuBoundMs: Number(((o.clients * ownCpuMs) / CORES).toFixed(1)),
    };
  };

  const table = {
    rows,
    loads,
    get missed() {
      return missed;
    },
    get floorP95() {
      return floorP95;
    },
    apiLoad,

    /** `--wait-quiet <load>`, then the start of the window in which other processes' CPU is counted. */
    async startMeasuring() {
      if (arg('wait-quiet')) await waitForQuiet(Number(arg('wait-quiet')));
      loads.measuring = loadNow();
      window = { at: performance.now(), machine: machineCpuSeconds(), ours: treeCpuSeconds(roots()) };
    },

    /**
     * The floor: a signed-in call that reads nothing, at the bench's clients (the overhead rule's allowance).
     * `get` is the bench's signed-in GET of an /api/v1 path.
     */
    async measureFloor(get: (p: string) => Promise<Answer>) {
      await load(o.clients, 5, () => get('/Search/documents?q=-&limit=20')); // warm-up
      const f = await apiLoad(50, () => get('/Search/documents?q=-&limit=20'));
      floorP95 = f.p95;
      table.add('floor: signed-in API call without SQL (Search/documents?q=-)', f, null, {
        note: 'the overhead rule allows API p95 − raw p95 ≤ this p95 + 10 ms',
      });
      return f;
    },

    /**
     * One figure: API and raw SQL p95 and the targets it must meet: p95 at most `maxP95` ms; with a raw SQL
     * figure, the overhead rule (unless `overhead: false`); `maxRatio` only where a bench still wants one.
     * A miss is marked and counted.
     */
    add(
      measure: string,
      api: ApiFigures | null,
      sql: Figures | null,
      t: {
        maxP95?: number;
        overhead?: boolean;
        maxRatio?: number;
        index?: string;
        note?: string;
        status?: string;
        /** A failed call is the figure's point (e.g. a refusal counted elsewhere). */
        failuresExpected?: boolean;
      } = {},
    ) {
      const ratio = api && sql && sql.p95 > 0 ? Number((api.p95 / sql.p95).toFixed(2)) : null;
      const overheadMs = api && sql ? Number((api.p95 - sql.p95).toFixed(1)) : null;
      const allowed =
        overheadMs !== null && t.overhead !== false && floorP95 !== null
          ? Number((floorP95 + OVERHEAD_MARGIN_MS).toFixed(1))
          : null;
      const misses: string[] = [];
      if (api && api.failures > 0 && !t.failuresExpected) misses.push(`${api.failures} failed`);
      if (t.maxP95 !== undefined && api && api.p95 > t.maxP95)
        misses.push(
          `p95 > ${t.maxP95}${api.cpuBoundMs !== undefined && api.cpuBoundMs >= t.maxP95 / 2 ? ` (CPU-bound: the ${CORES} cores allow a mean of ${api.cpuBoundMs} ms at ${o.clients} clients)` : ''}`,
        );
      if (allowed !== null && overheadMs !== null && overheadMs > allowed)
        misses.push(`overhead ${overheadMs} > ${allowed}`);
      if (t.maxRatio !== undefined && ratio !== null && ratio > t.maxRatio)
        misses.push(`ratio > ${t.maxRatio}`);
      // A status that is a miss joins the others without its own "MISS " (the result names it once).
      if (t.status?.startsWith('MISS')) misses.push(t.status.replace(/^MISS\s*/, ''));
      if (misses.length) missed++;
      const target = [
        t.maxP95 !== undefined ? `p95<=${t.maxP95}` : '',
        allowed !== null ? `api-sql<=${allowed}` : '',
        t.maxRatio !== undefined ? `ratio<=${t.maxRatio}` : '',
      ]
        .filter(Boolean)
        .join(' ');
      const result = misses.length ? `MISS ${misses.join('; ')}` : (t.status ?? 'ok');
      console.error(
        `[bench] ${measure}: api p95 ${api?.p95 ?? '-'} ms, sql p95 ${sql?.p95 ?? '-'} ms${overheadMs !== null ? `, overhead ${overheadMs} ms` : ''} ${result}`,
      );
      rows.push({
        measure,
        'api p50': api?.p50 ?? '-',
        'api p95': api?.p95 ?? '-',
        'sql p95': sql?.p95 ?? '-',
        'api-sql': overheadMs ?? '-',
        ratio: ratio ?? '-',
        target: target || '-',
        result,
        'sql index': t.index ?? '-',
        // The server's CPU per API call (ms): what the process itself spends, whatever the machine's load.
        'server cpu ms': api?.cpuMs ?? '-',
        // CPU per call of the server / its PostgreSQL / the bench itself, and the mean the cores allow.
        'cpu ms server/pg/bench': api
          ? `${api.cpuMs ?? '-'} / ${api.pgCpuMs ?? '-'} / ${api.benchCpuMs ?? '-'}`
          : '-',
        'cpu bound ms': api?.cpuBoundMs ?? '-',
        'sql cpu bound ms': (sql as ApiFigures | null)?.cpuBoundMs ?? '-',
        load: Number(loadavg()[0].toFixed(1)),
        note: t.note ?? '',
      });
    },

    /**
     * The end of the measuring window: the load average and the cores others used meanwhile; BUSY above
     * `--busy-cores`. Answers what to put in the results.
     */
    finish() {
      loads.end = loadNow();
      let otherCores: number | null = null;
      if (window && o.serverPid) {
        const seconds = (performance.now() - window.at) / 1000;
        const machine = machineCpuSeconds() - window.machine;
        const ours = treeCpuSeconds(roots()) - window.ours;
        otherCores = Number((Math.max(0, machine - ours) / seconds).toFixed(2));
      }
      const busy = otherCores !== null && otherCores > busyCores;
      const quiet =
        otherCores === null
          ? 'unknown (no server pid: the bench cannot tell its own CPU from others)'
          : `${busy ? 'BUSY' : 'quiet'}: other processes used ${otherCores} cores while measuring (limit ${busyCores})`;
      console.log(`load average (1, 5, 15 min): ${JSON.stringify(loads)}; ${quiet}`);
      return { loadAverage: loads, otherCores, busy, quiet };
    },

    /** The table as Markdown. */
    markdown(
      cols = [
        'measure',
        'api p50',
        'api p95',
        'sql p95',
        'api-sql',
        'target',
        'result',
        'cpu ms server/pg/bench',
        'cpu bound ms',
        'sql cpu bound ms',
        'sql index',
        'note',
      ],
    ) {
      return [
        `| ${cols.join(' | ')} |`,
        `| ${cols.map(() => '---').join(' | ')} |`,
        ...rows.map((r) => `| ${cols.map((c) => String(r[c] ?? '').replace(/\|/g, '\\|')).join(' | ')} |`),
      ].join('\n');
    },
  };
  return table;
}
