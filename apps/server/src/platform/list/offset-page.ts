/** What an offset-paged list answers beside its rows: an exact total, the page asked for and no cursors. */
export type OffsetPageAnswer<P extends object> = Omit<
  P,
  'totalCapped' | 'page' | 'pageSize' | 'nextCursor' | 'prevCursor'
> & {
  totalCapped: boolean;
  page: number;
  pageSize: number;
  nextCursor: null;
  prevCursor: null;
};

/**
 * The list answer of a page read by offset (rows and exact total from the repository, `q`'s page and size):
 * the total is never capped and there are no keyset cursors.
 */
export function offsetPageAnswer<P extends object>(
  page: P,
  q: { page: number; pageSize: number },
): OffsetPageAnswer<P> {
  return {
    ...page,
    totalCapped: false,
    page: q.page,
    pageSize: q.pageSize,
    nextCursor: null,
    prevCursor: null,
  };
}
