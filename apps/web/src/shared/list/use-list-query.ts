import { MAX_OFFSET_PAGE } from '@portal/contracts';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { api } from '../api/http';
import { rememberListSearch } from './list-return';
import {
  isKeyset,
  type ListState,
  type ListStateOptions,
  type ListStatePatch,
  listStateToParams,
  listStateToQuery,
  parseListState,
  patchListState,
  storedPageSize,
} from './list-state';

/** One page of a server list (contracts `listResponse`). */
export interface ListPage<T> {
  rows: T[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  /** Keyset cursors of the rows after and before this page (null at an end). */
  nextCursor?: string | null;
  prevCursor?: string | null;
}

export interface UseListQueryOptions<F extends string> extends Omit<ListStateOptions<F>, 'defaultPageSize'> {
  /** React Query key prefix, e.g. `['carrier', 'list']`; the query string is appended. */
  queryKey: readonly unknown[];
  /** API path under /api/v1, e.g. `/Carrier`. */
  path: string;
  enabled?: boolean;
}

export interface ListQuery<T, F extends string = string> {
  state: ListState<F>;
  /** Query string for the list call (with paging). */
  query: Record<string, string | number>;
  /** Same filters and sort without paging, for the export call. */
  exportQuery: Record<string, string | number>;
  /**
   * Changes the list state and writes it to the URL (a new history entry, so Back undoes it; `replace`
   * rewrites the current entry instead).
   */
  setState: (patch: ListStatePatch<F>, replace?: boolean) => void;
  /** Clears search, filters and sort; keeps the page size. */
  reset: () => void;
  result: UseQueryResult<ListPage<T>>;
  rows: T[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * Server-side list state kept in the URL (page, pageSize, sort, order, q and filters), fetched with React
 * Query. The previous page stays on screen while the next one loads.
 */
export function useListQuery<T, F extends string = never>(opts: UseListQueryOptions<F>): ListQuery<T, F> {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [defaultPageSize] = useState(() => storedPageSize());
  const optsRef = useRef<ListStateOptions<F>>({});
  optsRef.current = {
    filters: opts.filters,
    sortable: opts.sortable,
    defaultSort: opts.defaultSort,
    defaultPageSize,
  };

  const state = parseListState(params, optsRef.current);
  const query = listStateToQuery(state);
  const exportQuery = listStateToQuery(state, false);

  const result = useQuery({
    queryKey: [...opts.queryKey, query],
    queryFn: ({ signal }) => api.get<ListPage<T>>(opts.path, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });

  const setState = useCallback(
    (patch: ListStatePatch<F>, replace = false) =>
      setParams(
        (prev) => {
          const current = parseListState(prev, optsRef.current);
          return listStateToParams(patchListState(current, patch), optsRef.current);
        },
        { replace },
      ),
    [setParams],
  );

  const reset = useCallback(
    () =>
      setParams((prev) => {
        const { pageSize } = parseListState(prev, optsRef.current);
        return listStateToParams({ page: 1, pageSize, order: 'asc', filters: {} }, optsRef.current);
      }),
    [setParams],
  );

  useEffect(() => {
    rememberListSearch(location.pathname, location.search);
  }, [location.pathname, location.search]);

  // A page past the end (rows deleted, or an old link): go to the last page instead of an empty table.
  const data = result.data;
  const isPlaceholder = result.isPlaceholderData;
  useEffect(() => {
    if (!data || isPlaceholder || data.rows.length > 0 || data.total === 0 || state.page <= 1) return;
    if (isKeyset(state)) return;
    // Page numbers stop at MAX_OFFSET_PAGE (the server refuses deeper OFFSETs); deeper pages go by cursor.
    const last = Math.min(MAX_OFFSET_PAGE, Math.max(1, Math.ceil(data.total / state.pageSize)));
    if (last < state.page) setState({ page: last }, true);
  }, [data, isPlaceholder, state, setState]);

  return {
    state,
    query,
    exportQuery,
    setState,
    reset,
    result,
    rows: data?.rows ?? [],
    total: data?.total ?? 0,
    totalCapped: data?.totalCapped ?? false,
    nextCursor: data?.nextCursor ?? null,
    prevCursor: data?.prevCursor ?? null,
  };
}
