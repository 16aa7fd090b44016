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

  it('picks rows with check boxes, keeps picks of other pages, and honours disabled boxes', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <StaticTable
        columns={COLUMNS}
        rows={rows(3)}
        rowKey="id"
        rowSelection={{
          selectedRowKeys: [99],
          onChange,
          isDisabled: (r) => r.id === 3,
          label: (r) => `Pick ${r.code}`,
        }}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pick C003' }));
    expect(onChange).toHaveBeenLastCalledWith([99, 1]);
    expect((screen.getByRole('checkbox', { name: 'Pick C001' }) as HTMLInputElement).disabled).toBe(true);
    // "All on this page" ticks the boxes that can be ticked, and keeps the pick of another page (99).
    fireEvent.click(screen.getByRole('checkbox', { name: 'selectAll' }));
    expect(onChange).toHaveBeenLastCalledWith([99, 1, 2]);
    rerender(
      <StaticTable
        columns={COLUMNS}
        rows={rows(3)}
        rowKey="id"
        rowSelection={{ selectedRowKeys: [1, 2], onChange, isDisabled: (r) => r.id === 3 }}
      />,
    );
    const all = screen.getByRole('checkbox', { name: 'selectAll' }) as HTMLInputElement;
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('unfolds a row into its details with a button that says whether it is open', () => {
    render(
      <StaticTable
        columns={COLUMNS}
        rows={rows(2)}
        rowKey="id"
        expandable={{ render: (r) => `Details of ${r.code}`, rowExpandable: (r) => r.id === 1 }}
      />,
    );
    const buttons = screen.getAllByTestId('static-table-expand');
    expect(buttons).toHaveLength(1);
    expect(buttons[0].getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(buttons[0]);
    expect(buttons[0].getAttribute('aria-expanded')).toBe('true');
    const details = screen.getByTestId('static-table-expanded');
    expect(details.textContent).toBe('Details of C002');
    expect(details.querySelector('td')?.getAttribute('colspan')).toBe('3');
    fireEvent.click(buttons[0]);
    expect(screen.queryByTestId('static-table-expanded')).toBeNull();
  });

  it('shows a page the server gave and asks it for another', () => {
    const onChange = vi.fn();
    render(
      <StaticTable
        columns={COLUMNS}
        rows={rows(20)}
        rowKey="id"
        paging={{ page: 2, pageSize: 20, total: 65, onChange }}
      />,
    );
    expect(screen.getAllByTestId('static-table-row')).toHaveLength(20);
    expect(screen.getByTestId('data-table-page-2').getAttribute('aria-current')).toBe('page');
    // 65 rows at 20 a page: four pages.
    expect(screen.queryByTestId('data-table-page-5')).toBeNull();
    fireEvent.click(screen.getByTestId('data-table-page-4'));
    expect(onChange).toHaveBeenCalledWith(4, 20);
  });
});
