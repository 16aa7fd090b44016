/**
 * HAProxy (the distribution's package, `apt-get install haproxy`) run as a child process in master-worker
 * mode, for `npm run demo:cluster` and the fault tests (apps/server/fault): the configuration is written to a
 * file, checked with `haproxy -c`, and a new one is loaded with SIGUSR2 (HAProxy's own hitless reload: the
 * new worker takes the listening sockets, the old one finishes its connections). The runtime API on a unix
 * socket (`stats socket`) answers `show stat` to see which servers are up.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Throws a clear message when `haproxy` is not on PATH. */
export async function requireHaproxy(): Promise<string> {
  try {
    const { stdout } = await run('haproxy', ['-v']);
    return stdout.split('\n')[0];
  } catch {
    throw new Error(
      'haproxy was not found on PATH: install it (Debian/Ubuntu: `apt-get install haproxy`, macOS: `brew install haproxy`)',
    );
  }
}

export interface Haproxy {
  pid: number | undefined;
  /** Writes, checks and loads a new configuration (SIGUSR2 to the master), then waits for `ready` if given. */
  reload(config: string, ready?: () => Promise<boolean>): Promise<void>;
  /** One runtime API command on the stats socket (e.g. `show stat`); its answer. */
  command(cmd: string): Promise<string>;
  /** Server name → status (UP, DOWN, MAINT, ...) of one backend, from `show stat`. */
  serverStates(backend: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
  /** HAProxy's own output (warnings, alerts), last lines. */
  log: string[];
}

/**
 * Starts HAProxy on `config` (written to `configFile`; it must hold `stats socket <statsSocket> level admin`
 * in its global section) and waits until the runtime API answers.
 */
export async function startHaproxy(o: {
  configFile: string;
  config: string;
  statsSocket: string;
  log?: (line: string) => void;
}): Promise<Haproxy> {
  const check = async () => {
    await run('haproxy', ['-c', '-q', '-f', o.configFile]).catch((e: { stderr?: string }) => {
      throw new Error(`haproxy refused the configuration: ${e.stderr ?? e}`);
    });
  };
  writeFileSync(o.configFile, o.config);
  await check();
  const log: string[] = [];
  const proc: ChildProcess = spawn('haproxy', ['-W', '-db', '-f', o.configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    for (const line of d.toString().split('\n').filter(Boolean)) {
      log.push(line);
      if (log.length > 200) log.shift();
      o.log?.(line);
    }
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const command = (cmd: string) =>
    new Promise<string>((resolve, reject) => {
      const s = net.connect(o.statsSocket);
      let out = '';
      s.setTimeout(3000, () => s.destroy(new Error('haproxy runtime API timed out')));
      s.on('connect', () => s.end(`${cmd}\n`));
      s.on('data', (d) => {
        out += d.toString();
      });
      s.on('end', () => resolve(out));
      s.on('error', reject);
    });
  const serverStates = async (backend: string) => {
    const csv = await command('show stat');
    const states: Record<string, string> = {};
    for (const line of csv.split('\n')) {
      const f = line.split(',');
      // pxname, svname, ..., status is the 18th column (index 17)
      if (f[0] === backend && f[1] !== 'BACKEND' && f[1] !== 'FRONTEND') states[f[1]] = f[17];
    }
    return states;
  };
  const until = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`haproxy exited (${proc.exitCode}): ${log.join('\n')}`);
    if (
      await command('show info').then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > until) throw new Error(`haproxy did not start: ${log.join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: proc.pid,
    log,
    command,
    serverStates,
    async reload(config, ready) {
      writeFileSync(o.configFile, config);
      await check();
      proc.kill('SIGUSR2');
      if (!ready) return;
      const limit = Date.now() + 10_000;
      while (!(await ready().catch(() => false))) {
        if (Date.now() > limit) throw new Error(`haproxy reload not effective in 10 s: ${log.join('\n')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
        proc.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
        // SIGUSR1 is HAProxy's soft stop; SIGTERM stops at once (what we want when tearing down).
        proc.kill('SIGTERM');
      }),
  };
}
