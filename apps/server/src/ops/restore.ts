/**
 * `npm run restore -- <backup folder> [--replace]`: verifies the backup (a damaged one is refused, nothing
 * changed), loads it into a new database and a staging file store, checks them, then swaps them in by rename.
 * The target (DATABASE_URL, or the embedded one's `portal` database, and FILES_DIR) must be empty or missing
 * unless `--replace` is given; the previous database and file store are kept as `…-before-restore-<time>`
 * until removed by hand. Stop the portal first. See docs/operations.md.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { isBackup } from '../platform/backup/backup';
import { restoreBackup } from '../platform/backup/backup-restore';
import { BackupDamagedError } from '../platform/backup/backup-verify';
import { withOperationsDatabase } from './ops-database';

const say = (m: string) => console.log(`[restore] ${m}`);
const args = process.argv.slice(2);
const replace = args.includes('--replace');
const source = args.find((a) => !a.startsWith('--'));
const config = loadConfig();
const started = Date.now();

try {
  if (!source) throw new Error('name the backup folder: npm run restore -- <BACKUP_DIR>/portal-<time>');
  const dir = path.resolve(source);
  if (!(await isBackup(dir))) throw new Error(`${dir} is not a backup folder (no manifest.json)`);
  await withOperationsDatabase(
    config,
    say,
    (url, adminUrl) =>
      restoreBackup({ dir, databaseUrl: url, adminUrl, filesDir: config.files.dir, replace, log: say }),
    { createIfMissing: true },
  );
  say(`done in ${Date.now() - started} ms`);
} catch (e) {
  if (e instanceof BackupDamagedError) {
    for (const p of e.problems) say(`damaged: ${p}`);
    say(`refused: ${e.dir} is damaged; nothing was changed`);
  } else say(`failed: ${(e as Error).message}`);
  if (/not empty/.test((e as Error).message) && !replace)
    say(
      'stop the portal and add --replace to swap the backup in (the current data is kept aside, not dropped)',
    );
  process.exitCode = 1;
}
