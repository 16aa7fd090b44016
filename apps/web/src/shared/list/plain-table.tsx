import type { CSSProperties, Key, ReactNode } from 'react';
import './data-table.css';

export interface PlainTableColumn<R> {
  key: string;
  title: ReactNode;
  width?: number | string;
  /** antd's column `render(value, row)`: there is no data index, so the value is always undefined. */
  render: (value: undefined, row: R) => ReactNode;
}

/**
 * Rows a page holds, as a `<table>` in the lists' look without sorting, picking or paging (issue 20: an editable
 * grid or a short list has no use for StaticTable's machinery and its pager): header cells are column headers,
 * and an empty table shows `empty` in one cell. Rows keep StaticTable's test ids (`static-table-row`,
 * `static-table-empty`) for the journeys.
 */
export function PlainTable<R>({
  rows,
  columns,
  rowKey,
  empty,
  wrap,
  'data-testid': testId,
}: {
  rows: readonly R[];
  columns: readonly PlainTableColumn<R>[];
  rowKey: (row: R) => Key;
  empty: ReactNode;
  /** Let cell text wrap (form fields in cells) instead of the lists' one line. */
  wrap?: boolean;
  'data-testid'?: string;
}) {
  const cell: CSSProperties | undefined = wrap ? { whiteSpace: 'normal' } : undefined;
  return (
    <div data-testid={testId}>
      <div className="portal-data-table">
        <div className="portal-dt-body">
          <table className="portal-dt portal-st portal-st-small" style={{ width: '100%' }}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" style={{ width: c.width }}>
                    {c.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.length ? (
                rows.map((r) => (
                  <tr key={rowKey(r)} data-testid="static-table-row">
                    {columns.map((c) => (
                      <td key={c.key} style={cell}>
                        {c.render(undefined, r)}
                      </td>
                    ))}
                  </tr>
                ))
              ) : (
                <tr className="portal-dt-placeholder">
                  <td colSpan={columns.length}>
                    <div className="portal-dt-empty" data-testid="static-table-empty">
                      {empty}
                    </div>
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
