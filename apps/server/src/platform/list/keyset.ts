import { MSG } from '@portal/contracts';
import { and, eq, getTableColumns, gt, gte, isNotNull, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../errors/app-error';
import { hasBadCharacter } from '../http/nul-guard';

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

/** A cursor read for `spec`: its sort value and tiebreak id must suit their columns (else 400, not a 500). */
export function readTypedCursor(raw: string, spec: CursorSpec): Cursor {
  const c = readCursor(raw, spec.sort, spec.order);
  const v = c.v === null ? null : columnValue(spec.column, c.v);
  const id = c.id === null ? undefined : columnValue(spec.tiebreak, c.id);
  if (v === undefined || id === undefined || id === null) throw invalid();
  return { ...c, v, id };
}

const INT_RANGE = {
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
} as const;
const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/** True for a date or timestamp PostgreSQL reads as one: a real calendar day, a real time of day. */
function isDateTime(s: string): boolean {
  if (s === 'infinity' || s === '-infinity') return true;
  const m = DATE_TIME.exec(s);
  if (!m) return false;
  const [y, mo, d, h = 0, mi = 0, sec = 0, oh = 0, om = 0] = m
    .slice(1)
    .map((x) => (x === undefined ? 0 : +x));
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > DAYS_IN_MONTH[mo - 1]) return false;
  if (mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return false;
  return h <= 23 && mi <= 59 && sec <= 59 && oh <= 15 && om <= 59;
}

/**
 * `raw` as a value of `col`'s type, or undefined when the column cannot hold it: whole numbers within
 * the column's range for integer columns (1.5, 1e+23 and "abc" are not), plain decimals for numeric,
 * real calendar dates for date and timestamp columns, UUIDs, enum members, and text without NUL or lone
 * surrogates. So a jump or a forged cursor answers 400 and never reaches PostgreSQL as a cast error.
 */
export function columnValue(col: PgColumn, raw: string | number | boolean): CursorValue | undefined {
  const type = col.columnType.toLowerCase();
  const asNumber = (): number | undefined => {
    if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
    if (typeof raw !== 'string' || !/^-?\d{1,30}(\.\d{1,30})?$/.test(raw)) return undefined;
    return Number(raw);
  };
  if (/smallint|smallserial|integer|^pgserial$/.test(type)) {
    const n = asNumber();
    const [min, max] = /smallint|smallserial/.test(type) ? INT_RANGE.smallint : INT_RANGE.integer;
    return n !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  }
  if (/bigint|bigserial/.test(type)) {
    const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
    if (typeof text !== 'string' || !/^-?\d{1,19}$/.test(text)) return undefined;
    const big = BigInt(text);
    if (big < INT8_MIN || big > INT8_MAX) return undefined;
    return typeof raw === 'number' ? raw : text;
  }
  if (type.includes('numeric')) {
    if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
    return typeof raw === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(raw) ? raw : undefined;
  }
  if (/real|double/.test(type)) {
    const n = typeof raw === 'string' && /^-?\d+(\.\d+)?(e[+-]?\d{1,3})?$/i.test(raw) ? Number(raw) : raw;
    if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
    return type.includes('real') && Math.abs(n) > 3.4e38 ? undefined : n;
  }
  if (/date|timestamp/.test(type)) return typeof raw === 'string' && isDateTime(raw) ? raw : undefined;
  if (type.includes('uuid')) {
    return typeof raw === 'string' && /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(raw)
      ? raw
      : undefined;
  }
  if (type.includes('boolean')) return typeof raw === 'boolean' ? raw : undefined;
  if (type.includes('json')) return undefined;
  if (typeof raw !== 'string' || hasBadCharacter(raw)) return undefined;
  // A database enum refuses anything but its members (a text column's `enum` option is not checked there).
  const members = (col as PgColumn & { enumValues?: readonly string[] }).enumValues;
  if (type.startsWith('pgenum') && members && !members.includes(raw)) return undefined;
  return raw;
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
 * the nulls that sort last; <= it descending). The value must suit the sort column (columnValue): a real
 * date or timestamp for date columns, a whole number in range for integer ones, a number for numeric ones,
 * any text (e.g. an SO# prefix) for text columns; anything else is 400 msgListJumpInvalid on `at`, never a
 * database error. Boolean, UUID and JSON columns have nothing to jump to.
 */
export function jumpCondition(spec: CursorSpec, value: string): SQL | undefined {
  if (/uuid|boolean|json/i.test(spec.column.columnType)) throw jumpInvalid();
  const typed = columnValue(spec.column, value);
  if (typed === undefined || typed === null || typeof typed === 'boolean') throw jumpInvalid();
  const v: string | number = /smallint|integer|serial|real|double/i.test(spec.column.columnType)
    ? Number(typed)
    : typed;
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
