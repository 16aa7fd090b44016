import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { ROOT_DIR } from '../../config';
import type { Db } from './client';

export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'apps/server/drizzle');
/**
 * Versioned data steps run after the schema migrations (docs/operations.md "Data steps"): hand-written SQL
 * that backfills or converts existing rows once per database, e.g. a flag a new column needs on old rows.
 * They live apart from `drizzle/` because drizzle-kit regenerates a session's schema migration from the
 * tables (scripts/db-regen.sh) and would drop hand-written SQL there. Same runner, its own journal
 * (drizzle.__drizzle_data_steps), so a step runs exactly once, in order, in the migration's transaction.
 */
export const DATA_STEPS_DIR = path.join(ROOT_DIR, 'apps/server/drizzle-data');
export const DATA_STEPS_TABLE = '__drizzle_data_steps';

/** Applies the committed drizzle-kit migrations, then the data steps not yet applied; safe at every start. */
export async function runMigrations(db: Db) {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await migrate(db, { migrationsFolder: DATA_STEPS_DIR, migrationsTable: DATA_STEPS_TABLE });
}
