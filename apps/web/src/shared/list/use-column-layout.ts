import { useCallback, useMemo, useState } from 'react';
import {
  defaultLayout,
  type LayoutColumn,
  type LayoutStore,
  localLayoutStore,
  moveColumn,
  normalizeLayout,
  resizeColumn,
  setColumnHidden,
  type TableLayout,
} from './column-layout';

export interface ColumnLayoutApi {
  layout: TableLayout;
  setHidden: (key: string, hidden: boolean) => void;
  move: (fromKey: string, toKey: string) => void;
  resize: (key: string, width: number) => void;
  /** Back to the declared columns; forgets the stored layout. */
  reset: () => void;
  /** Replaces the layout (e.g. with a saved view's), repaired against the current columns, and stores it. */
  apply: (layout: unknown) => void;
}

/** A table's column layout, loaded from and saved to a LayoutStore (localStorage by default). */
export function useColumnLayout(
  tableId: string,
  columns: readonly LayoutColumn[],
  store: LayoutStore = localLayoutStore,
): ColumnLayoutApi {
  const signature = columns
    .map((c) => `${c.key}:${c.defaultHidden ? 1 : 0}:${c.alwaysVisible ? 1 : 0}`)
    .join();
  const [stored, setStored] = useState<unknown>(() => store.load(tableId));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the columns' identity
  const layout = useMemo(() => normalizeLayout(stored, columns), [stored, signature]);

  const update = useCallback(
    (fn: (l: TableLayout) => TableLayout) => {
      const next = fn(layout);
      if (next === layout) return;
      store.save(tableId, next);
      setStored(next);
    },
    [layout, store, tableId],
  );

  return {
    layout,
    setHidden: (key, hidden) => update((l) => setColumnHidden(l, key, hidden)),
    move: (from, to) => update((l) => moveColumn(l, from, to)),
    resize: (key, width) => update((l) => resizeColumn(l, key, width)),
    reset: () => {
      store.save(tableId, null);
      setStored(defaultLayout(columns));
    },
    apply: (next) => {
      const repaired = normalizeLayout(next, columns);
      store.save(tableId, repaired);
      setStored(repaired);
    },
  };
}
