import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type DbOrTx, runPrepared } from './client';

/** A table with the audit columns (platform/db/columns `auditColumns`): a version and an update time. */
type VersionedTable = PgTable & { version: AnyPgColumn; updated_at: AnyPgColumn };

/**
 * The optimistic-concurrency write of a repository (ARCHITECTURE "Data"): `versionedUpdate(table, idColumn)`
 * answers the repository's `updateIfVersion(db, id, version, values)`, which writes `values` with version + 1
 * and updated_at now() only while the row `id` is still at `version`, and answers the stored row, or
 * undefined when there is no such row or someone saved since (the caller's 409 msgRecordNotLatest).
 */
export function versionedUpdate<T extends VersionedTable, Id extends string | number = number>(
  table: T,
  idColumn: AnyPgColumn,
) {
  return async (
    db: DbOrTx,
    id: Id,
    version: number,
    values: Partial<T['$inferInsert']>,
  ): Promise<T['$inferSelect'] | undefined> => {
    const set = { ...values, version: sql`${table.version} + 1`, updated_at: sql`now()` };
    // Prepared (client.ts runPrepared): a key lookup, one text per set of columns a caller writes.
    const rows = await runPrepared(
      db
        .update(table)
        .set(set as PgUpdateSetSource<T>)
        .where(and(eq(idColumn, id), eq(table.version, version)))
        .returning(),
    );
    return (rows as T['$inferSelect'][])[0];
  };
}
