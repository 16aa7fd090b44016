/**
 * Failover to a real replica (issue 37): PostgreSQL 15 primary + streaming replica (pg_basebackup -R), the
 * distribution's HAProxy in front (TCP, routing only to the writable primary), two portal instances through
 * it under 20 concurrent clients creating bookings and invoices with Idempotency-Keys. The primary's
 * postmaster is killed with SIGKILL, the replica promoted (pg_ctl promote) and HAProxy reloaded with a
 * configuration naming it, as an operator's runbook does (docs/operations.md "Failover"); the clients keep
 * going, then every write without a 2xx is retried with its key until acknowledged.
 *
 * Proves with synchronous replication (synchronous_commit = remote_apply, the replica the synchronous
 * standby): 0 acknowledged writes lost, 0 duplicates, no portal process exit, the API back within 30 s of the
 * promotion. Measures the same with asynchronous replication (what a failover may lose there).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Haproxy, startHaproxy } from '../src/ops/haproxy';
import {
  freePort,
  hasPg15,
  initCluster,
  pgServer,
  pgTool,
  processesIn,
  removeDir,
  tempDir,
  waitFor,
} from './support/pg-cluster';
import { type Portal, startPortal } from './support/portal';
import { demoFacts, retryUnacknowledged, startWriters } from './support/writers';

const haveHaproxy = spawnSync('haproxy', ['-v']).status === 0;
const CLIENTS = 20;
const BEFORE_KILL_MS = 8_000;
const AFTER_SWITCH_MS = 12_000;

/** HAProxy in front of PostgreSQL: both servers named, only the writable one enabled (the other `disabled`). */
function pgProxyConfig(o: {
  port: number;
  socket: string;
  servers: { name: string; port: number }[];
  primary: string;
}) {
  return `global
  stats socket ${o.socket} mode 600 level admin
  # The old worker of a reload keeps at most 5 s for its sessions (they were to a dead server anyway).
  hard-stop-after 5s

defaults
  mode tcp
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout check 1s

frontend postgres
  bind 127.0.0.1:${o.port}
  default_backend postgres

backend postgres
  # pgsql-check: a PostgreSQL startup packet, expecting an authentication answer.
  option pgsql-check user portal
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${o.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check${s.name === o.primary ? '' : ' disabled'}`).join('\n')}
`;
}

interface Figures {
  mode: 'sync' | 'async';
  requests: number;
  acknowledged: number;
  found: number;
  lost: number;
  retried: number;
  unacknowledgedAfterRetry: number;
  duplicates: number;
  idempotencyDuplicates: number;
  mismatched: number;
  recoverySeconds: Record<string, number | null>;
  killToRecoverySeconds: number | null;
  failedDuringOutage: number;
  portalExits: string[];
  orphanBackendsAfterKill: number;
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) {
    try {
      await c();
    } catch (e) {
      console.error('cleanup:', e);
    }
  }
}, 120_000);

/** Runs a command as the `postgres` user when we are root (PostgreSQL's files are its own). */
function asPostgres(cmd: string, args: string[]) {
  if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args]);
  else execFileSync(cmd, args);
}

/**
 * A stopped PostgreSQL 15 cluster with the portal's schema and demo data (seeded once by a portal instance),
 * copied for each scenario: seeding takes a minute or two on a busy machine.
 */
let template = '';
beforeAll(async () => {
  if (!hasPg15() || !haveHaproxy) return;
  const dir = tempDir('portal-failover-template');
  cleanups.push(() => removeDir(dir));
  const port = await freePort();
  const pg = await initCluster({
    parent: dir,
    name: 'pg',
    port,
    settings: {
      wal_level: 'replica',
      max_wal_senders: 5,
      max_replication_slots: 5,
      hot_standby: 'on',
      // Not a durability test of one server's disk: the kill is of the process, the OS keeps its page cache.
      fsync: 'off',
    },
  });
  cleanups.push(() => pg.stop('immediate'));
  await pg.start();
  await pg.query('create database portal', [], 'postgres');
  const seeder = await startPortal({
    name: 'seed',
    port: await freePort(),
    databaseUrl: pg.url(),
    dataDir: path.join(dir, 'data'),
    jwtSecret: randomBytes(32).toString('base64url'),
    timeoutMs: 280_000,
  });
  await seeder.stop();
  await pg.stop('fast');
  template = pg.dataDir;
}, 300_000);

/** The cluster, HAProxy and two portal instances of one scenario (a beforeAll: it takes minutes on a busy machine). */
async function setup(mode: 'sync' | 'async') {
  const dir = tempDir(`portal-failover-${mode}`);
  cleanups.push(() => removeDir(dir));
  const say = (m: string) => console.log(`[failover ${mode}] ${m}`);
  const [p1, p2, proxyPort, httpA, httpB] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);

  // The primary: a copy of the seeded template (WAL for a replica is in its settings).
  const primaryDir = path.join(dir, 'pg1');
  asPostgres('cp', ['-a', template, primaryDir]);
  const primary = pgServer({ name: 'pg1', dataDir: primaryDir, port: p1 });
  cleanups.push(() => primary.stop('immediate'));
  await primary.start();
  // The replica: a base backup streaming its WAL, -R writes primary_conninfo and standby.signal, -C -S the slot.
  const replicaDir = path.join(dir, 'pg2');
  await pgTool('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(p1),
    '-U',
    'portal',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    '-C',
    '-S',
    'pg2',
  ]);
  // cluster_name is the replica's application_name on the primary (synchronous_standby_names names it).
  const replica = pgServer({ name: 'pg2', dataDir: replicaDir, port: p2, options: ['cluster_name=pg2'] });
  cleanups.push(() => replica.stop('immediate'));
  await replica.start();
  const servers = [
    { name: 'pg1', port: p1 },
    { name: 'pg2', port: p2 },
  ];
  const socket = path.join(dir, 'haproxy.sock');
  const proxy: Haproxy = await startHaproxy({
    configFile: path.join(dir, 'haproxy.cfg'),
    config: pgProxyConfig({ port: proxyPort, socket, servers, primary: 'pg1' }),
    statsSocket: socket,
  });
  cleanups.push(() => proxy.stop());

  const jwtSecret = randomBytes(32).toString('base64url');
  const databaseUrl = `postgres://portal@127.0.0.1:${proxyPort}/portal`;
  const dataDir = path.join(dir, 'data');
  const portals: Portal[] = [];
  const t0Start = performance.now();
  // Both at once: the database is seeded already (the template).
  await Promise.all(
    (
      [
        ['a', httpA],
        ['b', httpB],
      ] as const
    ).map(async ([name, port]) => {
      const p = await startPortal({ name, port, databaseUrl, dataDir, jwtSecret, timeoutMs: 280_000 });
      portals.push(p);
      cleanups.push(() => p.stop());
    }),
  );
  portals.sort((x, y) => x.name.localeCompare(y.name));
  say(
    `two instances ready in ${((performance.now() - t0Start) / 1000).toFixed(1)} s (pids ${portals.map((p) => p.pid).join(', ')})`,
  );
  // After the seeding (no need to wait on the replica for that), before the load.
  if (mode === 'sync') {
    // Set after the base backup, so the replica does not inherit it: promoted without a standby of its own it
    // would wait for ever on every commit (the runbook says to set it again once a new standby follows).
    await primary.query(`alter system set synchronous_standby_names = 'pg2'`, [], 'postgres');
    await primary.query(`alter system set synchronous_commit = 'remote_apply'`, [], 'postgres');
    await primary.query('select pg_reload_conf()', [], 'postgres');
  }
  await waitFor('the replica streaming', async () => {
    const rows = await primary.query<{ sync_state: string }>(
      `select sync_state from pg_stat_replication where application_name = 'pg2' and state = 'streaming'`,
      [],
      'postgres',
    );
    return rows[0]?.sync_state === (mode === 'sync' ? 'sync' : 'async');
  });

  const exits: string[] = [];
  const watchExits = setInterval(() => {
    for (const p of portals) if (p.exited() && !exits.includes(p.name)) exits.push(p.name);
  }, 100);
  cleanups.push(() => clearInterval(watchExits));

  return { dir, mode, say, primary, replica, proxy, portals, exits, watchExits, servers, socket, proxyPort };
}

/** Stops one scenario's processes and removes its folder as soon as its test is done (the next has the CPU). */
async function teardown(env: Awaited<ReturnType<typeof setup>> | undefined) {
  if (!env) return;
  clearInterval(env.watchExits);
  await Promise.all(env.portals.map((p) => p.stop()));
  await env.proxy.stop();
  await Promise.all([env.primary.stop('immediate'), env.replica.stop('immediate')]);
  removeDir(env.dir);
}

/** The load, the kill, the promotion and switch, the retries and the proof; answers the figures. */
async function failover(env: Awaited<ReturnType<typeof setup>>): Promise<Figures> {
  const { mode, say, primary, replica, proxy, portals, exits, watchExits, servers, socket, proxyPort } = env;
  const facts = await demoFacts(primary);
  const instances = portals.map((p) => p.url);
  const t0 = performance.now();
  const writers = await startWriters({
    instances,
    clients: CLIENTS,
    facts,
    prefix: `FO${mode[0].toUpperCase()}`,
    t0,
  });
  // The recovery probe's call answers 2xx before the fault (so its later answers mean what they say).
  for (const [i, p] of portals.entries()) {
    const r = await fetch(`${p.url}/api/v1/Booking/list/search_booking?page=1&pageSize=10`, {
      headers: { authorization: `Bearer ${writers.tokens[i]}` },
    });
    if (!r.ok) throw new Error(`the probe answers ${r.status} before the fault: ${await r.text()}`);
  }
  await new Promise((r) => setTimeout(r, BEFORE_KILL_MS));

  // The fault: SIGKILL to the primary's postmaster.
  const pid = primary.pid();
  if (!pid) throw new Error('the primary is not running');
  process.kill(pid, 'SIGKILL');
  const killedAt = performance.now() - t0;
  say(`killed the primary's postmaster (pid ${pid}) at ${(killedAt / 1000).toFixed(1)} s`);
  await waitFor(
    'HAProxy to mark pg1 down',
    async () => (await proxy.serverStates('postgres')).pg1?.startsWith('DOWN'),
    10_000,
    100,
  );
  // Backends of a dead postmaster notice it and exit; count any still there a second later.
  await new Promise((r) => setTimeout(r, 1000));
  const orphans = processesIn(primary.dataDir).length;

  // Promotion, then HAProxy told that pg2 is the primary now (a reload with a new configuration).
  await pgTool('pg_ctl', ['-D', replica.dataDir, '-w', '-t', '60', 'promote']);
  const promotedAt = performance.now() - t0;
  await proxy.reload(pgProxyConfig({ port: proxyPort, socket, servers, primary: 'pg2' }), async () => {
    const s = await proxy.serverStates('postgres');
    return s.pg2 === 'UP' && s.pg1 === 'MAINT';
  });
  const switchedAt = performance.now() - t0;
  say(
    `promoted pg2 at ${(promotedAt / 1000).toFixed(1)} s, HAProxy switched at ${(switchedAt / 1000).toFixed(1)} s`,
  );

  // Recovery: a signed-in API call on each instance, every 200 ms, until it answers 2xx (at most 30 s).
  const recoverySeconds: Record<string, number | null> = {};
  await Promise.all(
    portals.map(async (p, i) => {
      recoverySeconds[p.name] = null;
      const until = performance.now() + 30_000;
      while (performance.now() < until) {
        const ok = await fetch(`${p.url}/api/v1/Booking/list/search_booking?page=1&pageSize=10`, {
          headers: { authorization: `Bearer ${writers.tokens[i]}` },
          signal: AbortSignal.timeout(5000),
        }).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) {
          recoverySeconds[p.name] = Number(((performance.now() - t0 - promotedAt) / 1000).toFixed(2));
          return;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }),
  );
  await new Promise((r) => setTimeout(r, AFTER_SWITCH_MS));
  await writers.stop();
  const { writes } = writers;
  const failedDuringOutage = writes.filter(
    (w) => w.attempts[0] && w.attempts[0].status !== 200 && w.attempts[0].status !== 201,
  ).length;
  const retry = await retryUnacknowledged({ writes, instances, tokens: writers.tokens, t0 });

  // The proof, on the new primary directly.
  const acked = writes.filter((w) => w.ackedId);
  const bookings = await replica.query<{ po_no: string; so_no: string }>(
    `select po_no, so_no from shipping_orders where po_no like $1`,
    [`FO${mode[0].toUpperCase()}-%`],
  );
  const invoices = await replica.query<{ remarks: string; invoice_no: string }>(
    `select remarks, invoice_no from invoices where remarks like $1`,
    [`FO${mode[0].toUpperCase()}-%`],
  );
  const soNos = new Set(bookings.map((b) => b.so_no));
  const invNos = new Set(invoices.map((b) => b.invoice_no));
  const wasAckedBeforeRetry = (w: (typeof writes)[number]) =>
    w.ackedAt !== undefined && w.attempts[0]?.status < 300 && w.attempts[0]?.status >= 200;
  const found = acked.filter((w) => (w.kind === 'booking' ? soNos : invNos).has(w.ackedId!)).length;
  // Rows per key: a key's write must exist once (a retry replays the stored answer, never writes again).
  const perKey = new Map<string, number>();
  for (const b of bookings) perKey.set(b.po_no, (perKey.get(b.po_no) ?? 0) + 1);
  for (const v of invoices) perKey.set(v.remarks, (perKey.get(v.remarks) ?? 0) + 1);
  const duplicates = [...perKey.values()].filter((n) => n > 1).reduce((a, n) => a + n - 1, 0);
  const idem = await replica.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from idempotency_keys where key like $1 group by user_uid, route, key having count(*) > 1) x`,
    [`FO${mode[0].toUpperCase()}-%`],
  );
  // The number each key was acknowledged with is the row that key made.
  const byKey = new Map<string, string>([
    ...bookings.map((b) => [b.po_no, b.so_no] as [string, string]),
    ...invoices.map((v) => [v.remarks, v.invoice_no] as [string, string]),
  ]);
  const mismatched = acked.filter((w) => byKey.get(w.key) !== w.ackedId).length;
  const lostList = acked.filter((w) => !(w.kind === 'booking' ? soNos : invNos).has(w.ackedId!));
  if (lostList.length)
    say(
      `acknowledged but missing on the new primary: ${lostList
        .slice(0, 10)
        .map(
          (w) =>
            `${w.key}=${w.ackedId} (acked at ${((w.ackedAt ?? 0) / 1000).toFixed(2)} s${wasAckedBeforeRetry(w) ? '' : ', on retry'})`,
        )
        .join('; ')}`,
    );
  clearInterval(watchExits);
  for (const p of portals) if (p.exited() && !exits.includes(p.name)) exits.push(p.name);

  const firstWriteAfter = Math.min(
    ...writes.flatMap((w) =>
      w.attempts.filter((a) => a.at > promotedAt && a.status >= 200 && a.status < 300).map((a) => a.at),
    ),
  );
  const statuses: Record<string, number> = {};
  for (const w of writes)
    for (const a of w.attempts)
      if (a.at > killedAt && a.at < switchedAt + 5000) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  say(
    `first acknowledged write ${((firstWriteAfter - promotedAt) / 1000).toFixed(2)} s after the promotion; answers from the kill to 5 s after the switch: ${JSON.stringify(statuses)}`,
  );
  const firstOk = Math.min(...Object.values(recoverySeconds).map((s) => s ?? Number.POSITIVE_INFINITY));
  const figures: Figures = {
    mode,
    requests: writes.reduce((a, w) => a + w.attempts.length, 0),
    acknowledged: acked.length,
    found,
    lost: acked.length - found,
    retried: retry.retried,
    unacknowledgedAfterRetry: retry.unacknowledged,
    duplicates,
    idempotencyDuplicates: idem[0].n,
    mismatched,
    recoverySeconds,
    killToRecoverySeconds: Number.isFinite(firstOk)
      ? Number((firstOk + (promotedAt - killedAt) / 1000).toFixed(2))
      : null,
    failedDuringOutage,
    portalExits: exits,
    orphanBackendsAfterKill: orphans,
  };
  say(JSON.stringify(figures));
  // What each instance logged about the database while it was gone (warn and above), for the report.
  for (const p of portals) {
    const lines = p.log.filter((l) => /\[db\]|rror|listen|lost|exit/i.test(l) && !l.includes('done for'));
    say(
      `${p.name} logged ${lines.length} database lines:\n  ${lines.slice(0, 25).join('\n  ').slice(0, 5000)}`,
    );
  }
  return figures;
}

describe.skipIf(!hasPg15() || !haveHaproxy)('failover to a streaming replica behind HAProxy', () => {
  describe('synchronous standby', () => {
    let env: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      env = await setup('sync');
    }, 400_000);
    afterAll(() => teardown(env), 120_000);
    it('loses no acknowledged write and makes no duplicate with a synchronous standby; the API is back within 30 s', async () => {
      const f = await failover(env);
      expect(f.portalExits).toEqual([]);
      expect(f.unacknowledgedAfterRetry).toBe(0);
      expect(f.acknowledged).toBeGreaterThan(0);
      expect(f.lost).toBe(0);
      expect(f.found).toBe(f.acknowledged);
      expect(f.duplicates).toBe(0);
      expect(f.idempotencyDuplicates).toBe(0);
      expect(f.mismatched).toBe(0);
      for (const s of Object.values(f.recoverySeconds)) {
        expect(s).not.toBeNull();
        expect(s!).toBeLessThanOrEqual(30);
      }
    });
  });

  describe('asynchronous standby', () => {
    let env: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      env = await setup('async');
    }, 400_000);
    afterAll(() => teardown(env), 120_000);
    it('measures what asynchronous replication loses in the same failover', async () => {
      const f = await failover(env);
      // Asynchronous: acknowledged writes may be lost (the measurement); the rest holds as with sync.
      expect(f.portalExits).toEqual([]);
      expect(f.unacknowledgedAfterRetry).toBe(0);
      expect(f.idempotencyDuplicates).toBe(0);
      for (const s of Object.values(f.recoverySeconds)) expect(s).not.toBeNull();
    });
  });
});
