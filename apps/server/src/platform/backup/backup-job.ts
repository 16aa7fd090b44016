import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../config';
import type { Db } from '../db/client';
import { type JobContext, registerJob } from '../jobs/job-registry';
import { gauge, onScrape } from '../metrics/registry';
import { type BackupManifest, backupBytes, createBackup } from './backup';
import { type BackupSettings, loadBackupSettings } from './backup-settings';
import { verifyBackup } from './backup-verify';

/**
 * The nightly backup (docs/operations.md "Nightly backups"): on BACKUP_CRON the job runner writes
 * `<BACKUP_DIR>/portal-nightly-<date>` (the runner's date), verifies it, and removes the job's own backups
 * beyond BACKUP_KEEP, newest kept. Idempotent: a second run for the same date finds that night's backup and
 * makes none; only folders named `portal-nightly-<date>` whose manifest says `origin: nightly` are ever
 * removed, so manual backups in the same folder are left alone.
 */

export const BACKUP_JOB = 'backup-nightly';
const OWN = /^portal-nightly-(\d{4}-\d{2}-\d{2})$/;
const OWN_PARTIAL = /^portal-nightly-\d{4}-\d{2}-\d{2}\.partial$/;

const lastSuccess = gauge(
  'portal_backup_last_success_timestamp_seconds',
  'When the newest nightly backup was made (Unix seconds; 0 when none)',
);
const lastSize = gauge('portal_backup_last_size_bytes', 'Bytes of the newest nightly backup');

const readManifest = async (dir: string): Promise<BackupManifest | null> =>
  readFile(path.join(dir, 'manifest.json'), 'utf8').then(
    (t) => JSON.parse(t) as BackupManifest,
    () => null,
  );

/** The nightly job's own complete backups in `root`, newest first. */
export async function ownBackups(
  root: string,
  limit = Number.POSITIVE_INFINITY,
): Promise<{ name: string; manifest: BackupManifest }[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const out: { name: string; manifest: BackupManifest }[] = [];
  for (const name of names
    .filter((n) => OWN.test(n))
    .sort()
    .reverse()) {
    if (out.length >= limit) break;
    const manifest = await readManifest(path.join(root, name));
    if (manifest?.origin === 'nightly') out.push({ name, manifest });
  }
  return out;
}

function report(m: BackupManifest) {
  lastSuccess.set(Math.floor(Date.parse(m.createdAt) / 1000));
  lastSize.set(backupBytes(m));
}

/** The application pool behind a drizzle database (drizzle keeps it as `$client`). */
function poolOf(db: Db): pg.Pool {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return client;
  throw new Error('the nightly backup needs a node-postgres pool');
}

/** One run of the nightly backup for `ctx.today`. */
export async function runNightlyBackup(
  ctx: JobContext,
  settings: Pick<BackupSettings, 'dir' | 'keep'>,
  filesDir: string,
  now?: Date,
): Promise<{ backup: string; made: boolean; removed: string[] }> {
  const name = `portal-nightly-${ctx.today}`;
  const dir = path.join(settings.dir, name);
  let made = false;
  const existing = existsSync(dir) ? await readManifest(dir) : null;
  if (existing?.origin === 'nightly') {
    ctx.log(`${name} exists already; no second backup for ${ctx.today}`);
  } else {
    if (existsSync(dir)) throw new Error(`${dir} exists and is not a nightly backup; move it away`);
    await createBackup({
      pool: poolOf(ctx.db),
      filesDir,
      outRoot: settings.dir,
      name,
      origin: 'nightly',
      log: ctx.log,
      ...(now ? { now } : {}),
    });
    const check = await verifyBackup(dir);
    if (check.problems.length) {
      // Its own backup of tonight, just made and damaged (a full disk): removed so the retry makes it again.
      await rm(dir, { recursive: true, force: true });
      throw new Error(`the new backup ${name} did not verify: ${check.problems.join('; ')}`);
    }
    made = true;
  }

  // Retention: the newest BACKUP_KEEP of the job's own backups, always including tonight's.
  const own = await ownBackups(settings.dir);
  const others = own.map((b) => b.name).filter((n) => n !== name);
  const keep = new Set([name, ...others.slice(0, settings.keep - 1)]);
  const removed: string[] = [];
  for (const b of own) {
    if (keep.has(b.name)) continue;
    await rm(path.join(settings.dir, b.name), { recursive: true, force: true });
    removed.push(b.name);
  }
  // Unfinished folders of earlier nights (a run stopped mid-way) are the job's own and never a backup.
  for (const n of await readdir(settings.dir).catch(() => [] as string[])) {
    if (OWN_PARTIAL.test(n) && n !== `${name}.partial`)
      await rm(path.join(settings.dir, n), { recursive: true, force: true });
  }
  if (removed.length)
    ctx.log(`removed nightly backups beyond BACKUP_KEEP=${settings.keep}: ${removed.join(', ')}`);
  const tonight = await readManifest(dir);
  if (tonight) report(tonight);
  return { backup: dir, made, removed };
}

const config = loadConfig();
const settings = loadBackupSettings(process.env, config.dataDir);

registerJob({
  name: BACKUP_JOB,
  // No cron when BACKUP_CRON is unset: the runner then unschedules it (a schedule left from before is removed).
  ...(settings.cron ? { cron: settings.cron } : {}),
  retryLimit: 1,
  run: (ctx) => runNightlyBackup(ctx, settings, config.files.dir),
});

if (settings.cron) {
  // After a restart the gauges come from the newest backup on disk, not from zero.
  onScrape('backup', async () => {
    const [newest] = await ownBackups(settings.dir, 1);
    if (newest) report(newest.manifest);
  });
}
