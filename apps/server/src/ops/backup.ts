/**
 * `npm run backup [-- --out <folder>]`: writes a backup of the database and the file store into
 * `<folder>/portal-<UTC time>/` (default folder: BACKUP_DIR or ./backups). See docs/operations.md.
 */
import path from 'node:path';
import { loadConfig, ROOT_DIR } from '../config';
import { createBackup } from '../platform/backup/backup';
import { withOperationsDatabase } from './ops-database';

const say = (m: string) => console.log(`[backup] ${m}`);
const args = process.argv.slice(2);
const outArg = args.indexOf('--out');
const outRoot = path.resolve(
  outArg >= 0 && args[outArg + 1]
    ? args[outArg + 1]
    : process.env.BACKUP_DIR || path.join(ROOT_DIR, 'backups'),
);
const config = loadConfig();
const started = Date.now();

try {
  const { dir } = await withOperationsDatabase(config, say, (url) =>
    createBackup({ databaseUrl: url, filesDir: config.files.dir, outRoot, log: say }),
  );
  say(`done in ${Date.now() - started} ms: ${dir}`);
  const shown = path.relative(process.cwd(), dir);
  say(`restore with: npm run restore -- ${shown.startsWith('..') ? dir : shown}`);
} catch (e) {
  say(`failed: ${(e as Error).message}`);
  process.exitCode = 1;
}
