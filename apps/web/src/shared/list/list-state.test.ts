import { describe, expect, it } from 'vitest';
import { formatTotal } from './format-total';
import {
  isFiltered,
  type ListStateOptions,
  listStateToParams,
  listStateToQuery,
  parseListState,
  patchListState,
  storedPageSize,
} from './list-state';

type F = 'alliance' | 'status';
const opts: ListStateOptions<F> = {
  filters: { alliance: ['GEMINI', 'OCEAN'], status: ['A', 'I'] },
  sortable: ['carrier_code', 'updated_at'],
};
const parse = (search: string, o = opts) => parseListState<F>(new URLSearchParams(search), o);

describe('list state in the URL', () => {
  it('opens on page 1 with the default page size and no filters', () => {
    expect(parse('')).toEqual({
      page: 1,
      pageSize: 10,
      sort: undefined,
      order: 'asc',
      q: undefined,
      filters: {},
    });
  });

  it('reads page, size, sort, search and filters back from a reloaded URL', () => {
    expect(
      parse('page=3&pageSize=50&sort=updated_at&order=desc&q=%20mae%20&alliance=OCEAN&status=I'),
    ).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'updated_at',
      order: 'desc',
      q: 'mae',
      filters: { alliance: 'OCEAN', status: 'I' },
    });
  });

  it('ignores values the list would not accept instead of sending them to the server', () => {
    const s = parse('page=-2&pageSize=7&sort=password&order=sideways&alliance=NOPE&other=1');
    expect(s).toEqual({ page: 1, pageSize: 10, sort: undefined, order: 'asc', q: undefined, filters: {} });
    expect(parse('page=2.5').page).toBe(1);
  });

  it("uses the user's stored page size when the URL has none", () => {
    expect(parse('', { ...opts, defaultPageSize: 30 }).pageSize).toBe(30);
    expect(storedPageSize({ getItem: () => '40' })).toBe(40);
    expect(storedPageSize({ getItem: () => '33' })).toBe(10);
    expect(storedPageSize({ getItem: () => null })).toBe(10);
  });

  it('applies the default sort only when the URL names none', () => {
    const o = { ...opts, defaultSort: { sort: 'updated_at', order: 'desc' as const } };
    expect(parse('', o)).toMatchObject({ sort: 'updated_at', order: 'desc' });
    expect(parse('sort=carrier_code', o)).toMatchObject({ sort: 'carrier_code', order: 'asc' });
    expect(listStateToParams(parse('', o), o).toString()).toBe('');
  });

  it('round-trips through the URL and leaves defaults out', () => {
    const search = 'q=mae&alliance=OCEAN&sort=carrier_code&order=desc&page=2&pageSize=20';
    expect(listStateToParams(parse(search), opts).toString()).toBe(search);
    expect(listStateToParams(parse('page=1&pageSize=10'), opts).toString()).toBe('');
  });
});

describe('changing the list', () => {
  const base = parse('page=4&pageSize=20&q=mae&alliance=OCEAN');

  it('keeps the filters when only the page changes', () => {
    expect(patchListState(base, { page: 5 })).toMatchObject({
      page: 5,
      q: 'mae',
      filters: { alliance: 'OCEAN' },
    });
  });

  it('goes back to page 1 when search, a filter, the sort or the page size changes', () => {
    expect(patchListState(base, { q: 'one' }).page).toBe(1);
    expect(patchListState(base, { filters: { status: 'A' } })).toMatchObject({
      page: 1,
      filters: { alliance: 'OCEAN', status: 'A' },
    });
    expect(patchListState(base, { sort: 'carrier_code' }).page).toBe(1);
    expect(patchListState(base, { pageSize: 50 }).page).toBe(1);
  });

  it('clears a filter or the search when set empty', () => {
    const s = patchListState(base, { q: '  ', filters: { alliance: undefined } });
    expect(s.q).toBeUndefined();
    expect(s.filters).toEqual({});
    expect(isFiltered(s)).toBe(false);
    expect(isFiltered(base)).toBe(true);
  });

  it('stays on the page when nothing really changed', () => {
    expect(patchListState(base, { filters: { alliance: 'OCEAN' } }).page).toBe(4);
  });

  it('sends paging to the list call and only filters and sort to the export', () => {
    const s = patchListState(base, { sort: 'carrier_code', order: 'desc' });
    expect(listStateToQuery(s)).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'carrier_code',
      order: 'desc',
      q: 'mae',
      alliance: 'OCEAN',
    });
    expect(listStateToQuery(s, false)).toEqual({
      sort: 'carrier_code',
      order: 'desc',
      q: 'mae',
      alliance: 'OCEAN',
    });
  });
});

describe('list total', () => {
  it('shows a capped count as 10,000+', () => {
    expect(formatTotal(10_000, true)).toBe('10,000+');
    expect(formatTotal(1234, false)).toBe('1,234');
    expect(formatTotal(0, false)).toBe('0');
  });
});

describe('keyset paging state (beyond page 50)', () => {
  it('reads and writes cursor, jump and last-page positions, one at a time', () => {
    const cur = parse('cursor=abc&dir=prev&page=7');
    expect(cur).toMatchObject({ cursor: 'abc', direction: 'prev' });
    expect(listStateToParams(cur, opts).toString()).toBe('cursor=abc&dir=prev');
    expect(listStateToQuery(cur)).toMatchObject({ cursor: 'abc', direction: 'prev' });
    const at = parse('at=2026-03-01');
    expect(listStateToQuery(at)).toMatchObject({ at: '2026-03-01' });
    expect(listStateToQuery(at, false)).not.toHaveProperty('at');
    const last = parse('last=1');
    expect(listStateToQuery(last)).toMatchObject({ direction: 'prev' });
    expect(listStateToQuery(last)).not.toHaveProperty('cursor');
    // A cursor wins over a jump and the last page.
    expect(parse('cursor=x&at=y&last=1')).toMatchObject({ cursor: 'x' });
    expect(parse('cursor=x&at=y&last=1').at).toBeUndefined();
    // Page numbers stop at page 50: an old deep link opens page 50.
    expect(parse('page=300').page).toBe(50);
    expect(parse('page=50').page).toBe(50);
  });

  it('leaves keyset paging on any other change, and replaces one position with another', () => {
    const cur = parse('cursor=abc');
    expect(patchListState(cur, { page: 3 })).toMatchObject({ page: 3 });
    expect(patchListState(cur, { page: 3 }).cursor).toBeUndefined();
    expect(patchListState(cur, { q: 'msc' }).cursor).toBeUndefined();
    expect(patchListState(cur, { sort: 'updated_at' }).cursor).toBeUndefined();
    const jumped = patchListState(cur, { at: '2026-01-01' });
    expect(jumped.at).toBe('2026-01-01');
    expect(jumped.cursor).toBeUndefined();
    const last = patchListState(jumped, { last: true });
    expect(last).toMatchObject({ last: true });
    expect(last.at).toBeUndefined();
    const next = patchListState(last, { cursor: 'n1', direction: 'next' });
    expect(next).toMatchObject({ cursor: 'n1', direction: 'next' });
    expect(next.last).toBeUndefined();
  });
});
