import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { startEmbeddedPostgres } from '../platform/db/embedded';

/**
 * The database the operations commands (backup, restore) work on, never starting or stopping a PostgreSQL
 * they did not start themselves:
 * - DATABASE_URL when set;
 * - otherwise the embedded PostgreSQL under `<DATA_DIR>/pg`: when its lock file `postmaster.pid` names a live
 *   process, that server (line 4: its port) is used as it is, and a PG_PORT that differs is refused (it would
 *   be another instance's database);
 * - only when none runs for that data folder, the embedded one is started for the command and stopped after.
 */

/** The PostgreSQL serving `pgDir`, from its lock file (line 1 the pid, line 4 the port), when it is alive. */
export function runningPostgres(pgDir: string): { pid: number; port: number } | null {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: alive, owned by another user (postgres runs as 'postgres' under root).
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  // A lock file left by a killed server whose pid was reused by something else is not a server.
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync(cmdline)) {
    try {
      if (!readFileSync(cmdline, 'utf8').includes('postgres')) return null;
    } catch {
      // unreadable: trust the lock file
    }
  }
  return { pid, port };
}

export async function withOperationsDatabase<T>(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  log: (m: string) => void,
  fn: (url: string, admin: string) => Promise<T>,
  opts: { env?: NodeJS.ProcessEnv; createIfMissing?: boolean } = {},
): Promise<T> {
  const env = opts.env ?? process.env;
  if (config.databaseUrl) {
    const admin = new URL(config.databaseUrl);
    admin.pathname = '/postgres';
    return fn(config.databaseUrl, admin.toString());
  }
  const dir = path.join(config.dataDir, 'pg');
  const asked = env.PG_PORT ? Number(env.PG_PORT) : undefined;
  const running = runningPostgres(dir);
  if (running) {
    if (asked !== undefined && asked !== running.port) {
      throw new Error(
        `PG_PORT=${env.PG_PORT} does not match the PostgreSQL running for ${dir} (pid ${running.pid}, port ${running.port}); unset PG_PORT or set it to ${running.port}`,
      );
    }
    log(`using the running PostgreSQL of ${dir} (pid ${running.pid}, port ${running.port})`);
    const server = `postgres://portal:portal@127.0.0.1:${running.port}`;
    return fn(`${server}/portal`, `${server}/postgres`);
  }

  const port = asked ?? 54329;
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    if (!opts.createIfMissing)
      throw new Error(`no embedded PostgreSQL under ${dir} (set DATA_DIR or DATABASE_URL)`);
    log(`no embedded PostgreSQL under ${dir} yet; creating one`);
  } else log(`starting the embedded PostgreSQL under ${dir} on port ${port} for this command`);
  // 'refuse': should the portal have started meanwhile, its server is not stopped (the orphan path).
  const embedded = await startEmbeddedPostgres({ dir, port, log, ifRunning: 'refuse' });
  try {
    return await fn(`${embedded.url.replace(/\/postgres$/, '')}/portal`, embedded.url);
  } finally {
    await embedded.stop();
    log('stopped the PostgreSQL this command started');
  }
}
