// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaticTable, type StaticTableColumn } from './static-table';

type Row = { id: number; code: string; amount: number };

const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    code: `C${String(n - i).padStart(3, '0')}`,
    amount: i * 10,
  }));

const COLUMNS: StaticTableColumn<Row>[] = [
  { key: 'code', title: 'Code', sorter: (a, b) => a.code.localeCompare(b.code) },
  { key: 'amount', title: 'Amount', align: 'right', render: (v: number) => `$${v}` },
];

const bodyCodes = () =>
  screen.getAllByTestId('static-table-row').map((tr) => within(tr).getAllByRole('cell')[0].textContent);

afterEach(cleanup);

describe('StaticTable', () => {
  it('shows the rows in the given order, rendered cells and a footer', () => {
    render(
      <StaticTable
        columns={COLUMNS}
        rows={rows(3)}
        rowKey="id"
        summary={
          <tr data-testid="totals">
            <td>Total</td>
            <td>$30</td>
          </tr>
        }
      />,
    );
    expect(bodyCodes()).toEqual(['C003', 'C002', 'C001']);
    expect(screen.getAllByRole('cell')[1].textContent).toBe('$0');
    expect(screen.getByTestId('totals').closest('tfoot')).not.toBeNull();
    // Three rows fit one page: no pager.
    expect(screen.queryByTestId('data-table-pager')).toBeNull();
  });

  it('sorts ascending, descending, then back to the given order, and says so with aria-sort', () => {
    render(<StaticTable columns={COLUMNS} rows={rows(3)} rowKey="id" />);
    const sortButton = screen.getByRole('button', { name: /Code/ });
    const header = sortButton.closest('th') as HTMLElement;
    fireEvent.click(sortButton);
    expect(bodyCodes()).toEqual(['C001', 'C002', 'C003']);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(sortButton);
    expect(bodyCodes()).toEqual(['C003', 'C002', 'C001']);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(sortButton);
    expect(header.getAttribute('aria-sort')).toBeNull();
    // A column without a sorter has no button.
    expect(screen.queryByRole('button', { name: /Amount/ })).toBeNull();
  });

  it('pages a long table with the pager and keeps sorting across pages', () => {
    render(<StaticTable columns={COLUMNS} rows={rows(120)} rowKey="id" />);
    expect(screen.getAllByTestId('static-table-row')).toHaveLength(50);
    fireEvent.click(screen.getByTestId('data-table-page-3'));
    expect(screen.getAllByTestId('static-table-row')).toHaveLength(20);
    // Sorting goes back to the first page, with the smallest code first.
    fireEvent.click(screen.getByRole('button', { name: /Code/ }));
    expect(bodyCodes()[0]).toBe('C001');
    expect(screen.getByTestId('data-table-page-1').getAttribute('aria-current')).toBe('page');
  });

  it('opens a row on click but not when a link in it is clicked, and shows an empty state', () => {
    const open = vi.fn();
    const cols: StaticTableColumn<Row>[] = [
      { key: 'code', title: 'Code', render: (v: string) => <a href={`#${v}`}>{v}</a> },
    ];
    const { unmount } = render(<StaticTable columns={cols} rows={rows(2)} rowKey="id" onRowClick={open} />);
    fireEvent.click(screen.getByText('C001'));
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByTestId('static-table-row')[1]);
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ code: 'C001' }));
    unmount();
    render(<StaticTable columns={cols} rows={[]} rowKey="id" empty="Nothing here" />);
    expect(screen.getByTestId('static-table-empty').textContent).toBe('Nothing here');
  });
});
