import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { connectClient } from '../db/client';

/**
 * Backup and restore through the PostgreSQL driver (docs/operations.md "Backup and restore",
 * docs/decisions.md "Operations"): a logical dump of every application table with COPY, taken in one
 * REPEATABLE READ transaction (a consistent snapshot while the portal keeps running), plus the file store.
 * No pg_dump is needed, so it works the same for the embedded PostgreSQL 18 and for a DATABASE_URL on
 * PostgreSQL 15 or later, whatever client the machine has. The schema is not dumped: a restore applies
 * this release's migrations to an empty database and loads the rows, so a backup restores with the
 * release that made it (the manifest lists its migrations; a mismatch is refused).
 *
 * A backup is a folder `portal-<UTC time>` (the nightly job's: `portal-nightly-<date>`, backup-job.ts):
 *   manifest.json                     format, time, server version, migrations, tables with row counts
 *                                     and columns, sequences, files with sizes and SHA-256; every file of the
 *                                     backup (table and stored file, as written: gzip) with its byte size
 *                                     and SHA-256, so `verifyBackup` (backup-verify.ts) finds any damage
 *   manifest.sha256                   SHA-256 of manifest.json
 *   db/<schema>.<table>.copy.gz       each table's rows in COPY text format, gzip
 *   files/<store path>.gz             each stored file, gzip (the store is content-addressed)
 * Not included: pg-boss's job tables (schema `pgboss`; cron jobs are scheduled again at start, and mail
 * waiting in the outbox is in `mail_outbox`), and the store's unfinished uploads (`tmp/`).
 */

/** Format 2 added the byte size and SHA-256 of every file as written and manifest.sha256. */
export const BACKUP_FORMAT = 'portal-backup/2';
/** Format 1 backups (no hashes of the written files) still verify (by unpacking) and restore. */
export const BACKUP_FORMATS: readonly string[] = ['portal-backup/1', BACKUP_FORMAT];
/** Schemas never dumped: PostgreSQL's own, drizzle's bookkeeping (the migrations rebuild it), pg-boss. */
const SKIPPED_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', 'drizzle', 'pgboss'];
/**
 * Tables whose rows are not backed up: short-lived counters that each instance rewrites every few hundred
 * milliseconds (the API rate limit's windows, platform/http/rate-limit.ts). A restored copy of them would be
 * stale at once; the restore leaves them empty, as after a fresh start.
 */
export const EPHEMERAL_TABLES: readonly string[] = ['public.rate_limit_counters'];

/** Byte size and SHA-256 of a file as written into the backup (gzip); absent in format 1. */
export interface StoredDigest {
  bytes: number;
  sha256: string;
}
export interface TableEntry {
  schema: string;
  name: string;
  columns: string[];
  rows: number;
  file: string;
  stored?: StoredDigest;
}
export interface SequenceEntry {
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}
export interface FileEntry {
  /** Path in the file store; the backup holds it as `files/<path>.gz`. Size and SHA-256 of the content. */
  path: string;
  size: number;
  sha256: string;
  stored?: StoredDigest;
}
export interface BackupManifest {
  format: string;
  createdAt: string;
  /** Who made it: `npm run backup` (manual) or the nightly job, whose retention removes only its own. */
  origin?: 'manual' | 'nightly';
  serverVersion: string;
  /** drizzle's migration hashes, oldest first: a restore needs the same list. */
  migrations: string[];
  tables: TableEntry[];
  sequences: SequenceEntry[];
  files: FileEntry[];
}

export const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;
const skipList = SKIPPED_SCHEMAS.map((s) => `'${s}'`).join(', ');

/** Counts bytes and hashes a stream as it passes. */
export function hasher() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/** Counts the lines of a COPY text stream (one line per row). */
export function rowCounter() {
  let rows = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      for (const b of chunk) if (b === 10) rows++;
      done(null, chunk);
    },
  });
  return { stream, rows: () => rows };
}

export async function listTables(
  client: pg.ClientBase,
): Promise<{ schema: string; name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] }>(`
    select n.nspname as schema, c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind in ('r', 'p') and not c.relispartition
       and n.nspname not in (${skipList}) and n.nspname not like 'pg_temp%'
     group by n.nspname, c.relname
     order by n.nspname, c.relname`);
  return rows;
}

async function listSequences(client: pg.ClientBase): Promise<SequenceEntry[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(`
    select schemaname as schema, sequencename as name from pg_sequences
     where schemaname not in (${skipList}) order by 1, 2`);
  const out: SequenceEntry[] = [];
  for (const s of rows) {
    const { rows: v } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(s.schema, s.name)}`,
    );
    out.push({ ...s, lastValue: v[0].last_value, isCalled: v[0].is_called });
  }
  return out;
}

export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows: exists } = await client.query<{ ok: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists[0].ok) return [];
  const { rows } = await client.query<{ hash: string }>(
    'select hash from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows.map((r) => r.hash);
}

/** Every file of the store except unfinished uploads, as paths relative to `dir` with '/' separators. */
export async function storeFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(path.join(dir, rel), { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (child !== 'tmp') await walk(child);
      } else if (e.isFile()) out.push(child);
    }
  };
  await walk('');
  return out.sort();
}

/** `20261122T180532Z`: sorts by time, safe in any file system and in a database name. */
export const timeStamp = (now = new Date()) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** `portal-20261122T180532Z`. */
export const backupName = (now = new Date()) => `portal-${timeStamp(now)}`;

/** Writes `source` through `stages` into `target` and answers the byte size and SHA-256 of what was written. */
async function writeHashed(
  source: NodeJS.ReadableStream,
  stages: NodeJS.ReadWriteStream[],
  target: string,
): Promise<StoredDigest> {
  const h = hasher();
  await pipeline([source, ...stages, h.stream, createWriteStream(target)]);
  const r = h.result();
  return { bytes: r.size, sha256: r.sha256 };
}

/**
 * Writes a backup of the database at `databaseUrl` and the file store `filesDir` into a new folder under
 * `outRoot`; answers its path and manifest. The database part is one snapshot; files are copied after it,
 * so every file a backed-up row names is there (stored files are never changed or removed in place).
 */
export async function createBackup(opts: {
  /** The database: a URL (the ops command) or a pool of the running app (the nightly job). */
  databaseUrl?: string;
  pool?: pg.Pool;
  filesDir: string;
  outRoot: string;
  /** Folder name; default `portal-<UTC time>`. */
  name?: string;
  origin?: 'manual' | 'nightly';
  log?: (m: string) => void;
  now?: Date;
}): Promise<{ dir: string; manifest: BackupManifest }> {
  const log = opts.log ?? (() => {});
  const dir = path.join(opts.outRoot, opts.name ?? backupName(opts.now));
  const partial = `${dir}.partial`;
  // A `.partial` of the same name is what a crashed run of this very backup left: start it again.
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, 'db'), { recursive: true });
  await mkdir(path.join(partial, 'files'), { recursive: true });

  let client: pg.Client | pg.PoolClient;
  if (opts.pool) client = await opts.pool.connect();
  else if (opts.databaseUrl) {
    client = await connectClient({ connectionString: opts.databaseUrl, application_name: 'portal-backup' });
  } else throw new Error('createBackup needs a databaseUrl or a pool');
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: (opts.now ?? new Date()).toISOString(),
    origin: opts.origin ?? 'manual',
    serverVersion: '',
    migrations: [],
    tables: [],
    sequences: [],
    files: [],
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    manifest.serverVersion = (
      await client.query<{ v: string }>("select current_setting('server_version') as v")
    ).rows[0].v;
    manifest.migrations = await appliedMigrations(client);
    for (const t of await listTables(client)) {
      if (EPHEMERAL_TABLES.includes(`${t.schema}.${t.name}`)) continue;
      const file = `db/${t.schema}.${t.name}.copy.gz`;
      const counter = rowCounter();
      const cols = t.columns.map(ident).join(', ');
      const stored = await writeHashed(
        client.query(copyTo(`copy ${qualified(t.schema, t.name)} (${cols}) to stdout`)),
        [counter.stream, createGzip()],
        path.join(partial, file),
      );
      manifest.tables.push({ ...t, rows: counter.rows(), file, stored });
    }
    manifest.sequences = await listSequences(client);
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    if ('release' in client) client.release();
    else await client.end();
  }
  log(
    `database: ${manifest.tables.length} tables, ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows (PostgreSQL ${manifest.serverVersion})`,
  );

  for (const rel of await storeFiles(opts.filesDir)) {
    const target = path.join(partial, 'files', `${rel}.gz`);
    await mkdir(path.dirname(target), { recursive: true });
    const h = hasher();
    const stored = await writeHashed(
      createReadStream(path.join(opts.filesDir, rel)),
      [h.stream, createGzip()],
      target,
    );
    manifest.files.push({ path: rel, ...h.result(), stored });
  }
  log(`files: ${manifest.files.length}, ${manifest.files.reduce((n, f) => n + f.size, 0)} bytes`);

  const text = `${JSON.stringify(manifest, null, 1)}\n`;
  await writeFile(path.join(partial, 'manifest.json'), text);
  await writeFile(path.join(partial, 'manifest.sha256'), `${sha256Of(text)}  manifest.json\n`);
  // Renamed into place last: a folder without `.partial` is a complete backup.
  await rename(partial, dir);
  return { dir, manifest };
}

export const sha256Of = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Total bytes of a backup as written (its table and stored files), from its manifest. */
export const backupBytes = (m: BackupManifest) =>
  m.tables.reduce((n, t) => n + (t.stored?.bytes ?? 0), 0) +
  m.files.reduce((n, f) => n + (f.stored?.bytes ?? 0), 0);

/** True when `dir` looks like a backup folder (for the CLI's messages). */
export async function isBackup(dir: string) {
  return stat(path.join(dir, 'manifest.json')).then(
    (s) => s.isFile(),
    () => false,
  );
}
