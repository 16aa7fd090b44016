import { describe, expect, it } from 'vitest';
import type { TableLayout } from './column-layout';
import type { ListState } from './list-state';
import { readView, viewFromState, viewToPatch } from './table-view';

const layout: TableLayout = { version: 1, order: ['b', 'a'], hidden: ['a'], widths: { b: 150 } };
const state: ListState<'status' | 'type'> = {
  page: 3,
  pageSize: 20,
  sort: 'code',
  order: 'desc',
  q: 'maersk',
  filters: { status: 'A', type: undefined },
};

describe('table views', () => {
  it('saves layout, search, filters and sort, leaving out empty filters and paging', () => {
    expect(viewFromState(layout, state)).toEqual({
      version: 1,
      layout,
      q: 'maersk',
      filters: { status: 'A' },
      sort: 'code',
      order: 'desc',
    });
  });

  it('applies a view from page 1, clearing filters it does not set', () => {
    const view = readView({ layout, filters: { type: 'OCEAN' }, sort: 'name', order: 'asc' });
    expect(view && viewToPatch(view, state)).toEqual({
      q: '',
      filters: { status: undefined, type: 'OCEAN' },
      sort: 'name',
      order: 'asc',
      page: 1,
    });
  });

  it('reads damaged views safely', () => {
    expect(readView(null)).toBeNull();
    expect(readView('x')).toBeNull();
    expect(readView({ filters: { a: 5, b: 'ok' }, order: 'sideways', q: 7 })).toMatchObject({
      filters: { b: 'ok' },
      order: 'asc',
      q: undefined,
    });
  });
});
