import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port';
import { startEmbeddedPostgres } from './embedded';

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
