import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type DbOrTx, placeholders, runRendered } from './client';

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
    // Rendered once per set of columns a caller writes (client.ts runRendered: its text and its prepared
    // statement); the values, the id and the version fill its placeholders.
    const { given, shape, fill, renderable } = placeholders(values as Record<string, unknown>);
    const rows = await runRendered<T['$inferSelect'][]>(
      db,
      renderable ? `versionedUpdate:${getTableName(table)}:${shape}` : null,
      () =>
        db
          .update(table)
          .set({
            ...given,
            version: sql`${table.version} + 1`,
            updated_at: sql`now()`,
          } as PgUpdateSetSource<T>)
          .where(and(eq(idColumn, sql.placeholder('_id')), eq(table.version, sql.placeholder('_version'))))
          .returning(),
      { ...fill, _id: id, _version: version },
    );
    return (rows as T['$inferSelect'][])[0];
  };
}
