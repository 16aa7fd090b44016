import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { runMigrations } from '../db/migrate';

/**
 * Backup and restore through the PostgreSQL driver (docs/operations.md "Backup and restore",
 * docs/decisions.md "Operations"): a logical dump of every application table with COPY, taken in one
 * REPEATABLE READ transaction (a consistent snapshot while the portal keeps running), plus the file store.
 * No pg_dump is needed, so it works the same for the embedded PostgreSQL 18 and for a DATABASE_URL on
 * PostgreSQL 15 or later, whatever client the machine has. The schema is not dumped: a restore applies
 * this release's migrations to an empty database and loads the rows, so a backup restores with the
 * release that made it (the manifest lists its migrations; a mismatch is refused).
 *
 * A backup is a folder `portal-<UTC time>`:
 *   manifest.json                     format, time, server version, migrations, tables with row counts
 *                                     and columns, sequences, files with sizes and SHA-256
 *   db/<schema>.<table>.copy.gz       each table's rows in COPY text format, gzip
 *   files/<store path>.gz             each stored file, gzip (the store is content-addressed)
 * Not included: pg-boss's job tables (schema `pgboss`; cron jobs are scheduled again at start, and mail
 * waiting in the outbox is in `mail_outbox`), and the store's unfinished uploads (`tmp/`).
 */

export const BACKUP_FORMAT = 'portal-backup/1';
/** Schemas never dumped: PostgreSQL's own, drizzle's bookkeeping (the migrations rebuild it), pg-boss. */
const SKIPPED_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', 'drizzle', 'pgboss'];
/**
 * Tables whose rows are not backed up: short-lived counters that each instance rewrites every few hundred
 * milliseconds (the API rate limit's windows, platform/http/rate-limit.ts). A restored copy of them would be
 * stale at once; the restore leaves them empty, as after a fresh start.
 */
export const EPHEMERAL_TABLES: readonly string[] = ['public.rate_limit_counters'];

export interface TableEntry {
  schema: string;
  name: string;
  columns: string[];
  rows: number;
  file: string;
}
export interface SequenceEntry {
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}
export interface FileEntry {
  path: string;
  size: number;
  sha256: string;
}
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  serverVersion: string;
  /** drizzle's migration hashes, oldest first: a restore needs the same list. */
  migrations: string[];
  tables: TableEntry[];
  sequences: SequenceEntry[];
  files: FileEntry[];
}

const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;
const skipList = SKIPPED_SCHEMAS.map((s) => `'${s}'`).join(', ');

/** Counts bytes and hashes a stream as it passes. */
function hasher() {
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
function rowCounter() {
  let rows = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      for (const b of chunk) if (b === 10) rows++;
      done(null, chunk);
    },
  });
  return { stream, rows: () => rows };
}

async function listTables(
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

async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
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
async function storeFiles(dir: string): Promise<string[]> {
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

/** `portal-20261122T180532Z`: sorts by time, safe in any file system. */
export const backupName = (now = new Date()) =>
  `portal-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;

/**
 * Writes a backup of the database at `databaseUrl` and the file store `filesDir` into a new folder under
 * `outRoot`; answers its path and manifest. The database part is one snapshot; files are copied after it,
 * so every file a backed-up row names is there (stored files are never changed or removed in place).
 */
export async function createBackup(opts: {
  databaseUrl: string;
  filesDir: string;
  outRoot: string;
  log?: (m: string) => void;
  now?: Date;
}): Promise<{ dir: string; manifest: BackupManifest }> {
  const log = opts.log ?? (() => {});
  const dir = path.join(opts.outRoot, backupName(opts.now));
  const partial = `${dir}.partial`;
  await mkdir(path.join(partial, 'db'), { recursive: true });
  await mkdir(path.join(partial, 'files'), { recursive: true });

  const client = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'portal-backup' });
  await client.connect();
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: (opts.now ?? new Date()).toISOString(),
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
      await pipeline(
        client.query(copyTo(`copy ${qualified(t.schema, t.name)} (${cols}) to stdout`)),
        counter.stream,
        createGzip(),
        createWriteStream(path.join(partial, file)),
      );
      manifest.tables.push({ ...t, rows: counter.rows(), file });
    }
    manifest.sequences = await listSequences(client);
    await client.query('commit');
  } finally {
    await client.end();
  }
  log(
    `database: ${manifest.tables.length} tables, ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows (PostgreSQL ${manifest.serverVersion})`,
  );

  for (const rel of await storeFiles(opts.filesDir)) {
    const target = path.join(partial, 'files', `${rel}.gz`);
    await mkdir(path.dirname(target), { recursive: true });
    const h = hasher();
    await pipeline(
      createReadStream(path.join(opts.filesDir, rel)),
      h.stream,
      createGzip(),
      createWriteStream(target),
    );
    manifest.files.push({ path: rel, ...h.result() });
  }
  log(`files: ${manifest.files.length}, ${manifest.files.reduce((n, f) => n + f.size, 0)} bytes`);

  await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  // Renamed into place last: a folder without `.partial` is a complete backup.
  await rename(partial, dir);
  return { dir, manifest };
}

/** Reads and checks a backup's manifest. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${dir}: not a ${BACKUP_FORMAT} backup`);
  return manifest;
}

/**
 * Parent tables before children (foreign keys), so rows load with every constraint checked. Tables in a
 * cycle of foreign keys (none today) are answered in `cyclic`; they need the constraints off while loading.
 */
async function loadOrder(
  client: pg.ClientBase,
  tables: TableEntry[],
): Promise<{ ordered: TableEntry[]; cyclic: TableEntry[] }> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
      join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
     where k.contype = 'f' and k.conrelid <> k.confrelid`);
  const key = (t: TableEntry) => `${t.schema}.${t.name}`;
  const pending = new Map(tables.map((t) => [key(t), t]));
  const parents = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!parents.has(r.child)) parents.set(r.child, new Set());
    parents.get(r.child)?.add(r.parent);
  }
  const ordered: TableEntry[] = [];
  let progress = true;
  while (pending.size && progress) {
    progress = false;
    for (const [k, t] of pending) {
      if ([...(parents.get(k) ?? [])].every((p) => !pending.has(p))) {
        ordered.push(t);
        pending.delete(k);
        progress = true;
      }
    }
  }
  return { ordered, cyclic: [...pending.values()] };
}

/** Creates the database named in `url` on its server when it does not exist (connecting to `postgres`). */
async function ensureDatabaseOf(url: string) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database ${ident(name)}`);
  } finally {
    await admin.end();
  }
}

/**
 * Restores the backup in `dir` into the database at `databaseUrl` (created when missing; it must hold no
 * application table) and the file store `filesDir` (missing or empty): applies the migrations, loads every
 * table in foreign-key order, sets the sequences, unpacks the files, and checks row counts and file hashes.
 */
export async function restoreBackup(opts: {
  dir: string;
  databaseUrl: string;
  filesDir: string;
  log?: (m: string) => void;
}): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  const manifest = await readManifest(opts.dir);
  const existingFiles = await storeFiles(opts.filesDir);
  if (existingFiles.length) throw new Error(`the file store ${opts.filesDir} is not empty`);

  await ensureDatabaseOf(opts.databaseUrl);
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: 1,
    application_name: 'portal-restore',
  });
  try {
    const client = await pool.connect();
    try {
      const present = await listTables(client);
      if (present.length) {
        throw new Error(
          `the database is not empty (${present.length} tables, e.g. ${present[0].name}); restore into a new database`,
        );
      }
      await runMigrations(drizzle(client));
      const applied = await appliedMigrations(client);
      if (applied.join() !== manifest.migrations.join()) {
        const first = applied.findIndex((h, i) => manifest.migrations[i] !== h);
        throw new Error(
          `the backup was made by another release: its migrations (${manifest.migrations.length}) and this ` +
            `release's (${applied.length}) differ from number ${first < 0 ? applied.length + 1 : first + 1} on; ` +
            'restore with the release that made it, then start the newer one',
        );
      }
      const { ordered, cyclic } = await loadOrder(client, manifest.tables);
      await client.query('begin');
      // Only a superuser may switch foreign keys off; needed only for tables in a cycle (none today).
      if (cyclic.length) await client.query('set local session_replication_role = replica');
      for (const t of [...ordered, ...cyclic]) {
        const cols = t.columns.map(ident).join(', ');
        await pipeline(
          createReadStream(path.join(opts.dir, t.file)),
          createGunzip(),
          client.query(copyFrom(`copy ${qualified(t.schema, t.name)} (${cols}) from stdin`)),
        );
        const { rows } = await client.query<{ n: string }>(
          `select count(*) as n from ${qualified(t.schema, t.name)}`,
        );
        if (Number(rows[0].n) !== t.rows) {
          throw new Error(`${t.schema}.${t.name}: ${rows[0].n} rows loaded, the backup has ${t.rows}`);
        }
      }
      for (const s of manifest.sequences) {
        await client.query('select setval($1::regclass, $2::bigint, $3)', [
          qualified(s.schema, s.name),
          s.lastValue,
          s.isCalled,
        ]);
      }
      await client.query('commit');
    } catch (e) {
      await client.query('rollback').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
  log(`database: ${manifest.tables.length} tables, ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows`);

  for (const f of manifest.files) {
    const target = path.join(opts.filesDir, ...f.path.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    const h = hasher();
    await pipeline(
      createReadStream(path.join(opts.dir, 'files', `${f.path}.gz`)),
      createGunzip(),
      h.stream,
      createWriteStream(target, { flags: 'wx' }),
    );
    const got = h.result();
    if (got.sha256 !== f.sha256 || got.size !== f.size)
      throw new Error(`file ${f.path} does not match the manifest`);
  }
  log(`files: ${manifest.files.length}`);
  return manifest;
}

/** True when `dir` looks like a backup folder (for the CLI's messages). */
export async function isBackup(dir: string) {
  return stat(path.join(dir, 'manifest.json')).then(
    (s) => s.isFile(),
    () => false,
  );
}
