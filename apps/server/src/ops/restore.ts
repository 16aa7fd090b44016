/**
 * `npm run restore -- <backup folder> [--replace]`: restores a backup made by `npm run backup` into the
 * configured database (DATABASE_URL, or the embedded one's `portal` database) and file store (FILES_DIR).
 * Both must be empty or missing; `--replace` first drops the database and moves the file store aside to
 * `<store>.before-restore-<time>`. Stop the portal first. See docs/operations.md.
 */
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config';
import { backupName, isBackup, restoreBackup } from '../platform/backup/backup';
import { withOperationsDatabase } from './ops-database';

const say = (m: string) => console.log(`[restore] ${m}`);
const args = process.argv.slice(2);
const replace = args.includes('--replace');
const source = args.find((a) => !a.startsWith('--'));
const config = loadConfig();
const started = Date.now();

async function dropDatabase(adminUrl: string, url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await admin.end();
  }
  say(`dropped database ${name}`);
}

try {
  if (!source) throw new Error('name the backup folder: npm run restore -- backups/portal-<time>');
  const dir = path.resolve(source);
  if (!(await isBackup(dir))) throw new Error(`${dir} is not a backup folder (no manifest.json)`);
  await withOperationsDatabase(config, say, async (url, adminUrl) => {
    if (replace) {
      await dropDatabase(adminUrl, url);
      if (existsSync(config.files.dir)) {
        const aside = `${config.files.dir}.before-restore-${backupName().slice('portal-'.length)}`;
        await rename(config.files.dir, aside);
        say(`moved the file store aside to ${aside}`);
      }
    }
    await restoreBackup({ dir, databaseUrl: url, filesDir: config.files.dir, log: say });
  });
  say(`done in ${Date.now() - started} ms`);
} catch (e) {
  say(`failed: ${(e as Error).message}`);
  if (/not empty/.test((e as Error).message) && !replace)
    say('stop the portal and add --replace to drop the current database and move the file store aside');
  process.exitCode = 1;
}
