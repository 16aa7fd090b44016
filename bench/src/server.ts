import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchServer {
  url: string;
  dbUrl: string;
  /** Process id of the server, e.g. to sample its memory with `ps -o rss`. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts the real server on its own port with a fresh embedded database under bench/.data; with `keep` on the
 * database already there (a bench's `--reuse`: measure again without generating again; migrations still run).
 */
export async function startServer(
  port = 8095,
  pgPort = 54395,
  dataFolder = 'bench/.data',
  keep = false,
): Promise<BenchServer> {
  // Relative to the repository, or an absolute folder outside it (the booking bench's database is large).
  const dataDir = path.resolve(ROOT, dataFolder);
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Load tests sign in and call from one address far faster than people: raise the rate limits.
      RATE_LIMIT_API_MAX: '10000000',
      RATE_LIMIT_AUTH_IP_MAX: '10000000',
      RATE_LIMIT_AUTH_LOGIN_MAX: '10000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dbUrl: `postgres://portal:portal@127.0.0.1:${pgPort}/portal`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** What load() needs of an answer: a fetch Response, or lightGet's. */
export interface Answer {
  ok: boolean;
  status: number;
  arrayBuffer(): Promise<unknown>;
}

const lightAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A GET as a browser asks it (Accept-Encoding br and gzip: the server compresses as it does for people) whose
 * answer is read to the end but not decoded. The load generator runs on the cores it measures: fetch cost
 * 0.6-1.8 ms of the bench's own CPU a call (its streams and the decoding), as much as the server's work on a
 * list page, and a browser decodes on its own machine. node:http with a keep-alive agent reads the bytes for
 * ~0.2 ms. For load loops only; a call whose answer is used goes through fetch.
 */
export function lightGet(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { agent: lightAgent, headers: { 'accept-encoding': 'br, gzip', ...headers } },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, arrayBuffer: async () => bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** lightPost's answer: what the invoice bench reads of a write (status, a header, the JSON body). */
export interface PostAnswer extends Answer {
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}

/**
 * A JSON POST for the write loops (creations, approval moves), as lightGet is for reads: node:http with the
 * keep-alive agent, the answer compressed as for a browser and decoded only when its body is read (`json()`).
 * fetch cost the bench ~3.7 ms of CPU a creation on the two cores the portal and PostgreSQL share (a 4-line
 * invoice's body out, its ~3 KB answer back and decoded); this ~1.3 ms (issue 40, session 58).
 */
export function lightPost(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<PostAnswer> {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: lightAgent,
        headers: {
          'accept-encoding': 'br, gzip',
          'content-type': 'application/json',
          'content-length': String(data.length),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = () =>
            (encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : raw
            ).toString('utf8');
          resolve({
            ok: status >= 200 && status < 300,
            status,
            headers: {
              get: (name) => {
                const v = res.headers[name.toLowerCase()];
                return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
              },
            },
            arrayBuffer: async () => raw.length,
            json: async () => JSON.parse(text()),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Runs `clients` concurrent loops of `perClient` calls and answers latency percentiles in ms. */
export async function load(clients: number, perClient: number, call: (i: number) => Promise<Answer>) {
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        const t0 = performance.now();
        const res = await call(c * perClient + i);
        await res.arrayBuffer();
        times.push(performance.now() - t0);
        if (!res.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    Number(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1));
  return {
    requests: times.length,
    failures,
    rps: Math.round(times.length / seconds),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
  };
}

/** Signs in and answers the token (choosing the first profile when there are several). */
export async function signIn(url: string, username: string, password = 'Demo-Portal-2026') {
  const res = await fetch(`${url}/api/v1/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, language: 'en-US' }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The indexes a statement's plan reads (each bench's "best raw SQL" names its physical path); a seq scan by table. */
export async function planIndexes(pool: pg.Pool, text: string, values: unknown[] = []) {
  const { rows: plan } = await pool.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${text}`, values);
  const names = new Set<string>();
  const walk = (node: Record<string, unknown>) => {
    if (typeof node['Index Name'] === 'string') names.add(node['Index Name']);
    else if (node['Node Type'] === 'Seq Scan') names.add(`seq scan ${String(node['Relation Name'])}`);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((plan[0]['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0].Plan);
  return [...names].join(', ');
}

/**
 * Waits until the machine is quiet before a bench measures (`--wait-quiet <load>`): until the 1-minute load
 * average is at or below `maxLoad` (checked every 15 s, at most `maxMinutes`). Lets a long generation run beside
 * other work while its measurements still run on a quiet machine; the load when measuring is in every result.
 */
export async function waitForQuiet(maxLoad: number, maxMinutes = 120) {
  const until = Date.now() + maxMinutes * 60_000;
  let said = false;
  while (loadavg()[0] > maxLoad && Date.now() < until) {
    if (!said)
      console.error(
        `[bench] waiting for the 1-minute load average to fall to ${maxLoad} (now ${loadavg()[0].toFixed(2)})`,
      );
    said = true;
    await new Promise((r) => setTimeout(r, 15_000));
  }
  if (said) console.error(`[bench] load average ${loadavg()[0].toFixed(2)}: measuring`);
}

/**
 * Waits until the portal's own background work is done before a bench measures: no job running, no notification
 * event waiting to be dispatched and no due mail queued (checked every second, at most `maxSeconds`). The load
 * average sees other processes; this sees what an earlier section or run left the portal to do (a burst of
 * creations and approval moves queues thousands of notification e-mails, whose delivery otherwise runs inside
 * the next figures). Answers the seconds waited and what was still there when it gave up.
 */
export async function waitForPortalIdle(pool: pg.Pool, maxSeconds = 600) {
  const t0 = performance.now();
  const until = Date.now() + maxSeconds * 1000;
  const backlog = async () =>
    (
      await pool.query<{ jobs: number; events: number; mail: number }>(
        `select (select count(*) from pgboss.job where state = 'active')::int as jobs,
                (select count(*) from notification_events where dispatched_at is null and attempts < 10)::int as events,
                (select count(*) from mail_outbox where status = 'queued' and next_attempt_at <= now())::int as mail`,
      )
    ).rows[0];
  let left = await backlog();
  let said = false;
  while ((left.jobs || left.events || left.mail) && Date.now() < until) {
    if (!said) console.error(`[bench] waiting for the portal's background work: ${JSON.stringify(left)}`);
    said = true;
    await new Promise((r) => setTimeout(r, 1_000));
    left = await backlog();
  }
  const seconds = Number(((performance.now() - t0) / 1000).toFixed(1));
  if (said) console.error(`[bench] the portal is idle after ${seconds} s: ${JSON.stringify(left)}`);
  return { seconds, left };
}

/**
 * Fills the global search's document-number index for the bookings (the generators write straight to the
 * tables): `npm run search:rebuild booking` against `dbUrl`. Answers its seconds, or null when it failed.
 */
export function rebuildBookingNumbers(dbUrl: string): number | null {
  const t0 = performance.now();
  const rebuilt = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/search-rebuild.ts', 'booking'],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: dbUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (rebuilt.status !== 0) {
    console.error('[bench] search:rebuild failed; the search figures will miss');
    return null;
  }
  return Number(((performance.now() - t0) / 1000).toFixed(1));
}
