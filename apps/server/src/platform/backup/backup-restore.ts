import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { connectClient } from '../db/client';
import { runMigrations } from '../db/migrate';
import {
  appliedMigrations,
  type BackupManifest,
  hasher,
  ident,
  listTables,
  qualified,
  storeFiles,
  type TableEntry,
  timeStamp,
} from './backup';
import { requireIntactBackup } from './backup-verify';

/**
 * Restore that can never destroy data (docs/operations.md "Restore"): the backup is verified first
 * (backup-verify.ts) and a damaged one is refused; the rows load into a NEW database `<target>_restore_<time>`
 * and the files into a staging folder `<store>.restore-<time>`; row counts and hashes are checked; only then
 * are they swapped in by rename (both databases in one transaction; then the folders), the previous ones
 * kept as `<target>-before-restore-<time>` and `<store>-before-restore-<time>` until the operator removes them.
 * Any failure drops the staging database and folder only: the target stays exactly as it was.
 */

export interface RestoreResult {
  manifest: BackupManifest;
  /** The previous database and file store, renamed aside (absent when there was none). */
  keptDatabase?: string;
  keptFiles?: string;
}

/** PostgreSQL cuts names at 63 bytes: shorten the base so the suffix survives. */
export function fitName(base: string, suffix: string): string {
  let b = base;
  while (Buffer.byteLength(b + suffix) > 63) b = b.slice(0, -1);
  return b + suffix;
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

const countRows = async (client: pg.ClientBase, t: TableEntry) =>
  Number(
    (await client.query<{ n: string }>(`select count(*) as n from ${qualified(t.schema, t.name)}`)).rows[0].n,
  );

/** Loads the backup's rows into the empty database at `url`: migrations, tables, sequences; checks the counts. */
async function loadDatabase(dir: string, manifest: BackupManifest, url: string) {
  const client = await connectClient({ connectionString: url, application_name: 'portal-restore' });
  try {
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
    try {
      // Only a superuser may switch foreign keys off; needed only for tables in a cycle (none today).
      if (cyclic.length) await client.query('set local session_replication_role = replica');
      for (const t of [...ordered, ...cyclic]) {
        const cols = t.columns.map(ident).join(', ');
        try {
          await pipeline(
            createReadStream(path.join(dir, t.file)),
            createGunzip(),
            client.query(copyFrom(`copy ${qualified(t.schema, t.name)} (${cols}) from stdin`)),
          );
        } catch (e) {
          throw new Error(`${t.file}: ${(e as Error).message}`);
        }
        const n = await countRows(client, t);
        if (n !== t.rows)
          throw new Error(`${t.schema}.${t.name}: ${n} rows loaded, the backup has ${t.rows}`);
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
    }
    // Counted again from a new snapshot, after the commit: what will be swapped in is what the backup holds.
    for (const t of manifest.tables) {
      const n = await countRows(client, t);
      if (n !== t.rows)
        throw new Error(`${t.schema}.${t.name}: ${n} rows after loading, the backup has ${t.rows}`);
    }
  } finally {
    await client.end();
  }
}

/** Unpacks the backup's files into the new folder `target`, checking each one's size and SHA-256. */
async function unpackFiles(dir: string, manifest: BackupManifest, target: string) {
  await mkdir(target, { recursive: true });
  for (const f of manifest.files) {
    const out = path.join(target, ...f.path.split('/'));
    await mkdir(path.dirname(out), { recursive: true });
    const h = hasher();
    try {
      await pipeline(
        createReadStream(path.join(dir, 'files', `${f.path}.gz`)),
        createGunzip(),
        h.stream,
        createWriteStream(out, { flags: 'wx' }),
      );
    } catch (e) {
      throw new Error(`files/${f.path}.gz: ${(e as Error).message}`);
    }
    const got = h.result();
    if (got.sha256 !== f.sha256 || got.size !== f.size)
      throw new Error(`files/${f.path}.gz: unpacked content does not match the manifest`);
  }
  const present = (await storeFiles(target)).join('\n');
  const expected = manifest.files
    .map((f) => f.path)
    .sort()
    .join('\n');
  if (present !== expected)
    throw new Error(`the unpacked file store ${target} does not hold the backup's files`);
}

/** The admin connection (database `postgres`) of the server of `url`, and the database `url` names. */
function splitUrl(url: string, adminUrl?: string) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const admin = adminUrl ?? u.toString();
  const on = (db: string) => {
    const x = new URL(url);
    x.pathname = `/${encodeURIComponent(db)}`;
    return x.toString();
  };
  return { name, admin, on };
}

async function withAdmin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = await connectClient({ connectionString: adminUrl, application_name: 'portal-restore' });
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const dbExists = async (c: pg.Client, name: string) =>
  Boolean((await c.query('select 1 from pg_database where datname = $1', [name])).rowCount);

/** Ends every other session on database `name` and waits (up to 5 s) until they are gone. */
async function closeConnections(c: pg.Client, name: string) {
  await c.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  for (let i = 0; i < 50; i++) {
    const left = await c.query('select 1 from pg_stat_activity where datname = $1', [name]);
    if (!left.rowCount) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Renames each `[from, to]` in one transaction: all of them or none. */
async function swapDatabases(c: pg.Client, moves: [string, string][]) {
  await c.query('begin');
  try {
    for (const [from, to] of moves) await c.query(`alter database ${ident(from)} rename to ${ident(to)}`);
    await c.query('commit');
  } catch (e) {
    await c.query('rollback').catch(() => {});
    throw e;
  }
}

/**
 * Restores the backup in `dir` into the database `databaseUrl` names and the file store `filesDir` (see the
 * comment at the top). A target holding data (application tables or stored files) is replaced only with
 * `replace`; either way the previous database and folder are kept aside, never dropped.
 */
export async function restoreBackup(opts: {
  dir: string;
  databaseUrl: string;
  /** Connection to the server's `postgres` database; default: `databaseUrl` with `/postgres`. */
  adminUrl?: string;
  filesDir: string;
  replace?: boolean;
  log?: (m: string) => void;
  now?: Date;
  /** Test seam: runs after the staging copies are complete and checked, just before the file store swap. */
  beforeFileSwap?: () => Promise<void>;
}): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const manifest = await requireIntactBackup(opts.dir);
  log(`verified ${opts.dir}: ${manifest.tables.length} table files, ${manifest.files.length} stored files`);

  const { name: target, admin, on } = splitUrl(opts.databaseUrl, opts.adminUrl);
  const stamp = timeStamp(opts.now);
  const staging = fitName(target, `_restore_${stamp}`);
  const keptDb = fitName(target, `-before-restore-${stamp}`);
  const filesDir = path.resolve(opts.filesDir);
  const stagingFiles = `${filesDir}.restore-${stamp}`;
  const keptFiles = `${filesDir}-before-restore-${stamp}`;

  // Refusals first: nothing is created before them.
  const targetExists = await withAdmin(admin, async (c) => {
    for (const n of [staging, keptDb])
      if (await dbExists(c, n)) throw new Error(`a database ${n} exists already; retry in a second`);
    return dbExists(c, target);
  });
  for (const d of [stagingFiles, keptFiles])
    if (existsSync(d)) throw new Error(`${d} exists already; retry in a second`);
  const storeHasFiles = (await storeFiles(filesDir)).length > 0;
  if (!opts.replace) {
    const tables = targetExists ? await withAdmin(on(target), (c) => listTables(c)) : [];
    if (tables.length || storeHasFiles) {
      throw new Error(
        tables.length
          ? `the database ${target} is not empty (${tables.length} tables, e.g. ${tables[0].name})`
          : `the file store ${filesDir} is not empty`,
      );
    }
  }

  let dbSwapped = false;
  let createdStaging = false;
  try {
    await withAdmin(admin, (c) => c.query(`create database ${ident(staging)}`));
    createdStaging = true;
    log(`loading into the new database ${staging}`);
    await loadDatabase(opts.dir, manifest, on(staging));
    log(
      `database: ${manifest.tables.length} tables, ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows`,
    );
    await unpackFiles(opts.dir, manifest, stagingFiles);
    log(`files: ${manifest.files.length} into ${stagingFiles}`);

    // The swap. The database first: one transaction renames both, so it happens entirely or not at all.
    await withAdmin(admin, async (c) => {
      if (!targetExists) return swapDatabases(c, [[staging, target]]);
      // New connections to the target are refused while the others are closed, or a pool would reconnect.
      await c.query(`alter database ${ident(target)} with allow_connections false`);
      try {
        await closeConnections(c, target);
        await swapDatabases(c, [
          [target, keptDb],
          [staging, target],
        ]);
      } finally {
        // Whatever its name now (kept aside, or still the target after a failed swap), it accepts connections again.
        const name = (await dbExists(c, keptDb)) ? keptDb : target;
        await c.query(`alter database ${ident(name)} with allow_connections true`);
      }
    });
    dbSwapped = true;
    await opts.beforeFileSwap?.();
    if (existsSync(filesDir)) await rename(filesDir, keptFiles);
    try {
      await rename(stagingFiles, filesDir);
    } catch (e) {
      if (existsSync(keptFiles)) await rename(keptFiles, filesDir);
      throw e;
    }
  } catch (e) {
    log(`failed, undoing: ${(e as Error).message}`);
    try {
      if (dbSwapped) {
        // The file store could not be swapped: put the previous database back under its name.
        await withAdmin(admin, async (c) => {
          await closeConnections(c, target);
          await swapDatabases(
            c,
            targetExists
              ? [
                  [target, staging],
                  [keptDb, target],
                ]
              : [[target, staging]],
          );
        });
      }
      if (createdStaging) {
        await withAdmin(admin, (c) => c.query(`drop database if exists ${ident(staging)} with (force)`));
        log(`dropped the staging database ${staging}`);
      }
      await rm(stagingFiles, { recursive: true, force: true });
      log(`${target} and ${filesDir} are as they were`);
    } catch (undo) {
      log(
        `UNDO FAILED (${(undo as Error).message}): check by hand that ${target} is the previous database ` +
          `(kept as ${keptDb} if not) and ${filesDir} the previous store (kept as ${keptFiles} if not)`,
      );
    }
    throw e;
  }

  const result: RestoreResult = { manifest };
  if (targetExists) {
    result.keptDatabase = keptDb;
    log(
      `kept the previous database as ${keptDb}; remove it when no longer needed: drop database "${keptDb}"`,
    );
  }
  if (existsSync(keptFiles)) {
    result.keptFiles = keptFiles;
    log(
      `kept the previous file store as ${keptFiles}; remove it when no longer needed: rm -r '${keptFiles}'`,
    );
  }
  return result;
}
