import type { TableLayout } from './column-layout';
import type { ListState, ListStatePatch, SortOrder } from './list-state';

/** What a saved view holds (the `preference` JSON of a 'table_view' user preference). */
export interface TableView {
  version: 1;
  layout: TableLayout;
  q?: string;
  filters: Record<string, string>;
  sort?: string;
  order: SortOrder;
}

/** The current layout, search, filters and sort as a view to save. */
export function viewFromState(layout: TableLayout, state: ListState): TableView {
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(state.filters)) if (v) filters[k] = v;
  return { version: 1, layout, q: state.q, filters, sort: state.sort, order: state.order };
}

/** Reads a stored view defensively (it may come from an older version or be damaged). */
export function readView(stored: unknown): TableView | null {
  if (!stored || typeof stored !== 'object') return null;
  const v = stored as Partial<TableView>;
  const filters: Record<string, string> = {};
  if (v.filters && typeof v.filters === 'object') {
    for (const [k, val] of Object.entries(v.filters)) if (typeof val === 'string' && val) filters[k] = val;
  }
  return {
    version: 1,
    layout: (v.layout ?? null) as TableLayout,
    q: typeof v.q === 'string' && v.q ? v.q : undefined,
    filters,
    sort: typeof v.sort === 'string' ? v.sort : undefined,
    order: v.order === 'desc' ? 'desc' : 'asc',
  };
}

/**
 * The list-state change that shows a view: its search, filters and sort replace the current ones
 * (filters the view does not set are cleared), from page 1; the page size stays.
 */
export function viewToPatch<F extends string>(view: TableView, state: ListState<F>): ListStatePatch<F> {
  const filters: Partial<Record<F, string | undefined>> = {};
  for (const k of Object.keys(state.filters) as F[]) filters[k] = undefined;
  for (const [k, v] of Object.entries(view.filters)) filters[k as F] = v;
  return { q: view.q ?? '', filters, sort: view.sort, order: view.order, page: 1 };
}
