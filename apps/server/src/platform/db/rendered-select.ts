import { type Column, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type DbOrTx, executePrepared } from './client';

const dialect = new PgDialect();

/**
 * `select <columns> <from>` rendered to SQL text once, for a list's hot page statement: per call only the WHERE,
 * ORDER BY, LIMIT and OFFSET are rendered. Drizzle renders a select of ~30 columns and its joins again on every
 * call (0.2-0.5 ms of server CPU, more than PostgreSQL spends executing the page: issue 40). Each column is
 * aliased to its key, so `db.execute` answers rows with the keys of the select; the values are those of the
 * Drizzle select (`db.execute` runs in the same Drizzle session with the same type parsers: numerics, dates and
 * string-mode timestamps as strings). `from` names the tables unaliased where the caller's ORDER BY and WHERE
 * refer to them. The text must be constant: a column or join that binds a parameter is refused, since bound
 * values cannot be kept in raw text.
 */
export function renderedSelect(columns: Record<string, SQL | Column>, from: SQL): SQL {
  const list = Object.entries(columns).map(([key, v]) => sql`${v} as ${sql.identifier(key)}`);
  const q = dialect.sqlToQuery(sql`select ${sql.join(list, sql`, `)} from ${from}`);
  if (q.params.length) throw new Error('a pre-rendered select must not bind parameters');
  return sql.raw(q.sql);
}

/**
 * A code constant written into the statement's text, not bound: a status, a side, a flag. For conditions that a
 * partial index's predicate must be proven from in a generic plan (a prepared statement's plan is made once for
 * any values, so `status in ($1, $2)` cannot prove `where status in ('NEW', 'REJECTED')` and the index is not
 * used: issue 40, session 56). Only what code names: a string of letters, digits, `_` and `-`, a finite number,
 * a boolean; anything else throws, so a user's value can never be written into SQL text by it.
 */
export function constant(v: string | number | boolean): SQL {
  if (typeof v === 'boolean') return sql.raw(v ? 'true' : 'false');
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('a SQL constant must be a finite number');
    return sql.raw(String(v));
  }
  if (!/^[A-Za-z0-9_-]*$/.test(v)) throw new Error(`not a code constant: ${JSON.stringify(v)}`);
  return sql.raw(`'${v}'`);
}

/** `column = constant` with the value written into the text (constant). */
export function constantEq(column: SQL | Column, value: string | number | boolean): SQL {
  return sql`${column} = ${constant(value)}`;
}

/** `column in (constants)` with the values written into the text (constant). */
export function constantIn(column: SQL | Column, values: readonly (string | number)[]): SQL {
  if (!values.length) return sql`false`;
  return sql`${column} in (${sql.join(
    values.map((v) => constant(v)),
    sql`, `,
  )})`;
}

/**
 * `<head> where … order by … limit … offset …` on a head from renderedSelect. `literalLimit` writes the limit into
 * the text (a whole number): PostgreSQL costs a generic plan's `limit $n` as a tenth of the rows, so a prepared
 * page must carry its page size as text to keep the plan that walks its index (listRows in invoice.repository.ts;
 * a list's page sizes are a fixed few, contracts PAGE_SIZES, so the texts stay few).
 */
export function selectPage(
  head: SQL,
  o: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number },
  literalLimit = false,
): SQL {
  const limit = literalLimit ? constant(Math.trunc(o.limit)) : sql`${o.limit}`;
  return sql`${head} ${o.where ? sql`where ${o.where}` : sql``} order by ${sql.join(o.orderBy, sql`, `)} limit ${limit}${o.offset ? sql` offset ${o.offset}` : sql``}`;
}

/**
 * How a list's page may be planned: `ids`, by a number search's few ids (`idsIn`: the same plan whatever the ids);
 * `stable`, by conditions whose plan does not depend on bound values (a stage's or list's statuses written as
 * constants, the side, a keyset bound); `custom`, anything a user typed or picked (a prefix, a name, a filter),
 * planned for its values.
 */
export type PagePlan = 'ids' | 'stable' | 'custom';

/**
 * A list's page on a pre-rendered head (renderedSelect), run as the plan allows (docs/performance.md "A number
 * search's page planned once", "A stage list's page planned once"): a page by ids is prepared, PostgreSQL plans it
 * five times per connection and then keeps the generic plan; so is a `stable` page 1 or keyset page, with its page
 * size written into the text (selectPage `literalLimit`), so its one plan walks the stage's partial index. An
 * OFFSET page, a page among a large set and a `custom` one are sent unnamed and planned for their values (a
 * generic `offset $n` is costed as a tenth of the rows).
 */
export async function readPage<T extends Record<string, unknown>>(
  db: DbOrTx,
  head: SQL,
  o: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number },
  among: AmongSet | undefined,
  plan: PagePlan,
): Promise<T[]> {
  const stable = plan === 'stable' && !among && !o.offset;
  const page = among ? selectPageAmong(head, o, among) : selectPage(head, o, stable);
  if (plan === 'ids' || stable) return (await executePrepared<T>(db, page)).rows;
  return (await db.execute<T>(page)).rows as T[];
}

/**
 * How many ids a number search may match before its page is read among them (selectPageAmong): up to this
 * many, a probe of the primary key each is cheaper to plan and run. A property only so that tests can read a
 * handful of demo rows both ways (readingAmongEverything in rendered-select.test-helpers.ts).
 */
export const idSetScan = { from: 1_000 };

/**
 * `<head> where … order by … limit …` for a page among a large set of a table's rows (thousands of ids from a
 * broad number prefix, `column = any(ids)` in `where`). Read as one statement on the head, PostgreSQL either walks
 * the sort index filtering on the ids, assuming they are spread evenly (a job# prefix of one office and month:
 * 21,522 invoices, all near the end of the invoice# order, 0.77 s at 2 M invoices), or reads every matching row
 * whole, joins it and then sorts (0.14 s). Here the set is read first, only its key and sort columns, by the
 * primary key (one scan of the sorted id array), the page's keys picked from it, and only the page's rows
 * read whole (17 ms). `table` is the head's table as named in `where` and `orderBy`, `columns` its columns that
 * they use (the key first; amongSetOf in platform/list/list-query.ts: the key and the sort column): the set is
 * named as the table, so the same ORDER BY sorts it.
 */
export function selectPageAmong(
  head: SQL,
  o: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number },
  set: AmongSet,
): SQL {
  return selectPage(head, { ...o, where: inPageAmong(set, o) });
}

/**
 * The condition a page among a large set reads its rows with (selectPageAmong; a list built with Drizzle's
 * select puts it in its WHERE with the same ORDER BY, LIMIT and OFFSET): `key in (the page's keys)`.
 */
export function inPageAmong(
  set: AmongSet,
  o: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number },
): SQL {
  const top = selectKeysAmong(set, { where: o.where, orderBy: o.orderBy, limit: o.limit + (o.offset ?? 0) });
  return sql`${keyOf(set)} in (${top})`;
}

/** A table as a page among its rows reads it: its name as `where` and `orderBy` use it, the key first. */
export type AmongSet = { table: string; columns: Column[] };

const keyOf = (set: AmongSet) => sql`${sql.identifier(set.table)}.${sql.identifier(set.columns[0].name)}`;

/**
 * The keys of the rows matching `where` (with a large `= any(ids)` set), in `orderBy` order, at most `limit`:
 * the set's key and sort columns read first (by the primary key, fenced), then sorted. A list's
 * page (selectPageAmong) and an export's ids read it.
 */
export function selectKeysAmong(
  set: AmongSet,
  o: { where: SQL | undefined; orderBy: SQL[]; limit: number },
): SQL {
  const t = sql.identifier(set.table);
  const cols = sql.join(
    set.columns.map((c) => sql`${t}.${sql.identifier(c.name)}`),
    sql`, `,
  );
  // `offset 0` fences the set like a materialised CTE (the planner cannot push the ORDER BY and LIMIT into it,
  // so it cannot walk the sort index instead) without writing it to a tuplestore first.
  return sql`select ${keyOf(set)} from (select ${cols} from ${t} ${o.where ? sql`where ${o.where}` : sql``} offset 0) as ${t}
    order by ${sql.join(o.orderBy, sql`, `)} limit ${o.limit}`;
}
