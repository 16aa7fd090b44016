/**
 * `npm run backup [-- --out <folder>]`: writes a backup of the database and the file store into
 * `<folder>/portal-<UTC time>/` (default folder: BACKUP_DIR, default `<DATA_DIR>/backups`).
 * `npm run backup -- --verify <backup folder>`: checks a backup (every file against its size and SHA-256)
 * and exits 1 naming each damaged file. See docs/operations.md.
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { createBackup } from '../platform/backup/backup';
import { loadBackupSettings } from '../platform/backup/backup-settings';
import { verifyBackup } from '../platform/backup/backup-verify';
import { withOperationsDatabase } from './ops-database';

const say = (m: string) => console.log(`[backup] ${m}`);
const args = process.argv.slice(2);
const config = loadConfig();
const started = Date.now();
const flagValue = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};

async function verify(target: string) {
  const dir = path.resolve(target);
  const r = await verifyBackup(dir);
  if (r.problems.length) {
    for (const p of r.problems) say(`damaged: ${p}`);
    say(
      `${dir} is damaged (${r.problems.length} problem${r.problems.length === 1 ? '' : 's'}); do not restore it`,
    );
    process.exitCode = 1;
    return;
  }
  say(
    `ok: ${dir} (${r.checked.files} files, ${r.checked.bytes.toLocaleString('en-US')} bytes, made ${r.manifest?.createdAt})`,
  );
}

async function backup() {
  const outRoot = path.resolve(flagValue('--out') ?? loadBackupSettings(process.env, config.dataDir).dir);
  const { dir } = await withOperationsDatabase(config, say, (url) =>
    createBackup({ databaseUrl: url, filesDir: config.files.dir, outRoot, log: say }),
  );
  say(`done in ${Date.now() - started} ms: ${dir}`);
  const shown = path.relative(process.cwd(), dir);
  say(`check with: npm run backup -- --verify ${shown.startsWith('..') ? dir : shown}`);
  say(`restore with: npm run restore -- ${shown.startsWith('..') ? dir : shown}`);
}

try {
  if (args.includes('--verify')) {
    const target = flagValue('--verify');
    if (!target) throw new Error('name the backup folder: npm run backup -- --verify <folder>');
    await verify(target);
  } else await backup();
} catch (e) {
  say(`failed: ${(e as Error).message}`);
  process.exitCode = 1;
}
