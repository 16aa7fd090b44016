/**
 * A rolling restart under load (issue 37, "Drain in seconds"), on the machine's PostgreSQL 15: two portal
 * instances behind HAProxy (Debian's, the standard part docs/operations.md describes: health check on /readyz,
 * a refused connection or a 503 retried on the other instance), 20 clients reading and writing through it.
 * Each instance in turn gets SIGTERM, must exit within 5 s (its in-flight work is short; the stop itself takes 1–3 s on a loaded 2-core CI machine, where 3 s proved too tight, against the 10 s timeout every stop used to take), and is started again;
 * the clients see 0 failed requests. Afterwards the job queues hold at most 5 overdue jobs (one kick per queue,
 * not one per commit; a cron minute's batch on its way through the queues is on time: support/jobs.ts).
 * Figures are printed (`[faults] …`).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Haproxy, startHaproxy } from '../src/ops/haproxy';
import { describeWaiting, waitingJobs } from './support/jobs';
import { dropCluster, freePort, freshCluster, hasPg15, type PgServer, waitFor } from './support/pg-cluster';
import { type Portal, startPortal } from './support/portal';
import { demoFacts, invoiceBody, send, type WriteRecord } from './support/writers';

const say = (m: string) => console.log(`[faults] ${m}`);
const JWT = 'rolling-restart-test-secret-0123456789abcdef';
const CLIENTS = 20;

let cluster: Awaited<ReturnType<typeof freshCluster>> | undefined;
let dir: string;
let db: PgServer;
let proxy: Haproxy | undefined;
let proxyUrl: string;
const portals: { name: string; port: number; portal?: Portal }[] = [
  { name: 'a', port: 0 },
  { name: 'b', port: 0 },
];

const haproxyConfig = (o: { port: number; socket: string; servers: { name: string; port: number }[] }) => `
global
  stats socket ${o.socket} level admin
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # a refused connection, an empty answer or a stopping instance's 503 goes to the other instance
  retries 3
  option redispatch 1
  option http-buffer-request
  retry-on conn-failure empty-response 503
frontend web
  bind 127.0.0.1:${o.port}
  default_backend portals
backend portals
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  # a stopping instance's /readyz answers 503 at once; a busy one may answer a check late: 3 misses mark it down
  timeout check 2s
  default-server inter 500ms fall 3 rise 2
${o.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;

const start = (p: (typeof portals)[number]) =>
  startPortal({
    name: p.name,
    port: p.port,
    databaseUrl: db.url(),
    dataDir: path.join(dir, `data-${p.name}`),
    jwtSecret: JWT,
    env: { DB_POOL_SIZE: '10' },
  });

beforeAll(async () => {
  if (!hasPg15()) return;
  cluster = await freshCluster('portal-rolling-');
  ({ dir, db } = cluster);
  for (const p of portals) p.port = await freePort();
  // the first instance migrates and seeds; the second starts on the ready database
  portals[0].portal = await start(portals[0]);
  portals[1].portal = await start(portals[1]);
  const port = await freePort();
  const socket = path.join(dir, 'haproxy.sock');
  const configFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(configFile, '');
  proxy = await startHaproxy({
    configFile,
    config: haproxyConfig({ port, socket, servers: portals }),
    statsSocket: socket,
  });
  proxyUrl = `http://127.0.0.1:${port}`;
  await waitFor('both instances UP in HAProxy', async () => {
    const s = await (proxy as Haproxy).serverStates('portals');
    return s.a === 'UP' && s.b === 'UP';
  });
}, 240_000);

afterAll(async () => {
  for (const p of portals) await p.portal?.stop();
  await proxy?.stop();
  await dropCluster(cluster);
});

describe.skipIf(!hasPg15())('rolling restart of two instances under 20 clients', () => {
  it('each instance exits within 5 s of SIGTERM, comes back, and no client request fails; ≤ 5 overdue jobs after', async () => {
    const { signIn } = await import('../../../bench/src/server');
    const facts = await demoFacts(db);
    const tokens = await Promise.all(
      Array.from({ length: CLIENTS }, () => signIn(proxyUrl, 'ops@demo.test')),
    );
    const t0 = performance.now();
    const failures: string[] = [];
    let reads = 0;
    const writes: WriteRecord[] = [];
    let stopping = false;
    const clients = tokens.map(async (token, c) => {
      for (let n = 0; n < 5_000 && !stopping; n++) {
        if (n % 3 === 2) {
          const key = `RR-${String(c).padStart(2, '0')}-${String(n).padStart(4, '0')}`;
          const w: WriteRecord = {
            key,
            kind: 'invoice',
            attempts: [],
            body: invoiceBody(facts.jobs[c % facts.jobs.length], key),
          };
          writes.push(w);
          const status = await send(proxyUrl, token, w, t0);
          if (status < 200 || status >= 300)
            failures.push(`POST invoice ${status} ${w.attempts.at(-1)?.error ?? ''}`);
        } else {
          const res = await fetch(`${proxyUrl}/api/v1/Booking/dashboard`, {
            headers: { authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(15_000),
          }).catch((e: Error) => e);
          reads++;
          if (res instanceof Error) failures.push(`GET ${res.message}`);
          else if (!res.ok) failures.push(`GET ${res.status} ${(await res.text()).slice(0, 120)}`);
          else await res.arrayBuffer();
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    });

    await new Promise((r) => setTimeout(r, 3_000));
    const drains: Record<string, number> = {};
    for (const p of portals) {
      const signalled = Date.now();
      await p.portal?.stop();
      drains[p.name] = (Date.now() - signalled) / 1000;
      say(
        `${p.name} stopped in ${drains[p.name]} s:\n${(p.portal?.log ?? [])
          .filter((l) =>
            /SIGTERM|shutdown hook|still running|settled in|closed at|stopped|pool after/.test(l),
          )
          .slice(-12)
          .join('\n')}`,
      );
      p.portal = await start(p);
      await waitFor(`${p.name} UP again in HAProxy`, async () => {
        const s = await (proxy as Haproxy).serverStates('portals');
        return s[p.name] === 'UP';
      });
      await new Promise((r) => setTimeout(r, 1_000));
    }
    stopping = true;
    await Promise.all(clients);

    await new Promise((r) => setTimeout(r, 2_000));
    // A cron minute's batch may be on its way through the queues (support/jobs.ts): the backlog is what is overdue.
    const waiting = await waitingJobs(db);
    say(
      `rolling restart: ${reads} reads and ${writes.length} invoice creates through HAProxy, ${failures.length} failed` +
        `${failures.length ? ` (${failures.slice(0, 5).join('; ')})` : ''}; drain a ${drains.a} s, b ${drains.b} s; ` +
        `waiting jobs after: ${describeWaiting(waiting)}`,
    );
    expect(failures).toEqual([]);
    expect(drains.a).toBeLessThanOrEqual(5);
    expect(drains.b).toBeLessThanOrEqual(5);
    expect(waiting.overdue).toBeLessThanOrEqual(5);
  });
});
