// Starts a REAL ClamAV clamd (Debian's clamav-daemon) for tests: the API test of the virus scan
// (apps/server/src/platform/files/clamd-real.test.ts) and the Playwright run (clamd-standalone.mjs).
// No signature database ships with Debian's package and none can be downloaded here (STACK.md), so a
// temporary database holding only the EICAR test signature is written first. Not part of the product.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The EICAR anti-virus test string: harmless, and every scanner reports it as a virus. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
/** The name clamd reports for it with the database written here. */
export const EICAR_SIGNATURE = 'Eicar-Test-Signature';

const executable = (p) => {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * Path of the clamd binary, or null when it is not installed: CLAMD_BIN when set (only that one), else
 * /usr/sbin/clamd, /usr/local/sbin/clamd or the first on PATH.
 */
export function findClamd() {
  if (process.env.CLAMD_BIN) return executable(process.env.CLAMD_BIN) ? process.env.CLAMD_BIN : null;
  const dirs = ['/usr/sbin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(':').filter(Boolean)];
  return dirs.map((d) => path.join(d, 'clamd')).find(executable) ?? null;
}

/**
 * The one-signature database: an MD5 hash signature of the EICAR file (`md5:size:name`, what
 * `sigtool --md5 eicar.com` prints) and a body signature (`name:target:offset:hex`) so the string is
 * found even with a trailing newline or inside another text file.
 */
export async function writeEicarDatabase(dir) {
  const md5 = createHash('md5').update(EICAR, 'latin1').digest('hex');
  await writeFile(path.join(dir, 'eicar.hdb'), `${md5}:${EICAR.length}:${EICAR_SIGNATURE}\n`);
  const hex = Buffer.from(EICAR, 'latin1').toString('hex');
  await writeFile(path.join(dir, 'eicar.ndb'), `${EICAR_SIGNATURE}.Body:0:*:${hex}\n`);
}

/** A free local TCP port (bound and released; clamd binds it a moment later). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Sends `zPING\0`; true when clamd answers PONG. */
export function ping(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.createConnection({ host, port });
    let reply = '';
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.on('error', () => resolve(false));
    socket.on('data', (d) => {
      reply += d.toString('latin1');
    });
    socket.on('close', () => resolve(reply.replace(/\0/g, '').trim() === 'PONG'));
    socket.on('connect', () => socket.end('zPING\0'));
  });
}

/**
 * Writes the EICAR database and a clamd.conf into a fresh temporary folder, starts clamd in the foreground
 * as a child process on 127.0.0.1:`port` (0: a free one) and waits until it answers PING. Kept small:
 * two threads, no bytecode, no self-check reloads. `close()` stops it (SIGTERM, then SIGKILL) and removes
 * the folder; the child is also killed if this process exits first.
 */
export async function startRealClamd({ port = 0, bin = findClamd(), startTimeoutMs = 60_000 } = {}) {
  if (!bin) throw new Error('clamd is not installed (Debian: apt-get install -y clamav-daemon clamav)');
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-clamd-'));
  const db = path.join(dir, 'db');
  await mkdir(db);
  await writeEicarDatabase(db);
  const actualPort = port || (await freePort());
  const log = path.join(dir, 'clamd.log');
  const conf = path.join(dir, 'clamd.conf');
  const lines = [
    `TCPSocket ${actualPort}`,
    'TCPAddr 127.0.0.1',
    `DatabaseDirectory ${db}`,
    'Foreground yes',
    `LogFile ${log}`,
    `PidFile ${path.join(dir, 'clamd.pid')}`,
    `TemporaryDirectory ${dir}`,
    'MaxThreads 2',
    'MaxQueue 20',
    'SelfCheck 0',
    'Bytecode no',
    'StreamMaxLength 64M',
  ];
  // As root clamd switches to the configured user (Debian's default is `clamav`, who cannot read /tmp/…).
  if (process.getuid?.() === 0) lines.push('User root');
  await writeFile(conf, `${lines.join('\n')}\n`);

  const child = spawn(bin, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d) => {
    output = (output + d.toString('utf8')).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exitedPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const close = async () => {
    process.off('exit', killOnExit);
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitedPromise;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + startTimeoutMs;
  while (!(await ping(actualPort))) {
    if (exited || Date.now() > deadline) {
      const logText = await readFile(log, 'utf8').catch(() => '');
      await close();
      throw new Error(
        `clamd did not answer PING on 127.0.0.1:${actualPort} (${exited ? `exited ${JSON.stringify(exited)}` : 'timeout'}):\n${output}\n${logText}`.trim(),
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { host: '127.0.0.1', port: actualPort, pid: child.pid, dir, close };
}
