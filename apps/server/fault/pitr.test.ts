/**
 * Point-in-time recovery (issue 37) on PostgreSQL 15 with PostgreSQL's own tools only: WAL archived by
 * `archive_command` (a copy into an archive folder), a base backup by `pg_basebackup`, the portal's schema
 * made by its migrations after the backup (so recovery replays them) and rows written; the time T read from
 * the server after a commit, then more rows, updates and deletes; the base backup restored into a new folder
 * with `restore_command`, `recovery_target_time = T`, `recovery_target_action = promote` and `recovery.signal`.
 * The recovered table must be T's: the rows committed before T present, those after absent (a hash of the
 * whole table compared with the one taken at T). The runbook is docs/operations.md "Point-in-time recovery".
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/platform/db/client';
import { runMigrations } from '../src/platform/db/migrate';
import {
  appendConf,
  freePort,
  hasPg15,
  initCluster,
  pgDir,
  pgServer,
  pgTool,
  removeDir,
  tempDir,
  waitFor,
} from './support/pg-cluster';

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

// The table's whole contents as one hash (every column, in id order) and its row count.
const TABLE_STATE = `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t.id)), '') as hash
  from idempotency_keys t where key like 'pitr-%'`;

/** Writes `n` rows the way the portal does (its idempotency table), numbered from `from`, in one transaction. */
const insertRows = (from: number, n: number) =>
  `insert into idempotency_keys (user_uid, key, route, request_hash, status_code, response)
   select gen_random_uuid(), 'pitr-' || i, 'POST /Booking', md5(i::text), 201, jsonb_build_object('so_no', 'SO' || i)
     from generate_series(${from}, ${from + n - 1}) i`;

describe.skipIf(!hasPg15())('point-in-time recovery on PostgreSQL 15', () => {
  it('restores a base backup plus archived WAL to time T: the rows committed before T, none after', async () => {
    const dir = tempDir('portal-pitr');
    cleanups.push(() => removeDir(dir));
    const archive = await pgDir(dir, 'wal-archive');
    const [port, restoredPort] = await Promise.all([freePort(), freePort()]);

    const primary = await initCluster({
      parent: dir,
      name: 'pg',
      port,
      settings: {
        wal_level: 'replica',
        archive_mode: 'on',
        archive_command: `test ! -f ${archive}/%f && cp %p ${archive}/%f`,
        // The test is of WAL archiving and replay, not of the disk: no fsync makes the migrations quick.
        fsync: 'off',
      },
    });
    cleanups.push(() => primary.stop('immediate'));
    await primary.start();
    await primary.query('create database portal', [], 'postgres');

    // The base backup, before the schema exists: recovery replays the migrations from the archive.
    const base = path.join(dir, 'base');
    await pgTool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'portal',
      '-D',
      base,
      '-X',
      'fetch',
    ]);

    const { db, pool } = createDb(primary.url(), 2);
    try {
      await runMigrations(db);
    } finally {
      await pool.end();
    }
    // Before T: 300 rows in three commits, one of them changed.
    for (let i = 0; i < 3; i++) await primary.query(insertRows(i * 100 + 1, 100));
    await primary.query(`update idempotency_keys set status_code = 200 where key = 'pitr-7'`);
    const [at] = await primary.query<{ t: string }>('select now()::text as t');
    const T = at.t;
    const [stateAtT] = await primary.query<{ n: number; hash: string }>(TABLE_STATE);
    await primary.query('select pg_switch_wal()');
    // A moment so the next commits are stamped after T even on a coarse clock.
    await new Promise((r) => setTimeout(r, 50));

    // After T: more rows, an update and a delete of rows from before T, a table dropped.
    await primary.query(insertRows(301, 200));
    await primary.query(`update idempotency_keys set response = '{"changed":true}' where key like 'pitr-1%'`);
    await primary.query(`delete from idempotency_keys where key in ('pitr-2', 'pitr-3')`);
    const [after] = await primary.query<{ n: number; hash: string }>(TABLE_STATE);
    // The WAL holding the later commits must reach the archive too: recovery stops at the first commit after T.
    const [seg] = await primary.query<{ f: string }>(
      'select pg_walfile_name(pg_switch_wal()) as f',
      [],
      'postgres',
    );
    await waitFor(
      'the last WAL segment archived',
      async () => existsSync(path.join(archive, seg.f)),
      30_000,
      200,
    );
    await primary.stop('fast');

    // Restore: a new folder from the base backup, the archive as its WAL source, the target time, promote.
    const restoredDir = path.join(dir, 'restored');
    execFileSync(process.getuid?.() === 0 ? 'runuser' : 'cp', [
      ...(process.getuid?.() === 0 ? ['-u', 'postgres', '--', 'cp'] : []),
      '-a',
      base,
      restoredDir,
    ]);
    appendConf(restoredDir, {
      archive_mode: 'off',
      restore_command: `cp ${archive}/%f %p`,
      recovery_target_time: T,
      recovery_target_action: 'promote',
    });
    execFileSync(process.getuid?.() === 0 ? 'runuser' : 'touch', [
      ...(process.getuid?.() === 0 ? ['-u', 'postgres', '--', 'touch'] : []),
      path.join(restoredDir, 'recovery.signal'),
    ]);
    const restored = pgServer({ name: 'restored', dataDir: restoredDir, port: restoredPort });
    cleanups.push(() => restored.stop('immediate'));
    const t0 = performance.now();
    await restored.start();
    await waitFor(
      'recovery to end and the server to be promoted',
      async () =>
        (await restored.query<{ r: boolean }>('select pg_is_in_recovery() as r', [], 'postgres'))[0].r ===
        false,
      60_000,
    );
    const recoverySeconds = Number(((performance.now() - t0) / 1000).toFixed(2));
    const [recovered] = await restored.query<{ n: number; hash: string }>(TABLE_STATE);
    const [{ max }] = await restored.query<{ max: number }>(
      `select max(substr(key, 6)::int) as max from idempotency_keys where key like 'pitr-%'`,
    );
    const [{ gone }] = await restored.query<{ gone: number }>(
      `select count(*)::int as gone from idempotency_keys where key in ('pitr-2', 'pitr-3')`,
    );
    const figures = {
      T,
      rowsAtT: stateAtT.n,
      rowsAtEnd: after.n,
      rowsRecovered: recovered.n,
      hashAtT: stateAtT.hash,
      hashRecovered: recovered.hash,
      highestKeyRecovered: max,
      deletedAfterTStillThere: gone,
      archivedSegments: execFileSync('ls', [archive]).toString().split('\n').filter(Boolean).length,
      recoverySeconds,
    };
    console.log(`[pitr] ${JSON.stringify(figures)}`);
    expect(after.hash).not.toBe(stateAtT.hash);
    expect(recovered.n).toBe(300);
    expect(recovered.hash).toBe(stateAtT.hash);
    expect(max).toBe(300);
    expect(gone).toBe(2);
    // The recovered server is a writable primary on a new timeline.
    await restored.query(insertRows(1001, 1));
  });
});
