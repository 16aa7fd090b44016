import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, truncate, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { multipartForm, tinyPdf } from '../../../test/multipart-form';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { seedDemoParties } from '../../modules/party';
import { withOperationsDatabase } from '../../ops/ops-database';
import { startEmbeddedPostgres } from '../db/embedded';
import { registry } from '../metrics/registry';
import { type BackupManifest, createBackup, EPHEMERAL_TABLES, sha256Of } from './backup';
import { runNightlyBackup } from './backup-job';
import { restoreBackup } from './backup-restore';
import { BackupDamagedError, verifyBackup } from './backup-verify';

/**
 * Backup and restore never destroy data: a damaged backup is refused by verify and by restore with the live
 * database and file store untouched; a restore swaps in a checked copy and keeps the previous one; a failure at
 * any step leaves the target as it was; the ops commands refuse a PG_PORT other than the running server's and
 * never stop it; the nightly job is idempotent and removes only its own backups beyond BACKUP_KEEP.
 */

let t: TestApp;
let work: string;
let filesDir: string;
let good: string;
let goodManifest: BackupManifest;
let liveUrl: string;
let liveDb: string;
const short = randomUUID().replaceAll('-', '').slice(0, 10);
const target = `bk_${short}`;

const adminUrl = () => inject('adminDbUrl');
const urlOf = (db: string) => adminUrl().replace(/\/[^/]*$/, `/${db}`);

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Row count and an order-independent checksum of every application table. */
async function snapshot(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: tables } = await c.query<{ t: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as t from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'drizzle', 'pgboss')
        order by 1`,
    );
    const out: Record<string, string> = {};
    for (const { t: table } of tables.filter((x) => !EPHEMERAL_TABLES.includes(x.t))) {
      const { rows } = await c.query<{ n: string; sum: string | null }>(
        `select count(*) as n, md5(string_agg(x::text, E'\\n' order by x::text)) as sum from ${table} x`,
      );
      out[table] = `${rows[0].n} ${rows[0].sum ?? '-'}`;
    }
    return out;
  } finally {
    await c.end();
  }
}

async function fileHashes(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const out: Record<string, string> = {};
  for (const e of entries) {
    if (!e.isFile()) continue;
    const rel = path.relative(dir, path.join(e.parentPath, e.name));
    if (!rel.startsWith('tmp')) out[rel] = sha256Of(await readFile(path.join(dir, rel)));
  }
  return out;
}

/** Databases and folders a restore may leave behind: there must be none after a refusal or failure. */
async function leftovers(db: string) {
  const dbs = await admin(async (c) =>
    (
      await c.query<{ d: string }>(
        `select datname as d from pg_database where datname like $1 || '%' and datname <> $1 order by 1`,
        [db.slice(0, 20)],
      )
    ).rows.map((r) => r.d),
  );
  const dirs = (await readdir(work)).filter((n) => /restore/.test(n));
  return { dbs, dirs };
}

/** The live state a refused restore must not touch. */
async function liveState() {
  return { db: await snapshot(liveUrl), files: await fileHashes(filesDir), left: await leftovers(liveDb) };
}

/** A copy of the good backup to damage. */
async function copyOfGood(name: string) {
  const dir = path.join(work, 'damaged', name);
  await cp(good, dir, { recursive: true });
  return dir;
}

const tableFile = () => {
  const e = goodManifest.tables.find((x) => x.name === 'tradelanes');
  if (!e) throw new Error('no tradelanes in the backup');
  return e.file;
};

async function flipByte(file: string, at: (size: number) => number) {
  const buf = await readFile(file);
  buf[at(buf.length)] ^= 0x01;
  await writeFile(file, buf);
}

/** Restoring `dir` over the live database and store is refused as damaged, and changes nothing. */
async function expectRefusedOverLive(dir: string, problem: RegExp) {
  const before = await liveState();
  const v = await verifyBackup(dir);
  expect(v.problems.join('\n')).toMatch(problem);
  const err = await restoreBackup({ dir, databaseUrl: liveUrl, filesDir, replace: true }).catch(
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupDamagedError);
  expect((err as BackupDamagedError).problems.join('\n')).toMatch(problem);
  expect(await liveState()).toEqual(before);
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'portal-backup-safety-'));
  filesDir = path.join(work, 'files');
  t = await createTestApp({ FILES_DIR: filesDir });
  await seedDemoParties(t.db);
  const auth = bearer(await sessionToken(t, 'admin@demo.test'));
  const { rows: parties } = await t.db.execute<{ party_id: number }>(
    sql`select party_id from parties order by party_id limit 1`,
  );
  for (let i = 0; i < 3; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Tradelane',
      headers: auth,
      payload: {
        tradelane_name: `Safety lane ${i}`,
        tradelane_type: 'EXPORT',
        pol_country: 'HK',
        pod_country: 'GB',
        office_code: 'HKG',
        account_code: 'acc-001',
        effective_date: '2026-02-01',
        customer_type: 'SHIPPER',
        customer_code: 'CUST01',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (let i = 0; i < 2; i++) {
    const body = multipartForm(
      { document_type: 'BR' },
      { name: `s${i}.pdf`, content: tinyPdf(`safety ${i}`) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/Document/party/${parties[0].party_id}`,
      headers: { ...auth, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  liveDb = (await t.db.execute<{ d: string }>(sql`select current_database() as d`)).rows[0].d;
  liveUrl = urlOf(liveDb);
  const made = await createBackup({ databaseUrl: liveUrl, filesDir, outRoot: path.join(work, 'backups') });
  good = made.dir;
  goodManifest = made.manifest;
}, 180_000);

afterAll(async () => {
  await t.close();
  await admin(async (c) => {
    const { rows } = await c.query<{ d: string }>(
      `select datname as d from pg_database where datname like $1`,
      [`bk_${short}%`],
    );
    for (const r of rows) await c.query(`drop database if exists "${r.d}" with (force)`);
  });
  await rm(work, { recursive: true, force: true });
});

describe('verify and restore refuse a damaged backup, changing nothing', () => {
  it('accepts the backup as made, every file with its size and SHA-256 in the manifest', async () => {
    const v = await verifyBackup(good);
    expect(v.problems).toEqual([]);
    expect(goodManifest.tables.every((x) => x.stored && x.stored.bytes > 0)).toBe(true);
    expect(goodManifest.files).toHaveLength(2);
    expect(goodManifest.files.every((f) => f.stored?.sha256.length === 64)).toBe(true);
  });

  it('names a truncated table file and the byte it stops at', async () => {
    const dir = await copyOfGood('truncated');
    const file = path.join(dir, tableFile());
    const half = Math.floor((await readFile(file)).length / 2);
    await truncate(file, half);
    await expectRefusedOverLive(
      dir,
      new RegExp(`${tableFile()}: truncated at byte ${half.toLocaleString('en-US')} of`),
    );
  }, 120_000);

  it('names a bit-flipped table file', async () => {
    const dir = await copyOfGood('flipped-table');
    await flipByte(path.join(dir, tableFile()), (n) => Math.floor(n / 2));
    await expectRefusedOverLive(dir, new RegExp(`${tableFile()}: sha-256 mismatch`));
  }, 120_000);

  it('names a bit-flipped stored file', async () => {
    const dir = await copyOfGood('flipped-file');
    const rel = `files/${goodManifest.files[0].path}.gz`;
    await flipByte(path.join(dir, rel), (n) => n - 12);
    await expectRefusedOverLive(dir, new RegExp(`${rel}: sha-256 mismatch`));
  }, 120_000);

  it('names a missing file', async () => {
    const dir = await copyOfGood('missing');
    await unlink(path.join(dir, tableFile()));
    await expectRefusedOverLive(dir, new RegExp(`${tableFile()}: missing`));
  }, 120_000);

  it('finds a truncated table file of a format 1 backup (no recorded hashes) by unpacking it', async () => {
    const dir = await copyOfGood('format-1');
    const m = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
    m.format = 'portal-backup/1';
    for (const x of m.tables) delete x.stored;
    for (const f of m.files) delete f.stored;
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(m));
    await unlink(path.join(dir, 'manifest.sha256'));
    const file = path.join(dir, tableFile());
    await truncate(file, (await readFile(file)).length - 10);
    await expectRefusedOverLive(dir, new RegExp(`${tableFile()}: truncated \\(the gzip stream ends`));
  }, 120_000);

  it('names a manifest changed after the backup', async () => {
    const dir = await copyOfGood('manifest');
    const text = await readFile(path.join(dir, 'manifest.json'), 'utf8');
    await writeFile(path.join(dir, 'manifest.json'), text.replace('"rows": ', '"rows": 1'));
    await expectRefusedOverLive(dir, /manifest\.json: sha-256 mismatch/);
  }, 120_000);
});

describe('the ops commands use the running PostgreSQL and never stop it', () => {
  /** A DATA_DIR whose pg/postmaster.pid is the test server's own lock file. */
  async function dataDirOfTestServer() {
    const dataDirectory = await admin(
      async (c) => (await c.query<{ d: string }>("select current_setting('data_directory') as d")).rows[0].d,
    );
    const dataDir = path.join(work, 'ops-data');
    await mkdir(path.join(dataDir, 'pg'), { recursive: true });
    await cp(path.join(dataDirectory, 'postmaster.pid'), path.join(dataDir, 'pg', 'postmaster.pid'));
    return dataDir;
  }

  it('refuses a PG_PORT that is not the running server port, before touching anything', async () => {
    const dataDir = await dataDirOfTestServer();
    const port = Number(new URL(adminUrl()).port);
    const before = await liveState();
    let called = false;
    const err = await withOperationsDatabase(
      { databaseUrl: undefined, dataDir },
      () => {},
      async (url) => {
        called = true;
        return restoreBackup({ dir: good, databaseUrl: url, filesDir, replace: true });
      },
      { env: { PG_PORT: String(port + 1) } },
    ).catch((e: Error) => e);
    expect(String(err)).toMatch(new RegExp(`PG_PORT=${port + 1} does not match .* port ${port}\\)`));
    expect(called).toBe(false);
    expect(await liveState()).toEqual(before);
    // The server still answers: nobody stopped it.
    expect(await admin(async (c) => (await c.query('select 1 as ok')).rows[0].ok)).toBe(1);
  });

  it('finds the running server by its lock file and leaves it running', async () => {
    const dataDir = await dataDirOfTestServer();
    const port = Number(new URL(adminUrl()).port);
    const seen = await withOperationsDatabase(
      { databaseUrl: undefined, dataDir },
      () => {},
      async (_url, a) => {
        const c = new pg.Client({ connectionString: a });
        await c.connect();
        await c.end();
        return a;
      },
      { env: {} },
    );
    expect(new URL(seen).port).toBe(String(port));
    expect(await admin(async (c) => (await c.query('select 1 as ok')).rows[0].ok)).toBe(1);
  });

  it('never stops a PostgreSQL running on the data folder when asked not to start one over it', async () => {
    const dir = path.join(work, 'other-pg');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'PG_VERSION'), '18\n');
    const alive = spawn('sleep', ['60']);
    try {
      await writeFile(path.join(dir, 'postmaster.pid'), `${alive.pid}\n${dir}\n0\n5999\n`);
      await expect(startEmbeddedPostgres({ dir, port: 5999, ifRunning: 'refuse' })).rejects.toThrow(
        /already running/,
      );
      expect(alive.exitCode).toBeNull();
      expect(alive.signalCode).toBeNull();
    } finally {
      alive.kill();
    }
  });
});

describe('restore swaps in a checked copy and keeps the previous one', () => {
  const targetFiles = () => path.join(work, 'target-files');

  it('restores into a new database, then replaces it keeping it as …-before-restore-…', async () => {
    const atBackup = await snapshot(liveUrl);
    const first = await restoreBackup({ dir: good, databaseUrl: urlOf(target), filesDir: targetFiles() });
    expect(first.keptDatabase).toBeUndefined();
    expect(await snapshot(urlOf(target))).toEqual(atBackup);

    // The target moves on, then the backup replaces it: the changed one is kept, not dropped.
    await admin(async () => {
      const c = new pg.Client({ connectionString: urlOf(target) });
      await c.connect();
      await c.query(`update tradelanes set tradelane_name = tradelane_name || ' (changed)'`);
      await c.end();
    });
    await writeFile(path.join(targetFiles(), 'extra'), 'added later');
    const changed = await snapshot(urlOf(target));
    const changedFiles = await fileHashes(targetFiles());
    const logs: string[] = [];
    const second = await restoreBackup({
      dir: good,
      databaseUrl: urlOf(target),
      filesDir: targetFiles(),
      replace: true,
      log: (m) => logs.push(m),
      now: new Date('2026-03-04T05:06:07Z'),
    });
    expect(second.keptDatabase).toBe(`${target}-before-restore-20260304T050607Z`);
    expect(second.keptFiles).toBe(`${targetFiles()}-before-restore-20260304T050607Z`);
    expect(await snapshot(urlOf(target))).toEqual(atBackup);
    expect(await snapshot(urlOf(second.keptDatabase ?? ''))).toEqual(changed);
    expect(await fileHashes(second.keptFiles ?? '')).toEqual(changedFiles);
    expect(Object.keys(await fileHashes(targetFiles()))).toHaveLength(2);
    expect(logs.join('\n')).toMatch(/kept the previous database as .*drop database/);
    expect(logs.join('\n')).toMatch(/kept the previous file store as .*rm -r/);
  }, 120_000);

  it('refuses a target with data without --replace', async () => {
    await expect(
      restoreBackup({ dir: good, databaseUrl: urlOf(target), filesDir: targetFiles() }),
    ).rejects.toThrow(/not empty/);
  }, 60_000);

  it('leaves the target as it was when loading the staging database fails', async () => {
    // A backup that verifies (hashes recomputed) but cannot load: a duplicated primary key.
    const dir = await copyOfGood('bad-rows');
    const entry = goodManifest.tables.find((x) => x.name === 'tradelanes');
    if (!entry) throw new Error('no tradelanes');
    const file = path.join(dir, entry.file);
    const lines = gunzipSync(await readFile(file))
      .toString()
      .split('\n');
    const gz = gzipSync([lines[0], ...lines].join('\n'));
    await writeFile(file, gz);
    const m = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
    const e = m.tables.find((x) => x.name === 'tradelanes');
    if (!e) throw new Error('no tradelanes');
    e.rows += 1;
    e.stored = { bytes: gz.length, sha256: createHash('sha256').update(gz).digest('hex') };
    const text = JSON.stringify(m);
    await writeFile(path.join(dir, 'manifest.json'), text);
    await writeFile(path.join(dir, 'manifest.sha256'), `${sha256Of(text)}  manifest.json\n`);
    expect((await verifyBackup(dir)).problems).toEqual([]);

    const before = { db: await snapshot(urlOf(target)), files: await fileHashes(targetFiles()) };
    const left = await leftovers(target);
    await expect(
      restoreBackup({ dir, databaseUrl: urlOf(target), filesDir: targetFiles(), replace: true }),
    ).rejects.toThrow(/tradelanes.*duplicate key|duplicate key/);
    expect({ db: await snapshot(urlOf(target)), files: await fileHashes(targetFiles()) }).toEqual(before);
    expect(await leftovers(target)).toEqual(left);
  }, 120_000);

  it('puts the previous database back when the file store swap fails', async () => {
    const before = { db: await snapshot(urlOf(target)), files: await fileHashes(targetFiles()) };
    const left = await leftovers(target);
    await expect(
      restoreBackup({
        dir: good,
        databaseUrl: urlOf(target),
        filesDir: targetFiles(),
        replace: true,
        beforeFileSwap: async () => {
          throw new Error('disk gone');
        },
      }),
    ).rejects.toThrow(/disk gone/);
    expect({ db: await snapshot(urlOf(target)), files: await fileHashes(targetFiles()) }).toEqual(before);
    expect(await leftovers(target)).toEqual(left);
  }, 120_000);
});

describe('nightly backups', () => {
  it('makes one backup a night and keeps only BACKUP_KEEP of its own, never a manual one', async () => {
    const dir = path.join(work, 'nightly');
    const settings = { dir, keep: 2 };
    const log = () => {};
    const run = (today: string) => runNightlyBackup({ db: t.db, today, log }, settings, filesDir);

    const first = await run('2026-01-01');
    expect(first.made).toBe(true);
    const madeFirst = await readFile(path.join(first.backup, 'manifest.json'), 'utf8');
    const again = await run('2026-01-01');
    expect(again).toEqual({ backup: first.backup, made: false, removed: [] });
    expect(await readFile(path.join(first.backup, 'manifest.json'), 'utf8')).toBe(madeFirst);

    // Not the job's: a manual backup, and a folder named like a nightly one whose manifest is not nightly.
    const manual = await createBackup({ databaseUrl: liveUrl, filesDir, outRoot: dir });
    await cp(manual.dir, path.join(dir, 'portal-nightly-2025-12-01'), { recursive: true });
    await mkdir(path.join(dir, 'portal-nightly-2025-12-02.partial'));

    expect((await run('2026-01-02')).removed).toEqual([]);
    const third = await run('2026-01-03');
    expect(third.removed).toEqual(['portal-nightly-2026-01-01']);
    expect((await readdir(dir)).sort()).toEqual(
      [
        path.basename(manual.dir),
        'portal-nightly-2025-12-01',
        'portal-nightly-2026-01-02',
        'portal-nightly-2026-01-03',
      ].sort(),
    );
    // A rerun of the same night removes nothing more.
    expect(await run('2026-01-03')).toEqual({ backup: third.backup, made: false, removed: [] });
    expect(existsSync(path.join(dir, 'portal-nightly-2026-01-02'))).toBe(true);
    expect((await verifyBackup(third.backup)).problems).toEqual([]);

    const metrics = await registry.metrics();
    const size = Number(/^portal_backup_last_size_bytes (\d+)/m.exec(metrics)?.[1]);
    const when = Number(/^portal_backup_last_success_timestamp_seconds (\d+)/m.exec(metrics)?.[1]);
    expect(size).toBeGreaterThan(1000);
    expect(Math.abs(when - Date.now() / 1000)).toBeLessThan(600);
  }, 240_000);
});
