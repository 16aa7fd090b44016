import { COUNT_CAP, type TListQuery } from '@portal/contracts';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { keysetCondition, keysetCursors, readCursor, type SortDir } from './keyset';

/** How one list is queried: its table, sortable columns, tiebreak key, search columns and extra filters. */
export interface ListSpec<TSort extends string> {
  table: PgTable;
  sortable: Record<TSort, PgColumn>;
  defaultSort: TSort;
  /** Unique column appended to every ORDER BY so paging is stable. */
  tiebreak: PgColumn;
  /**
   * Lower-cased text the free-text search `q` matches with LIKE '%q%'. Give it a trigram (gin_trgm_ops)
   * expression index with exactly the same expression so large tables stay fast.
   */
  searchText: SQL;
}

/** Escapes LIKE wildcards in user input. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** WHERE clause of a list query: free-text search plus the module's own filters. */
export function listWhere<TSort extends string>(
  spec: ListSpec<TSort>,
  q: string | undefined,
  filters: (SQL | undefined)[],
): SQL | undefined {
  const parts = [...filters];
  const text = q?.trim();
  if (text) {
    parts.push(sql`${spec.searchText} like ${`%${likeEscape(text.toLowerCase())}%`}`);
  }
  return parts.length ? and(...parts) : undefined;
}

/** The sort key a query asks for, falling back to the list's default. */
const sortKey = <TSort extends string>(spec: ListSpec<TSort>, query: Pick<TListQuery, 'sort'>): TSort =>
  query.sort && query.sort in spec.sortable ? (query.sort as TSort) : spec.defaultSort;

/** ORDER BY of a list query, with the tiebreak column last. */
export function listOrder<TSort extends string>(
  spec: ListSpec<TSort>,
  query: Pick<TListQuery, 'sort' | 'order'>,
  reverse = false,
) {
  const col = spec.sortable[sortKey(spec, query)];
  const descending = (query.order === 'desc') !== reverse;
  const dir = descending ? desc : asc;
  return [dir(col), dir(spec.tiebreak)];
}

/**
 * Counts matching rows but stops at COUNT_CAP + 1, so a huge table answers fast; `capped` means
 * "more than COUNT_CAP".
 */
export async function cappedCount(db: DbOrTx, table: PgTable, where: SQL | undefined) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${COUNT_CAP + 1}) t`,
  );
  const n = rows[0]?.n ?? 0;
  return n > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * Runs a page of a list: rows (selected by the caller's query builder), the capped total, and keyset
 * cursors. With `query.cursor` the page is the `pageSize` rows after (`direction=next`) or before
 * (`prev`) the cursor row in list order, read through the sort index without OFFSET; without it, the
 * page is `page` by OFFSET. Either way the answer carries `nextCursor`/`prevCursor` (null at an end).
 */
export async function listPage<TRow extends object, TSort extends string>(
  db: DbOrTx,
  spec: ListSpec<TSort>,
  query: TListQuery,
  where: SQL | undefined,
  fetchRows: (opts: {
    where: SQL | undefined;
    orderBy: SQL[];
    limit: number;
    offset: number;
  }) => Promise<TRow[]>,
) {
  const sort = sortKey(spec, query);
  const order: SortDir = query.order === 'desc' ? 'desc' : 'asc';
  const cursorSpec = { table: spec.table, sort, column: spec.sortable[sort], order, tiebreak: spec.tiebreak };
  if (query.cursor) {
    const cursor = readCursor(query.cursor, sort, order);
    const prev = query.direction === 'prev';
    const [fetched, count] = await Promise.all([
      fetchRows({
        where: and(where, keysetCondition(cursorSpec, cursor, prev)),
        orderBy: listOrder(spec, query, prev),
        limit: query.pageSize + 1,
        offset: 0,
      }),
      cappedCount(db, spec.table, where),
    ]);
    const more = fetched.length > query.pageSize;
    const rows = fetched.slice(0, query.pageSize);
    if (prev) rows.reverse();
    const cursors = keysetCursors(cursorSpec, rows, {
      hasNext: prev ? rows.length > 0 : more,
      hasPrev: prev ? more : rows.length > 0,
    });
    return { rows, ...count, page: query.page, pageSize: query.pageSize, ...cursors };
  }
  const [rows, count] = await Promise.all([
    fetchRows({
      where,
      orderBy: listOrder(spec, query),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    cappedCount(db, spec.table, where),
  ]);
  const cursors = keysetCursors(cursorSpec, rows, {
    hasNext: count.totalCapped || query.page * query.pageSize < count.total,
    hasPrev: query.page > 1,
  });
  return { rows, ...count, page: query.page, pageSize: query.pageSize, ...cursors };
}
