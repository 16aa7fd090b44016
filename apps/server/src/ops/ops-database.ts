import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { startEmbeddedPostgres } from '../platform/db/embedded';

/**
 * The database the operations commands (backup, restore) work on: DATABASE_URL when set; otherwise the
 * embedded PostgreSQL under `<DATA_DIR>/pg`, reached on PG_PORT while the portal runs, or started here
 * for the duration of the command (and stopped after) when it does not.
 */
export async function withOperationsDatabase<T>(
  config: AppConfig,
  log: (m: string) => void,
  fn: (url: string, admin: string) => Promise<T>,
): Promise<T> {
  if (config.databaseUrl) {
    const admin = new URL(config.databaseUrl);
    admin.pathname = '/postgres';
    return fn(config.databaseUrl, admin.toString());
  }
  const port = Number(process.env.PG_PORT ?? 54329);
  const server = `postgres://portal:portal@127.0.0.1:${port}`;
  const probe = new pg.Client({ connectionString: `${server}/postgres` });
  const running = await probe.connect().then(
    () => true,
    () => false,
  );
  await probe.end().catch(() => {});
  if (running) return fn(`${server}/portal`, `${server}/postgres`);

  const dir = path.join(config.dataDir, 'pg');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) log(`no embedded PostgreSQL under ${dir} yet; creating one`);
  else log(`starting the embedded PostgreSQL under ${dir} for this command`);
  const embedded = await startEmbeddedPostgres({ dir, port, log });
  try {
    return await fn(`${server}/portal`, `${server}/postgres`);
  } finally {
    await embedded.stop();
  }
}
