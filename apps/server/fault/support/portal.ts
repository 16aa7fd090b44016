/**
 * A real portal process for the fault tests (`node --import tsx apps/server/src/main.ts`), on 127.0.0.1 with
 * a DATABASE_URL of the test's choosing; its output is kept (last lines) so a test can show what it logged.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface Portal {
  name: string;
  url: string;
  pid: number | undefined;
  /** Exit code or signal once it has exited, null while it runs. */
  exited(): string | null;
  /** The process's output lines (stdout and stderr), at most the last 2000. */
  log: string[];
  stop(): Promise<void>;
}

/**
 * Starts an instance and waits (at most `timeoutMs`, default 240 s: a first start migrates and seeds, minutes on a
 * busy 2-core machine) for its `ready in` line.
 */
export async function startPortal(o: {
  name: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<Portal> {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(o.port),
      HOST: '127.0.0.1',
      DATABASE_URL: o.databaseUrl,
      DATA_DIR: o.dataDir,
      JWT_SECRET: o.jwtSecret,
      LOG_LEVEL: 'warn',
      // 20 clients from one address sign in and write far faster than people.
      RATE_LIMIT_API_MAX: '100000',
      RATE_LIMIT_AUTH_IP_MAX: '100000',
      RATE_LIMIT_AUTH_LOGIN_MAX: '100000',
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  let exit: string | null = null;
  proc.once('exit', (code, signal) => {
    exit = `exit ${code ?? ''}${signal ?? ''}`;
    log.push(`[${o.name}] process ${exit}`);
  });
  const ready = new Promise<void>((resolve, reject) => {
    const keep = (d: Buffer) => {
      for (const line of d.toString().split('\n').filter(Boolean)) {
        log.push(`[${o.name}] ${line}`);
        if (log.length > 2000) log.shift();
        if (line.includes('ready in')) resolve();
      }
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    proc.once('exit', () =>
      reject(new Error(`portal ${o.name} exited before ready:\n${log.slice(-30).join('\n')}`)),
    );
    setTimeout(
      () =>
        reject(
          new Error(
            `portal ${o.name} not ready in ${o.timeoutMs ?? 240_000} ms:\n${log.slice(-30).join('\n')}`,
          ),
        ),
      o.timeoutMs ?? 240_000,
    ).unref();
  });
  const portal: Portal = {
    name: o.name,
    url: `http://127.0.0.1:${o.port}`,
    pid: proc.pid,
    exited: () => exit,
    log,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const t = setTimeout(() => proc.kill('SIGKILL'), 15_000);
        proc.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
  try {
    await ready;
  } catch (e) {
    await portal.stop();
    throw e;
  }
  return portal;
}
