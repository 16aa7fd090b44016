import { MSG } from '@portal/contracts';
import { and, eq, getTableColumns, gt, gte, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../errors/app-error';

export type SortDir = 'asc' | 'desc';
type CursorValue = string | number | boolean | null;

/** What a keyset cursor is about: the sort column and direction, and the unique tiebreak column. */
export interface CursorSpec {
  table: PgTable;
  sort: string;
  column: PgColumn;
  order: SortDir;
  tiebreak: PgColumn;
}

/** The decoded cursor: the sort it was made for, the last row's sort value and its tiebreak id. */
export interface Cursor {
  s: string;
  o: SortDir;
  v: CursorValue;
  id: CursorValue;
}

const invalid = () =>
  new AppError(400, MSG.listCursorInvalid, { details: [{ field: 'cursor', msgKey: MSG.listCursorInvalid }] });

const isValue = (v: unknown): v is CursorValue =>
  v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** Encodes a cursor as base64url JSON (opaque to clients; not a secret: it holds only visible values). */
export const writeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

/** Decodes a cursor and checks it was made for this sort; anything else answers 400 msgListCursorInvalid. */
export function readCursor(raw: string, sort: string, order: SortDir): Cursor {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const cur = c as Partial<Cursor> | null;
  if (!cur || typeof cur !== 'object' || cur.s !== sort || cur.o !== order) throw invalid();
  if (!isValue(cur.v) || !isValue(cur.id) || cur.id === null) throw invalid();
  return { s: cur.s, o: cur.o, v: cur.v, id: cur.id };
}

/**
 * Rows strictly after the cursor row when scanning in `dir`, with PostgreSQL's default null placement
 * (NULLS LAST ascending, NULLS FIRST descending), so a scan in the reverse order finds the rows before it.
 */
function after(col: PgColumn, tiebreak: PgColumn, c: Cursor, dir: SortDir): SQL | undefined {
  const [beyond, idBeyond] = dir === 'asc' ? [gt, gt] : [lt, lt];
  if (dir === 'asc') {
    if (c.v === null) return and(isNull(col), idBeyond(tiebreak, c.id));
    const rest = or(beyond(col, c.v), and(eq(col, c.v), idBeyond(tiebreak, c.id)));
    // `col >= v` alone bounds the index range scan; an OR with `is null` would make PostgreSQL read the
    // index from its start and filter (seconds on a deep page), so it is only added where nulls can exist.
    return col.notNull ? and(gte(col, c.v), rest) : or(rest, isNull(col));
  }
  return c.v === null
    ? or(and(isNull(col), idBeyond(tiebreak, c.id)), isNotNull(col))
    : and(lte(col, c.v), or(beyond(col, c.v), and(eq(col, c.v), idBeyond(tiebreak, c.id))));
}

/** WHERE part selecting the rows after (or, with `before`, before) the cursor row in list order. */
export function keysetCondition(spec: CursorSpec, c: Cursor, before: boolean): SQL | undefined {
  const scan: SortDir = (spec.order === 'desc') !== before ? 'desc' : 'asc';
  return after(spec.column, spec.tiebreak, c, scan);
}

const jumpInvalid = () =>
  new AppError(400, MSG.listJumpInvalid, { details: [{ field: 'at', msgKey: MSG.listJumpInvalid }] });

/**
 * WHERE part of a jump (`at`): the rows at or after `value` in list order (sort value >= it ascending, with
 * the nulls that sort last; <= it descending). The value must suit the sort column: a date or timestamp for
 * date columns (else 400 msgListJumpInvalid, never a database error), a number for numeric ones, any text
 * (e.g. an SO# prefix) for text columns.
 */
export function jumpCondition(spec: CursorSpec, value: string): SQL | undefined {
  const type = spec.column.columnType;
  let v: string | number = value;
  if (/Date|Timestamp/.test(type)) {
    if (
      !/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ||
      Number.isNaN(Date.parse(value))
    )
      throw jumpInvalid();
  } else if (/Integer|Serial|Numeric|Real|Double|BigInt|SmallInt/.test(type)) {
    v = Number(value);
    if (!Number.isFinite(v)) throw jumpInvalid();
  } else if (/Uuid|Boolean|Json/.test(type)) {
    throw jumpInvalid();
  }
  if (spec.order === 'desc') return lte(spec.column, v);
  // Nulls sort last ascending, so they follow any value; a NOT NULL column has none, and without the OR the
  // condition bounds an index range scan (the party list's page 1,000 took a second with it).
  return spec.column.notNull ? gte(spec.column, v) : or(gte(spec.column, v), isNull(spec.column));
}

/** The property under which a selected row holds this column (its key in the Drizzle table). */
function rowKeyOf(table: PgTable, col: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === col);
  if (!entry) throw new Error(`column ${col.name} is not in the list's table`);
  return entry[0];
}

/** nextCursor / prevCursor for a page of rows (null when there is nothing on that side). */
export function keysetCursors(
  spec: CursorSpec,
  rows: readonly object[],
  sides: { hasNext: boolean; hasPrev: boolean },
) {
  const valueKey = rowKeyOf(spec.table, spec.column);
  const idKey = rowKeyOf(spec.table, spec.tiebreak);
  const make = (row: object | undefined) => {
    if (!row) return null;
    const r = row as Record<string, unknown>;
    const v = r[valueKey] ?? null;
    const id = r[idKey];
    if (!isValue(v) || !isValue(id)) return null;
    return writeCursor({ s: spec.sort, o: spec.order, v, id });
  };
  return {
    nextCursor: sides.hasNext ? make(rows.at(-1)) : null,
    prevCursor: sides.hasPrev ? make(rows[0]) : null,
  };
}
