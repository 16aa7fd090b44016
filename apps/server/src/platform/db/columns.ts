import { sql } from 'drizzle-orm';
import { check, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** Audit and optimistic-concurrency columns every business table carries (ARCHITECTURE "Data"). */
export const auditColumns = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  created_by: text('created_by'),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_by: text('updated_by'),
  version: integer('version').notNull().default(1),
};

/**
 * A status column typed from its contract list (issue 41): selects come back as the list's union, writes accept
 * only its values. Pair it with `statusCheck` over the same list, so the database refuses what the type refuses.
 */
export const statusText = <T extends string>(name: string, _values: readonly T[]) => text(name).$type<T>();

/** `"<column>" in ('A', 'B', …)` of a contract list: the SQL of a status CHECK (and of a partial-index predicate). */
export const statusIn = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`);

/**
 * The CHECK that a status column holds a value of its contract list, named `<table>_<column>_check` (issue 41).
 * Generated from the list, so a value added to the contract comes with its migration (drizzle-kit generate);
 * `status-checks.test.ts` compares the constraints in the database with the lists. A null passes (nullable columns).
 */
export const statusCheck = (table: string, column: string, values: readonly string[]) =>
  check(`${table}_${column}_check`, statusIn(column, values));
