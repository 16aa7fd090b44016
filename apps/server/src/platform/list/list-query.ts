import { COUNT_CAP, MAX_LIST_OFFSET, MSG, type TListQuery } from '@portal/contracts';
import { and, asc, desc, getTableName, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, executePrepared } from '../db/client';
import type { AmongSet } from '../db/rendered-select';
import { AppError } from '../errors/app-error';
import { jumpCondition, keysetCondition, keysetCursors, readTypedCursor, type SortDir } from './keyset';

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

/**
 * What a page among many matches reads first (selectPageAmong, selectKeysAmong in platform/db/rendered-select.ts):
 * the list's key (its tiebreak) and the column it is sorted by, all that its ORDER BY and keyset bound use.
 */
export function amongSetOf<TSort extends string>(
  spec: ListSpec<TSort>,
  query: Pick<TListQuery, 'sort'>,
): AmongSet {
  const sort = spec.sortable[sortKey(spec, query)];
  return {
    table: getTableName(spec.table),
    columns: sort === spec.tiebreak ? [spec.tiebreak] : [spec.tiebreak, sort],
  };
}

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
 * The deepest row a page by number (OFFSET) may start at: LIST_MAX_OFFSET, default MAX_LIST_OFFSET (5,000).
 * Deeper pages are read by cursor (`cursor`, `at`, or `direction=prev` for the last page), which costs the
 * same on page 5,000 as on page 1.
 */
export const LIST_MAX_OFFSET = Math.max(0, Number(process.env.LIST_MAX_OFFSET ?? MAX_LIST_OFFSET));
/**
 * How long an instance reuses a list count of at least COUNT_CACHE_MIN_ROWS rows for the same list and filter
 * (LIST_COUNT_CACHE_MS, default 5 s; 0 turns it off). Smaller counts are cheap and always exact, so a user who
 * just saved a record sees it counted; a count in the thousands may lag other users' writes by that long.
 */
export const COUNT_CACHE_MS = Math.max(0, Number(process.env.LIST_COUNT_CACHE_MS ?? 5_000));
export const COUNT_CACHE_MIN_ROWS = 1_000;
const COUNT_CACHE_MAX_KEYS = 5_000;

export type CountResult = { total: number; totalCapped: boolean };
const countCache = new Map<string, { at: number; value: Promise<CountResult> }>();
const dialect = new PgDialect();

/** Forgets every cached count (tests; a bulk load). */
export const clearCountCache = () => countCache.clear();

async function countRows(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  prepared = false,
): Promise<CountResult> {
  const count = sql`select count(*)::int as n from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${COUNT_CAP + 1}) t`;
  const { rows } = prepared
    ? await executePrepared<{ n: number }>(db, count)
    : await db.execute<{ n: number }>(count);
  const n = rows[0]?.n ?? 0;
  return n > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * Counts matching rows but stops at COUNT_CAP + 1 (an index-only scan of at most 10,001 entries when the
 * filter has an index), so a huge table answers fast; `capped` means "more than COUNT_CAP". Counts of
 * COUNT_CACHE_MIN_ROWS or more are kept for COUNT_CACHE_MS per table and filter (the filter includes the
 * caller's visibility rule, so users who see different rows never share a count); concurrent callers share
 * one query. Every page of a list, first, next or by cursor, then costs one query instead of two.
 */
/**
 * The count cache's key of a table and filter (null: not cacheable, e.g. a bigint parameter). The table is
 * named by getTableName: getTableConfig rebuilds every index definition of the table on each call, which
 * cost more server CPU than the rest of a list call's SQL building (shipping_orders has 35 indexes).
 */
function countKey(table: PgTable, where: SQL | undefined): string | null {
  if (COUNT_CACHE_MS <= 0) return null;
  const q = where ? dialect.sqlToQuery(where) : { sql: '', params: [] };
  try {
    return `${getTableName(table)}|${q.sql}|${JSON.stringify(q.params)}`;
  } catch {
    return null;
  }
}

/** A count under this cache key still fresh in the cache (or being read), without reading it. */
function cachedCount(key: string | null): Promise<CountResult> | null {
  const hit = key === null ? undefined : countCache.get(key);
  return hit && Date.now() - hit.at < COUNT_CACHE_MS ? hit.value : null;
}

export function cappedCount(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<CountResult> {
  return cappedCountByKey(db, table, where, countKey(table, where));
}

/** cappedCount with its cache key already made (listPage makes it once per call). */
async function cappedCountByKey(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  key: string | null,
  prepared = false,
): Promise<CountResult> {
  if (key === null) return countRows(db, table, where, prepared);
  const now = Date.now();
  const hit = countCache.get(key);
  if (hit && now - hit.at < COUNT_CACHE_MS) return hit.value;
  const value = countRows(db, table, where, prepared);
  countCache.set(key, { at: now, value });
  const result = await value.catch((e) => {
    countCache.delete(key);
    throw e;
  });
  // Small counts are not kept: they are cheap, and must show a record the user has just saved.
  if (result.total < COUNT_CACHE_MIN_ROWS && !result.totalCapped) countCache.delete(key);
  else if (countCache.size > COUNT_CACHE_MAX_KEYS) {
    for (const [k, e] of countCache) if (now - e.at >= COUNT_CACHE_MS) countCache.delete(k);
    if (countCache.size > COUNT_CACHE_MAX_KEYS) countCache.clear();
  }
  return result;
}

/** 400 msgListOffsetTooFar when page `page` of `pageSize` rows starts beyond LIST_MAX_OFFSET rows. */
export function assertOffsetAllowed(page: number, pageSize: number) {
  if ((page - 1) * pageSize <= LIST_MAX_OFFSET) return;
  throw new AppError(400, MSG.listOffsetTooFar, {
    params: { maxOffset: LIST_MAX_OFFSET },
    details: [{ field: 'page', msgKey: MSG.listOffsetTooFar }],
  });
}

/**
 * Runs a page of a list: rows (selected by the caller's query builder), the capped total, and keyset
 * cursors. Keyset pages are read through the sort index without OFFSET: with `query.cursor`, the `pageSize`
 * rows after (`direction=next`) or before (`prev`) the cursor row in list order; with `query.at`, the rows
 * from that sort value on (jump to a date or number); with `direction=prev` and neither, the last page.
 * Otherwise the page is `page` by OFFSET, refused beyond LIST_MAX_OFFSET rows (400 msgListOffsetTooFar).
 * Every answer carries `nextCursor`/`prevCursor` (null at an end).
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
  /**
   * The total from somewhere cheaper than counting the rows (an aggregate kept with the rows, e.g. the finance
   * cube for OverdueInvoicing), capped as cappedCount; without it the rows are counted (capped, cached).
   */
  countOf?: () => Promise<CountResult>,
  /**
   * `prepared`: the filter is driven by a few known keys (a number search's ids, `idsIn`), so its text does not
   * vary with the values and its best plan is the same for all of them: the count runs as a prepared statement,
   * which PostgreSQL stops planning after five runs (docs/performance.md "Planned once"). Not for a filter whose
   * plan depends on its values (a stage's partial index, a prefix range).
   */
  opts: { prepared?: boolean } = {},
) {
  const sort = sortKey(spec, query);
  const order: SortDir = query.order === 'desc' ? 'desc' : 'asc';
  const cursorSpec = { table: spec.table, sort, column: spec.sortable[sort], order, tiebreak: spec.tiebreak };
  const last = !query.cursor && !query.at && query.direction === 'prev';
  // One cache key per call (building it renders the filter's SQL).
  const key = countOf ? null : countKey(spec.table, where);
  const counted = () => (countOf ? countOf() : cappedCountByKey(db, spec.table, where, key, opts.prepared));
  if (query.cursor || query.at || last) {
    // A cursor wins over a jump; the last page is the first page read backwards.
    const prev = query.direction === 'prev';
    const bound = query.cursor
      ? keysetCondition(cursorSpec, readTypedCursor(query.cursor, cursorSpec), prev)
      : query.at
        ? jumpCondition(cursorSpec, query.at)
        : undefined;
    const backwards = query.cursor ? prev : last;
    const [fetched, count] = await Promise.all([
      fetchRows({
        where: and(where, bound),
        orderBy: listOrder(spec, query, backwards),
        limit: query.pageSize + 1,
        offset: 0,
      }),
      counted(),
    ]);
    const more = fetched.length > query.pageSize;
    const rows = fetched.slice(0, query.pageSize);
    if (backwards) rows.reverse();
    const cursors = keysetCursors(cursorSpec, rows, {
      hasNext: backwards ? rows.length > 0 && !last : more,
      hasPrev: backwards ? more : rows.length > 0 && Boolean(query.cursor || query.at),
    });
    return { rows, ...count, page: query.page, pageSize: query.pageSize, ...cursors };
  }
  assertOffsetAllowed(query.page, query.pageSize);
  const offset = (query.page - 1) * query.pageSize;
  const orderBy = listOrder(spec, query);
  let rows: TRow[];
  let count: CountResult;
  const known = cachedCount(key);
  // A cheap total from the caller (countOf) is read beside the rows, not after them.
  if (offset === 0 && !known && !countOf) {
    // Page 1 reads one row more than it shows: when that row is not there (a search, a short list), the
    // page holds every row and is the count; only a longer list pays for counting.
    const fetched = await fetchRows({ where, orderBy, limit: query.pageSize + 1, offset });
    rows = fetched.slice(0, query.pageSize);
    count =
      fetched.length <= query.pageSize ? { total: fetched.length, totalCapped: false } : await counted();
  } else {
    [rows, count] = await Promise.all([
      fetchRows({ where, orderBy, limit: query.pageSize, offset }),
      known ?? counted(),
    ]);
  }
  const cursors = keysetCursors(cursorSpec, rows, {
    hasNext: count.totalCapped || query.page * query.pageSize < count.total,
    hasPrev: query.page > 1,
  });
  return { rows, ...count, page: query.page, pageSize: query.pageSize, ...cursors };
}
