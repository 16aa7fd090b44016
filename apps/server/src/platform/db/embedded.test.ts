import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port';
import { connectClient } from './client';
import { isAlive, socketDirOf, startEmbeddedPostgres } from './embedded';

const dirs: string[] = [];

afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('comes up with all committed data after the previous run was killed with -9', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'portal-kill9-'));
    dirs.push(base);
    const dir = path.join(base, 'pg');
    const port = await freePort();
    const fixture = path.resolve(import.meta.dirname, '../../../test/fixtures/embedded-writer.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir, String(port)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (b: Buffer) => b.toString().includes('READY') && resolve());
      child.once('exit', (code) => reject(new Error(`writer exited early (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    // Its postgres is still running and holds the port; the next start must cope.
    const server = await startEmbeddedPostgres({ dir, port });
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query('select note from survivor');
      await client.end();
      expect(rows).toEqual([{ note: 'committed before kill -9' }]);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('serves its Unix socket beside the data, again after the server itself was killed with -9', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'portal-sock-'));
    dirs.push(base);
    const dir = path.join(base, 'pg');
    const port = await freePort();
    const viaSocket = async (url: string | null) => {
      expect(url).toBe(`postgres://portal:portal@${encodeURIComponent(`${dir}.sock`)}:${port}/postgres`);
      const client = await connectClient({ connectionString: url ?? '' });
      // Over the socket: no client address.
      const { rows } = await client.query('select inet_client_addr() as addr');
      await client.end();
      return rows[0].addr;
    };
    const first = await startEmbeddedPostgres({ dir, port });
    expect(await viaSocket(first.socketUrl)).toBeNull();
    // The server dies without cleaning up: its socket and the socket's lock file stay behind.
    const pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && existsSync(path.join(dir, 'postmaster.pid')) && isAlive(pid); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(path.join(`${dir}.sock`, `.s.PGSQL.${port}.lock`))).toBe(true);
    const second = await startEmbeddedPostgres({ dir, port });
    try {
      expect(await viaSocket(second.socketUrl)).toBeNull();
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('keeps to TCP when the socket path would be too long for a socket address', () => {
    expect(socketDirOf('/srv/portal/pg', 54329)).toBe('/srv/portal/pg.sock');
    expect(socketDirOf(`/${'d'.repeat(90)}/pg`, 54329)).toBeNull();
  });
  it('says why when it cannot start (here: the port is taken) instead of rejecting with nothing', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'portal-port-taken-'));
    dirs.push(base);
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const address = holder.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(startEmbeddedPostgres({ dir: path.join(base, 'pg'), port })).rejects.toThrow(
        new RegExp(`did not start on port ${port}.*(in use|could not|bind)`, 'is'),
      );
    } finally {
      holder.close();
    }
  }, 60_000);
});
