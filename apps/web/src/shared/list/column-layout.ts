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

/** What the layout needs to know about a column. */
export interface LayoutColumn {
  key: string;
  width?: number;
  defaultHidden?: boolean;
  /** The column cannot be hidden (e.g. the one holding the link to the record). */
  alwaysVisible?: boolean;
}

export const MIN_COLUMN_WIDTH = 50;
export const MAX_COLUMN_WIDTH = 1000;

const clampWidth = (w: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, w)));

/** The layout a table starts with: declared order, default-hidden columns hidden, at most 30 visible. */
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

/** A column's width: the user's, else the declared one, else 100. */
export const columnWidth = (layout: TableLayout, col: LayoutColumn) =>
  layout.widths[col.key] ?? col.width ?? DEFAULT_COLUMN_WIDTH;

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
