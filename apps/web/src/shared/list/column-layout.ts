import { DEFAULT_COLUMN_WIDTH, MAX_TABLE_COLUMNS } from '@portal/contracts';

/**
 * A table's column layout: order, hidden columns and widths, by column key. Plain JSON on purpose: it is
 * kept in localStorage now and becomes the `preference` of a saved layout (user preferences) later.
 */
export interface TableLayout {
  version: 1;
  order: string[];
  hidden: string[];
  widths: Record<string, number>;
}

/**
 * What a column holds, for its default width: a code (SO#, party code), a name or address, free text,
 * a date, a date and time, a status tag, a number or amount, a port or country code, a yes/no flag,
 * or a row action button.
 */
export type ColumnKind =
  | 'code'
  | 'name'
  | 'text'
  | 'date'
  | 'datetime'
  | 'status'
  | 'number'
  | 'port'
  | 'flag'
  | 'action';

/** Default width per column kind (px): fits the usual content on one line at the default font size. */
export const KIND_WIDTH: Record<ColumnKind, number> = {
  code: 130,
  name: 220,
  text: 180,
  date: 110,
  datetime: 160,
  status: 130,
  number: 120,
  port: 80,
  flag: 80,
  action: 90,
};

/**
 * The width the default columns of a table may take together: the content area beside the pinned menu
 * in a 1440 px wide window (1440 − 250 menu − 32 padding − scroll bars). Columns beyond it start hidden
 * (the column options show them), so a list opens without a horizontal scroll bar.
 */
export const DEFAULT_VISIBLE_WIDTH = 1100;

/** What the layout needs to know about a column. */
export interface LayoutColumn {
  key: string;
  width?: number;
  /** Sets the default width when `width` is not given. */
  kind?: ColumnKind;
  defaultHidden?: boolean;
  /** The column cannot be hidden (e.g. the one holding the link to the record). */
  alwaysVisible?: boolean;
}

export const MIN_COLUMN_WIDTH = 50;
export const MAX_COLUMN_WIDTH = 1000;

const clampWidth = (w: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, w)));

/**
 * The layout a table starts with: declared order, default-hidden columns hidden, and only the leading
 * columns that fit DEFAULT_VISIBLE_WIDTH (always-visible ones count first) shown, at most 30.
 */
export function defaultLayout(columns: readonly LayoutColumn[]): TableLayout {
  return normalizeLayout(null, columns);
}

/**
 * Repairs a stored layout against the current columns: unknown keys are dropped, new columns join at their
 * declared position, widths are clamped, and no more than 30 columns stay visible.
 */
export function normalizeLayout(stored: unknown, columns: readonly LayoutColumn[]): TableLayout {
  const known = new Map(columns.map((c) => [c.key, c]));
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<TableLayout>;
  const hasStored = Array.isArray(s.order);
  const storedOrder = (hasStored ? (s.order as unknown[]) : []).filter(
    (k): k is string => typeof k === 'string' && known.has(k),
  );
  const order = [...new Set(storedOrder)];
  // New columns go after the column declared before them, so they appear where the developer put them.
  columns.forEach((c, i) => {
    if (order.includes(c.key)) return;
    const before = columns
      .slice(0, i)
      .map((p) => p.key)
      .reverse()
      .find((k) => order.includes(k));
    order.splice(before ? order.indexOf(before) + 1 : 0, 0, c.key);
  });
  const storedHidden = Array.isArray(s.hidden) ? s.hidden.filter((k) => typeof k === 'string') : null;
  const hidden = new Set(
    columns
      .filter((c) => !c.alwaysVisible)
      .filter((c) =>
        storedHidden && hasStored && storedOrder.includes(c.key)
          ? storedHidden.includes(c.key)
          : c.defaultHidden,
      )
      .map((c) => c.key),
  );
  // No stored layout: show the leading columns that fit the default width, the rest start hidden.
  if (!hasStored) {
    let room = DEFAULT_VISIBLE_WIDTH;
    for (const c of columns) if (c.alwaysVisible) room -= defaultWidth(c);
    let full = false;
    for (const key of order) {
      const c = known.get(key);
      if (!c || c.alwaysVisible || hidden.has(key)) continue;
      full ||= defaultWidth(c) > room;
      if (full) hidden.add(key);
      else room -= defaultWidth(c);
    }
  }
  let visible = 0;
  for (const key of order) {
    if (hidden.has(key)) continue;
    if (visible >= MAX_TABLE_COLUMNS && !known.get(key)?.alwaysVisible) hidden.add(key);
    else visible += 1;
  }
  const widths: Record<string, number> = {};
  const storedWidths = s.widths && typeof s.widths === 'object' ? s.widths : {};
  for (const [key, w] of Object.entries(storedWidths)) {
    if (known.has(key) && typeof w === 'number' && Number.isFinite(w)) widths[key] = clampWidth(w);
  }
  return { version: 1, order, hidden: order.filter((k) => hidden.has(k)), widths };
}

/** Keys of the visible columns in display order. */
export const visibleKeys = (layout: TableLayout) => layout.order.filter((k) => !layout.hidden.includes(k));

/** A column's declared width, else its kind's, else 100. */
export const defaultWidth = (col: LayoutColumn) =>
  col.width ?? (col.kind ? KIND_WIDTH[col.kind] : DEFAULT_COLUMN_WIDTH);

/** A column's width: the user's, else the declared one, else its kind's, else 100. */
export const columnWidth = (layout: TableLayout, col: LayoutColumn) =>
  layout.widths[col.key] ?? defaultWidth(col);

/** True when showing one more column would pass the limit of 30. */
export const isAtColumnLimit = (layout: TableLayout) => visibleKeys(layout).length >= MAX_TABLE_COLUMNS;

/** Shows or hides a column; showing is refused (layout unchanged) at the limit of 30 visible columns. */
export function setColumnHidden(layout: TableLayout, key: string, hide: boolean): TableLayout {
  const isHidden = layout.hidden.includes(key);
  if (hide === isHidden || !layout.order.includes(key)) return layout;
  if (!hide && isAtColumnLimit(layout)) return layout;
  const hidden = hide ? [...layout.hidden, key] : layout.hidden.filter((k) => k !== key);
  return { ...layout, hidden: layout.order.filter((k) => hidden.includes(k)) };
}

/** Moves a column to where another one is (drag and drop). */
export function moveColumn(layout: TableLayout, fromKey: string, toKey: string): TableLayout {
  const from = layout.order.indexOf(fromKey);
  const to = layout.order.indexOf(toKey);
  if (from < 0 || to < 0 || from === to) return layout;
  const order = [...layout.order];
  order.splice(to, 0, ...order.splice(from, 1));
  return { ...layout, order, hidden: order.filter((k) => layout.hidden.includes(k)) };
}

/** Sets a column's width (clamped to 50–1000 px). */
export function resizeColumn(layout: TableLayout, key: string, width: number): TableLayout {
  if (!layout.order.includes(key)) return layout;
  return { ...layout, widths: { ...layout.widths, [key]: clampWidth(width) } };
}

/** Where layouts are kept. localStorage now; a server-preference store can implement the same shape. */
export interface LayoutStore {
  load(tableId: string): unknown;
  save(tableId: string, layout: TableLayout | null): void;
}

/** Keeps each table's layout in localStorage under `portal.tableLayout.<tableId>`. */
export const localLayoutStore: LayoutStore = {
  load(tableId) {
    try {
      const raw = localStorage.getItem(`portal.tableLayout.${tableId}`);
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  },
  save(tableId, layout) {
    try {
      const key = `portal.tableLayout.${tableId}`;
      if (layout) localStorage.setItem(key, JSON.stringify(layout));
      else localStorage.removeItem(key);
    } catch {
      // Storage full or unavailable: the layout still applies for this visit.
    }
  },
};
