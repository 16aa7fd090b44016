import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
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
    const port = 56000 + Math.floor(Math.random() * 2000);
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
});
