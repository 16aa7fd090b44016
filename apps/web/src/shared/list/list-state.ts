import { DEFAULT_PAGE_SIZE, MAX_OFFSET_PAGE, PAGE_SIZES } from '@portal/contracts';

export type SortOrder = 'asc' | 'desc';

/** What a server-side list shows: the page, its size, the sort, the free text and the select filters. */
export interface ListState<F extends string = string> {
  page: number;
  pageSize: number;
  sort?: string;
  order: SortOrder;
  q?: string;
  filters: Partial<Record<F, string>>;
  /**
   * Keyset paging (deep into a big list, beyond MAX_OFFSET_PAGE): the server's opaque cursor and its side, a
   * jump to a sort value (`at`, e.g. a date or an SO# prefix), or the last page. Any of them replaces `page`.
   */
  cursor?: string;
  direction?: 'next' | 'prev';
  at?: string;
  last?: boolean;
}

/** True when the list is paged by cursor, jump or from the end rather than by page number. */
export const isKeyset = (state: Pick<ListState, 'cursor' | 'at' | 'last'>) =>
  Boolean(state.cursor || state.at || state.last);

/** Which URL values a list accepts; anything else in the URL is ignored rather than sent to the server. */
export interface ListStateOptions<F extends string = string> {
  /** Filter names with their allowed values (null: any non-empty text). */
  filters?: { readonly [K in F]: readonly string[] | null };
  /** Columns the server sorts by; an unknown `sort` in the URL is dropped. */
  sortable?: readonly string[];
  defaultSort?: { sort: string; order: SortOrder };
  /** The user's default page size (stored preference, else 10). */
  defaultPageSize?: number;
}

/** The localStorage key holding the user's default page size (000 §9). */
export const PAGE_SIZE_STORAGE_KEY = 'portal.pageSize';

const isPageSize = (n: number) => (PAGE_SIZES as readonly number[]).includes(n);

/** The user's stored default page size when it is one of the allowed sizes, else 10. */
export function storedPageSize(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): number {
  const n = Number(storage?.getItem(PAGE_SIZE_STORAGE_KEY));
  return isPageSize(n) ? n : DEFAULT_PAGE_SIZE;
}

/** Reads list state from URL search params, repairing or dropping values the list would not accept. */
export function parseListState<F extends string>(
  params: URLSearchParams,
  opts: ListStateOptions<F> = {},
): ListState<F> {
  const defaultPageSize = opts.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  let sort = params.get('sort') ?? undefined;
  if (sort && opts.sortable && !opts.sortable.includes(sort)) sort = undefined;
  const orderParam = params.get('order');
  let order: SortOrder = orderParam === 'desc' ? 'desc' : 'asc';
  if (!sort && opts.defaultSort) {
    sort = opts.defaultSort.sort;
    if (orderParam !== 'asc' && orderParam !== 'desc') order = opts.defaultSort.order;
  }
  const q = params.get('q')?.trim() || undefined;
  const filters: Partial<Record<F, string>> = {};
  for (const [name, allowed] of Object.entries(opts.filters ?? {}) as [F, readonly string[] | null][]) {
    const v = params.get(name)?.trim();
    if (v && (allowed === null || allowed.includes(v))) filters[name] = v;
  }
  const cursor = params.get('cursor')?.trim() || undefined;
  const at = params.get('at')?.trim() || undefined;
  const keyset = {
    ...(cursor && {
      cursor,
      direction: params.get('dir') === 'prev' ? ('prev' as const) : ('next' as const),
    }),
    ...(!cursor && at && { at }),
    ...(!cursor && !at && params.get('last') === '1' && { last: true }),
  };
  return {
    ...keyset,
    // Page numbers stop at MAX_OFFSET_PAGE (the server refuses deeper OFFSETs): an old link to a deeper page
    // opens the last numbered page, from where the keyset buttons go on.
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_OFFSET_PAGE) : 1,
    pageSize: isPageSize(pageSize) ? pageSize : defaultPageSize,
    sort,
    order,
    q,
    filters,
  };
}

/** Writes list state as URL search params, leaving defaults out so URLs stay short. */
export function listStateToParams<F extends string>(
  state: ListState<F>,
  opts: ListStateOptions<F> = {},
): URLSearchParams {
  const p = new URLSearchParams();
  const isDefaultSort =
    opts.defaultSort && state.sort === opts.defaultSort.sort && state.order === opts.defaultSort.order;
  if (state.q) p.set('q', state.q);
  for (const [name, value] of Object.entries(state.filters) as [F, string | undefined][]) {
    if (value) p.set(name, value);
  }
  if (state.sort && !isDefaultSort) {
    p.set('sort', state.sort);
    p.set('order', state.order);
  }
  if (state.cursor) {
    p.set('cursor', state.cursor);
    if (state.direction === 'prev') p.set('dir', 'prev');
  } else if (state.at) p.set('at', state.at);
  else if (state.last) p.set('last', '1');
  else if (state.page > 1) p.set('page', String(state.page));
  if (state.pageSize !== (opts.defaultPageSize ?? DEFAULT_PAGE_SIZE))
    p.set('pageSize', String(state.pageSize));
  return p;
}

/** A change to list state. Anything other than a page change returns to page 1. */
export type ListStatePatch<F extends string = string> = Partial<Omit<ListState<F>, 'filters'>> & {
  filters?: Partial<Record<F, string | undefined>>;
};

const sameFilters = (a: Partial<Record<string, string>>, b: Partial<Record<string, string>>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] || undefined) === (b[k] || undefined));
};

/** Applies a patch: new filters, search, sort or page size start again at page 1. */
export function patchListState<F extends string>(
  state: ListState<F>,
  patch: ListStatePatch<F>,
): ListState<F> {
  const filters = { ...state.filters };
  for (const [name, value] of Object.entries(patch.filters ?? {}) as [F, string | undefined][]) {
    if (value) filters[name] = value;
    else delete filters[name];
  }
  const next: ListState<F> = {
    ...state,
    ...patch,
    q: 'q' in patch ? patch.q?.trim() || undefined : state.q,
    filters,
  };
  const changedOtherThanPage =
    next.pageSize !== state.pageSize ||
    next.sort !== state.sort ||
    next.order !== state.order ||
    next.q !== state.q ||
    !sameFilters(next.filters, state.filters);
  if (changedOtherThanPage && patch.page === undefined) next.page = 1;
  // Keyset position: kept only when the patch sets it; a new page number, search, filter, sort or page size
  // starts from that position instead.
  const keysetPatch = 'cursor' in patch || 'at' in patch || 'last' in patch;
  delete next.cursor;
  delete next.direction;
  delete next.at;
  delete next.last;
  if (keysetPatch && !changedOtherThanPage) {
    if (patch.cursor) Object.assign(next, { cursor: patch.cursor, direction: patch.direction ?? 'next' });
    else if (patch.at) next.at = patch.at;
    else if (patch.last) next.last = true;
  }
  return next;
}

/** The query string sent to a list or export endpoint. */
export function listStateToQuery<F extends string>(
  state: ListState<F>,
  withPaging = true,
): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (withPaging) {
    query.page = state.page;
    query.pageSize = state.pageSize;
    if (state.cursor) {
      query.cursor = state.cursor;
      query.direction = state.direction ?? 'next';
    } else if (state.at) query.at = state.at;
    else if (state.last) query.direction = 'prev';
  }
  if (state.sort) {
    query.sort = state.sort;
    query.order = state.order;
  }
  if (state.q) query.q = state.q;
  for (const [name, value] of Object.entries(state.filters) as [F, string | undefined][]) {
    if (value) query[name] = value;
  }
  return query;
}

/** True when a search text or a filter narrows the list. */
export const isFiltered = (state: ListState) =>
  Boolean(state.q) || Object.values(state.filters).some(Boolean);
