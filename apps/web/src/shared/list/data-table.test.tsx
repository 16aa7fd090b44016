// @vitest-environment jsdom
import '../testing/antd-jsdom';

import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Key } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutStore } from './column-layout';
import { DataTable, type DataTableColumn, type DataTableRowSelection } from './data-table';
import { pageItems } from './data-table-pager';
import type { ListState } from './list-state';
import type { ListPage, ListQuery } from './use-list-query';

type Row = { id: number; code: string; name: string };

const ROWS: Row[] = [
  { id: 1, code: 'A1', name: 'Alpha' },
  { id: 2, code: 'B2', name: 'Bravo' },
  { id: 3, code: 'C3', name: 'Charlie' },
];

const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'code', title: 'Code', sortable: true, render: (v: string) => <a href={`#${v}`}>{v}</a> },
  { key: 'name', title: 'Name' },
];

/** Keeps no layout: every test starts from the declared columns. */
const memoryStore = (): LayoutStore => ({ load: () => null, save: () => {} });

function fakeList(state: Partial<ListState<never>>, rows = ROWS, total = rows.length) {
  const setState = vi.fn();
  const reset = vi.fn();
  const list: ListQuery<Row, never> = {
    state: { page: 1, pageSize: 10, order: 'asc', filters: {}, ...state } as ListState<never>,
    query: {},
    exportQuery: {},
    setState,
    reset,
    result: { isFetching: false, isPending: false, isError: false } as UseQueryResult<ListPage<Row>>,
    rows,
    total,
    totalCapped: false,
    nextCursor: null,
    prevCursor: null,
  };
  return { list, setState, reset };
}

function renderTable(
  list: ListQuery<Row, never>,
  extra: { onRowOpen?: (r: Row) => void; rowSelection?: DataTableRowSelection<Row> } = {},
) {
  return render(
    <MemoryRouter>
      <DataTable<Row, never>
        tableId="test.list"
        columns={COLUMNS}
        list={list}
        rowKey="id"
        layoutStore={memoryStore()}
        {...extra}
      />
    </MemoryRouter>,
  );
}

// Keys stand for the texts (the catalogues load per language and would suspend the render).
vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({ t: (k: string) => k, i18n: { language: 'en-US' } }),
}));

afterEach(cleanup);

describe('DataTable (issue 20: our own table instead of antd Table)', () => {
  it('is one semantic table: column headers, a row per record, cells rendered by the columns', () => {
    const { list } = fakeList({});
    renderTable(list);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([expect.stringContaining('Code'), 'Name']);
    const rows = screen.getAllByTestId('data-table-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByRole('link').textContent).toBe('B2');
    expect(within(rows[1]).getAllByRole('cell')[1].textContent).toBe('Bravo');
    // The header row is one tab stop: the first column's header cell.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.tabIndex),
    ).toEqual([0, -1]);
  });

  it('sorts from the header: click ascending, Enter descending, again back to the default order', () => {
    const unsorted = fakeList({});
    renderTable(unsorted.list);
    const code = screen.getAllByRole('columnheader')[0];
    expect(code.getAttribute('aria-sort')).toBeNull();
    fireEvent.click(code);
    expect(unsorted.setState).toHaveBeenLastCalledWith({ sort: 'code', order: 'asc' });
    // Not sortable: nothing happens.
    fireEvent.click(screen.getAllByRole('columnheader')[1]);
    expect(unsorted.setState).toHaveBeenCalledTimes(1);
    cleanup();

    const asc = fakeList({ sort: 'code', order: 'asc' });
    renderTable(asc.list);
    const th = screen.getAllByRole('columnheader')[0];
    expect(th.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.keyDown(th, { key: 'Enter' });
    expect(asc.setState).toHaveBeenLastCalledWith({ sort: 'code', order: 'desc' });
    cleanup();

    const desc = fakeList({ sort: 'code', order: 'desc' });
    renderTable(desc.list);
    const th2 = screen.getAllByRole('columnheader')[0];
    expect(th2.getAttribute('aria-sort')).toBe('descending');
    fireEvent.keyDown(th2, { key: ' ' });
    expect(desc.setState).toHaveBeenLastCalledWith({ sort: undefined, order: 'asc' });
  });

  it('pages with its own pager: the current page is marked, other pages and the page size change the state', () => {
    const { list, setState } = fakeList({ page: 2 }, ROWS, 95);
    renderTable(list);
    const pager = screen.getByRole('navigation', { name: 'pager' });
    expect(within(pager).getByTestId('data-table-page-2').getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByTestId('data-table-page-10')).toBeTruthy();
    fireEvent.click(within(pager).getByTestId('data-table-page-3'));
    expect(setState).toHaveBeenLastCalledWith({ page: 3 });
    fireEvent.click(within(pager).getByTestId('data-table-page-prev'));
    expect(setState).toHaveBeenLastCalledWith({ page: 1 });
    fireEvent.change(within(pager).getByTestId('data-table-page-size'), { target: { value: '50' } });
    expect(setState).toHaveBeenLastCalledWith({ pageSize: 50 });
  });

  it('opens a row on click, but not when a link in it is clicked', () => {
    const { list } = fakeList({});
    const onRowOpen = vi.fn();
    renderTable(list, { onRowOpen });
    const row = screen.getAllByTestId('data-table-row')[2];
    fireEvent.click(within(row).getAllByRole('cell')[1]);
    expect(onRowOpen).toHaveBeenCalledWith(ROWS[2]);
    fireEvent.click(within(row).getByRole('link'));
    expect(onRowOpen).toHaveBeenCalledTimes(1);
  });

  it('picks rows with native check boxes, keeps other pages picked, and picks the whole page', () => {
    const { list } = fakeList({});
    const onChange = vi.fn();
    const selection = (keys: Key[]): DataTableRowSelection<Row> => ({
      selectedRowKeys: keys,
      preserveSelectedRowKeys: true,
      onChange,
    });
    const { rerender } = renderTable(list, { rowSelection: selection(['99']) });
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(4);
    fireEvent.click(boxes[2]);
    // '99' is from another page: kept (its row is not known here, so only the picked row is answered).
    expect(onChange).toHaveBeenLastCalledWith(['99', '2'], [ROWS[1]]);

    rerender(
      <MemoryRouter>
        <DataTable<Row, never>
          tableId="test.list"
          columns={COLUMNS}
          list={list}
          rowKey="id"
          layoutStore={memoryStore()}
          rowSelection={selection(['2'])}
        />
      </MemoryRouter>,
    );
    const all = screen.getByRole('checkbox', { name: 'selectAll' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    fireEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith(['2', '1', '3'], [ROWS[1], ROWS[0], ROWS[2]]);
  });

  it('says when nothing is found, and offers to clear the filters of a filtered list', () => {
    const { list, reset } = fakeList({ q: 'zzz' } as Partial<ListState<never>>, []);
    renderTable(list);
    const empty = screen.getByTestId('data-table-empty');
    expect(empty.textContent).toContain('emptyFiltered');
    fireEvent.click(within(empty).getByRole('button'));
    expect(reset).toHaveBeenCalled();
  });
});

describe('pageItems', () => {
  it('lists every page up to 7, else the first, the last and two either side of the current one', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap-end', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap-start', 15, 16, 17, 18, 19, 20]);
  });
});
