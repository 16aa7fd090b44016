import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/**
 * No schema is passed to Drizzle: queries name their tables (the relational `db.query` API is unused), and
 * platform imports no module (db/schema.ts gathers the modules' tables for drizzle-kit only).
 */
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type DbOrTx = Db | Tx;

// DATE columns come back as 'YYYY-MM-DD' strings, not JS Dates shifted by the local zone.
pg.types.setTypeParser(1082, (v) => v);

export function createDb(url: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, failover, shutdown) must not crash the process;
  // the pool opens a new one on the next query.
  pool.on('error', (e) => console.warn(`[db] idle connection lost: ${e.message}`));
  return { db: drizzle(pool), pool };
}

/** Throws unless the database answers a trivial query (the readiness probe). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
