// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainTable } from './plain-table';

afterEach(cleanup);

const columns = [
  { key: 'code', title: 'Code', render: (_: undefined, r: { code: string; n: number }) => r.code },
  { key: 'n', title: 'Next', width: 80, render: (_: undefined, r: { code: string; n: number }) => r.n },
];

describe('PlainTable (issue 20: rows a page holds, without StaticTable)', () => {
  it('names its columns as column headers and shows a row per item', () => {
    render(
      <PlainTable
        data-testid="t"
        columns={columns}
        rows={[
          { code: 'HKG', n: 12 },
          { code: 'SHA', n: 3 },
        ]}
        rowKey={(r) => r.code}
        empty="None"
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Next']);
    const rows = screen.getAllByTestId('static-table-row');
    expect(rows.map((r) => r.textContent)).toEqual(['HKG12', 'SHA3']);
    expect(screen.queryByTestId('static-table-empty')).toBeNull();
  });

  it('shows the empty text across every column when there is no row', () => {
    render(<PlainTable columns={columns} rows={[]} rowKey={(r) => r.code} empty="No counters yet" />);
    const empty = screen.getByTestId('static-table-empty');
    expect(empty.textContent).toBe('No counters yet');
    expect(empty.closest('td')?.getAttribute('colspan')).toBe('2');
  });
});
