/**
 * PostgreSQL 15 servers for the fault tests, made with PostgreSQL's own tools (initdb, pg_ctl, pg_basebackup)
 * in a temporary folder: a primary, a streaming replica, a server restored from a base backup. PostgreSQL
 * refuses to run as root, so as root the tools run as the `postgres` user (as scripts/test-pg15.sh does).
 * Only 127.0.0.1 addresses; every server is started by pg_ctl and its pid read from postmaster.pid.
 */
import { execFile } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
export const PGBIN = '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

/** Whether PostgreSQL 15's server tools are installed (the fault tests that need them skip otherwise). */
export const hasPg15 = () =>
  existsSync(path.join(PGBIN, 'postgres')) && existsSync(path.join(PGBIN, 'pg_basebackup'));

/** Runs one of PostgreSQL's tools (as `postgres` when we are root); its stdout. */
export async function pgTool(tool: string, args: string[], timeoutMs = 120_000): Promise<string> {
  const bin = path.join(PGBIN, tool);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const { stdout } = await run(cmd, argv, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** A fresh temporary folder the `postgres` user may write in. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(`/tmp/${prefix}-`);
  chmodSync(dir, 0o777);
  return dir;
}

/** A folder made by the `postgres` user (so it owns it), inside `parent`. */
export async function pgDir(parent: string, name: string): Promise<string> {
  const dir = path.join(parent, name);
  await run(
    asRoot ? 'runuser' : 'mkdir',
    asRoot ? ['-u', 'postgres', '--', 'mkdir', '-p', dir] : ['-p', dir],
  );
  return dir;
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface PgServer {
  name: string;
  dataDir: string;
  port: number;
  /** postgres://portal@127.0.0.1:<port>/<db> */
  url(db?: string): string;
  /** The postmaster's pid (from postmaster.pid), null when it is not running. */
  pid(): number | null;
  start(): Promise<void>;
  /** `pg_ctl stop` (fast by default); nothing when not running. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** One query on a short-lived connection. */
  query<R extends pg.QueryResultRow>(sql: string, values?: unknown[], db?: string): Promise<R[]>;
  logFile: string;
}

/** A PostgreSQL server on an existing data folder (initdb'd, restored or base-backed-up). */
export function pgServer(o: { name: string; dataDir: string; port: number; options?: string[] }): PgServer {
  const socketDir = path.dirname(o.dataDir);
  const logFile = path.join(socketDir, `${o.name}.log`);
  const pidFile = path.join(o.dataDir, 'postmaster.pid');
  const server: PgServer = {
    name: o.name,
    dataDir: o.dataDir,
    port: o.port,
    logFile,
    url: (db = 'portal') => `postgres://portal@127.0.0.1:${o.port}/${db}`,
    pid: () => {
      if (!existsSync(pidFile)) return null;
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      try {
        process.kill(pid, 0);
        return pid;
      } catch {
        return null;
      }
    },
    async start() {
      const opts = [
        `-p ${o.port}`,
        `-k ${socketDir}`,
        '-c listen_addresses=127.0.0.1',
        ...(o.options ?? []).map((x) => `-c ${x}`),
      ].join(' ');
      await pgTool('pg_ctl', ['-D', o.dataDir, '-o', opts, '-l', logFile, '-w', '-t', '60', 'start']);
    },
    async stop(mode = 'fast') {
      if (server.pid() === null) return;
      await pgTool('pg_ctl', ['-D', o.dataDir, '-m', mode, '-w', '-t', '60', 'stop']).catch(() => undefined);
    },
    async query<R extends pg.QueryResultRow>(sql: string, values: unknown[] = [], db = 'portal') {
      const c = new pg.Client({ connectionString: server.url(db), connectionTimeoutMillis: 5000 });
      c.on('error', () => undefined);
      await c.connect();
      try {
        return (await c.query<R>(sql, values)).rows;
      } finally {
        await c.end().catch(() => undefined);
      }
    },
  };
  return server;
}

/** initdb (superuser `portal`, trust on 127.0.0.1 incl. replication: initdb's default pg_hba) plus settings. */
export async function initCluster(o: {
  parent: string;
  name: string;
  port: number;
  settings?: Record<string, string | number>;
}): Promise<PgServer> {
  const dataDir = path.join(o.parent, o.name);
  await pgTool('initdb', ['-D', dataDir, '-U', 'portal', '--auth=trust', '--no-sync']);
  appendConf(dataDir, o.settings ?? {});
  return pgServer({ name: o.name, dataDir, port: o.port });
}

/** Adds settings at the end of postgresql.conf (later lines win). */
export function appendConf(dataDir: string, settings: Record<string, string | number>) {
  const lines = Object.entries(settings).map(([k, v]) => `${k} = ${typeof v === 'number' ? v : `'${v}'`}`);
  appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n# fault test\n${lines.join('\n')}\n`);
}

/**
 * Waits (bounded) until `check` answers true, polling every `everyMs`; throws `what` on time-out.
 * Every wait in the fault tests goes through this, so none can spin for ever.
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
  everyMs = 200,
) {
  const until = Date.now() + timeoutMs;
  for (let i = 0; Date.now() < until && i < 100_000; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/**
 * Processes whose working folder is inside `dir`: a postmaster's backends keep running for a moment after it
 * is killed, and PostgreSQL runs with its data folder as working folder, so this finds what a test started.
 */
export function processesIn(dir: string): number[] {
  const pids: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d) || Number(d) === process.pid) continue;
    try {
      if (readlinkSync(`/proc/${d}/cwd`).startsWith(dir)) pids.push(Number(d));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/** Kills (SIGKILL) whatever still runs from `dir`, then removes it. For afterAll: never throws. */
export function removeDir(dir: string) {
  for (const pid of processesIn(dir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/** A fresh PostgreSQL 15 cluster in a temp folder, started, with an empty `portal` database: one fault-test file's. */
export async function freshCluster(prefix: string): Promise<{ dir: string; db: PgServer }> {
  const dir = tempDir(prefix);
  try {
    const db = await initCluster({
      parent: dir,
      name: 'pg',
      port: await freePort(),
      settings: { max_connections: 100 },
    });
    await db.start();
    await db.query('create database portal', [], 'postgres');
    return { dir, db };
  } catch (e) {
    removeDir(dir);
    throw e;
  }
}

/** Stops and removes what freshCluster made (stop the portals first); never throws. */
export async function dropCluster(c: { dir: string; db: PgServer } | undefined) {
  if (!c) return;
  await c.db.stop('immediate').catch(() => undefined);
  removeDir(c.dir);
}
