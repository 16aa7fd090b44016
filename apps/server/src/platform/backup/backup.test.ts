import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { multipartForm, tinyPdf } from '../../../test/multipart-form';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { seedDemoParties } from '../../modules/party';
import { createBackup, EPHEMERAL_TABLES } from './backup';
import { restoreBackup } from './backup-restore';

/**
 * The backup/restore round trip: make data (trade lanes, uploaded documents), back up, change and delete
 * some, restore into a fresh database and file store, and compare every table's row count and checksum
 * and every stored file's hash with the state at backup time.
 */

let t: TestApp;
let work: string;
let filesDir: string;
let admin: Record<string, string>;
const restoredDb = `t_${randomUUID().replaceAll('-', '')}_restored`;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'portal-backup-test-'));
  filesDir = path.join(work, 'files');
  t = await createTestApp({ FILES_DIR: filesDir });
  await seedDemoParties(t.db);
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
});

afterAll(async () => {
  await t.close();
  const c = new pg.Client({ connectionString: inject('adminDbUrl') });
  await c.connect();
  await c.query(`drop database if exists ${restoredDb} with (force)`);
  await c.end();
  await rm(work, { recursive: true, force: true });
});

const urlOf = (db: string) => inject('adminDbUrl').replace(/\/[^/]*$/, `/${db}`);
const currentDbName = async () =>
  (await t.db.execute<{ d: string }>(sql`select current_database() as d`)).rows[0].d;

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
    // Ephemeral counters are not backed up (EPHEMERAL_TABLES): the running instance rewrites them at any time.
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

/** SHA-256 of every file under a folder, by relative path (unfinished uploads aside). */
async function fileHashes(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const out: Record<string, string> = {};
  for (const e of entries) {
    if (!e.isFile()) continue;
    const rel = path.relative(dir, path.join(e.parentPath, e.name));
    if (rel.startsWith('tmp')) continue;
    out[rel] = createHash('sha256')
      .update(await readFile(path.join(dir, rel)))
      .digest('hex');
  }
  return out;
}

const lane = (name: string) => ({
  tradelane_name: name,
  tradelane_type: 'EXPORT',
  pol_country: 'HK',
  pod_country: 'GB',
  office_code: 'HKG',
  account_code: 'acc-001',
  effective_date: '2026-02-01',
  customer_type: 'SHIPPER',
  customer_code: 'CUST01',
});

async function addLane(name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/Tradelane',
    headers: admin,
    payload: lane(name),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { tradelane_id: number };
}

async function upload(partyId: number, text: string) {
  const body = multipartForm({ document_type: 'BR' }, { name: `${text}.pdf`, content: tinyPdf(text) });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/Document/party/${partyId}`,
    headers: { ...admin, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { document_id: number; sha256: string };
}

describe('backup and restore', () => {
  it('restores every table and document file as they were at backup time', async () => {
    const { rows: parties } = await t.db.execute<{ party_id: number }>(
      sql`select party_id from parties order by party_id limit 2`,
    );
    const lanes = [];
    for (let i = 0; i < 5; i++) lanes.push(await addLane(`Backup lane ${i}`));
    const docs = [];
    for (let i = 0; i < 3; i++) docs.push(await upload(parties[i % 2].party_id, `backup doc ${i}`));

    const sourceUrl = urlOf(await currentDbName());
    const { dir, manifest } = await createBackup({
      databaseUrl: sourceUrl,
      filesDir,
      outRoot: path.join(work, 'backups'),
    });
    const atBackup = await snapshot(sourceUrl);
    const filesAtBackup = await fileHashes(filesDir);
    expect(Object.keys(filesAtBackup)).toHaveLength(3);
    expect(manifest.files.map((f) => f.sha256).sort()).toEqual(docs.map((d) => d.sha256).sort());
    expect(manifest.tables.find((x) => x.name === 'tradelanes')?.rows).toBeGreaterThanOrEqual(5);
    expect(manifest.tables.find((x) => x.name === 'rate_limit_counters')).toBeUndefined();

    // Life goes on after the backup: new rows, changed rows, deleted rows, a new file, a lost file.
    await addLane('After backup lane');
    await t.db.execute(sql`delete from tradelanes where tradelane_id = ${lanes[0].tradelane_id}`);
    await t.db.execute(
      sql`update users set first_name = 'Changed' where lower(login_id) = 'admin@demo.test'`,
    );
    await upload(parties[0].party_id, 'after backup');
    await unlink(path.join(filesDir, docs[0].sha256.slice(0, 2), docs[0].sha256.slice(2, 4), docs[0].sha256));
    expect(await snapshot(sourceUrl)).not.toEqual(atBackup);

    // Restore into a database and file store that do not exist yet.
    const restoredFiles = path.join(work, 'restored-files');
    await restoreBackup({ dir, databaseUrl: urlOf(restoredDb), filesDir: restoredFiles });
    expect(await snapshot(urlOf(restoredDb))).toEqual(atBackup);
    expect(await fileHashes(restoredFiles)).toEqual(filesAtBackup);

    // The sequences came back too: a new row takes a fresh id.
    const c = new pg.Client({ connectionString: urlOf(restoredDb) });
    await c.connect();
    const { rows } = await c.query<{ tradelane_id: number }>(
      `insert into tradelanes (tradelane_name, tradelane_type, pol_country, pod_country, office_code, effective_date)
       values ('Restored lane', 'EXPORT', 'HK', 'GB', 'HKG', '2026-02-01') returning tradelane_id`,
    );
    await c.end();
    expect(rows[0].tradelane_id).toBeGreaterThan(Math.max(...lanes.map((l) => l.tradelane_id)));

    // A restore never writes over data.
    await expect(
      restoreBackup({ dir, databaseUrl: urlOf(restoredDb), filesDir: path.join(work, 'other-files') }),
    ).rejects.toThrow(/not empty/);
    await expect(restoreBackup({ dir, databaseUrl: sourceUrl, filesDir: restoredFiles })).rejects.toThrow(
      /not empty/,
    );
    // Two restores and a backup: slow on a busy 2-core runner next to backup-safety.test.ts.
  }, 120_000);
});
