import { PAGE_SIZES } from '@portal/contracts';
import type { Key, MouseEvent, ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTablePager } from './data-table-pager';
import { formatTotal } from './format-total';
import './data-table.css';

/** A StaticTable column: the row field it shows (or `render`), its header and how it sorts. */
export interface StaticTableColumn<T> {
  key: string;
  /** Header content (text, or a node such as a title with a hint). */
  title: ReactNode;
  /** The row field shown when there is no `render`; default: `key`. */
  dataIndex?: string;
  render?(value: never, row: T, index: number): ReactNode;
  align?: 'left' | 'center' | 'right';
  /** Sorts the rows in the browser: ascending, descending, then back to the given order. */
  sorter?: (a: T, b: T) => number;
  /** Width in px (the column may still grow with its content). */
  width?: number;
  className?: string;
  /** Keeps the cell on one line (default: text wraps). */
  nowrap?: boolean;
}

export interface StaticTableProps<T> {
  columns: StaticTableColumn<T>[];
  rows: readonly T[];
  /** A row's key: a field name or a function. */
  rowKey: (keyof T & string) | ((row: T, index: number) => Key);
  /** Rows per page; longer tables get our pager (default 50; `false`: every row on one page). */
  pageSize?: number | false;
  /** Offer the lists' page sizes in the pager. */
  pageSizeChoice?: boolean;
  /** Show "Total N records" beside the pager (default: when paged). */
  showTotal?: boolean;
  /** The footer rows (totals): cells in `columns` order, a `tfoot` that stays under every page. */
  summary?: ReactNode;
  /** Called when a row is clicked (not on links or buttons inside it); keyboard users need a link cell. */
  onRowClick?: (row: T) => void;
  rowClassName?: (row: T) => string | undefined;
  /** Test id of each body row (default `static-table-row`). */
  rowTestId?: string | ((row: T) => string);
  /** Shown in the body while the first answer loads (`loading`) or when there are no rows. */
  loading?: boolean;
  empty?: ReactNode;
  caption?: ReactNode;
  /** Limits the height: the header stays in view while the body scrolls. */
  maxHeight?: number;
  size?: 'small' | 'middle';
  'data-testid'?: string;
  'aria-label'?: string;
  className?: string;
}

const INTERACTIVE = 'a,button,input,select,textarea,label,[role="button"],[role="checkbox"]';

type SortState = { key: string; order: 'asc' | 'desc' } | null;

/**
 * A table of rows the page already holds (reports, summaries, the rows of one document): our own semantic
 * `<table>` in the DataTable's look, with header buttons that sort in the browser (`aria-sort` on the
 * header cell), a `tfoot` for totals, and our pager when it is longer than a page. It replaces antd's Table
 * where that was a plain table (issue 20: antd's Table with its tree, filter dropdown and pagination is
 * ~45 KB gzipped of a screen's first load). The DataTable stays the choice for server-paged lists.
 */
export function StaticTable<T extends object>(props: StaticTableProps<T>) {
  const { columns, rows, rowKey, onRowClick, summary, loading } = props;
  const { t, i18n } = useTranslation('list');
  const [sort, setSort] = useState<SortState>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(props.pageSize === false ? 0 : (props.pageSize ?? 50));

  const sorted = useMemo(() => {
    const col = sort ? columns.find((c) => c.key === sort.key) : undefined;
    if (!sort || !col?.sorter) return rows;
    const by = col.sorter;
    const dir = sort.order === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => dir * by(a, b));
  }, [rows, columns, sort]);

  const paged = pageSize > 0 && sorted.length > pageSize;
  const pages = paged ? Math.ceil(sorted.length / pageSize) : 1;
  const current = Math.min(page, pages);
  const shown = paged ? sorted.slice((current - 1) * pageSize, current * pageSize) : sorted;
  const keyOf = (row: T, i: number) =>
    typeof rowKey === 'function' ? rowKey(row, i) : (row[rowKey] as unknown as Key);

  const sortBy = (key: string) => {
    setPage(1);
    setSort((s) =>
      s?.key !== key ? { key, order: 'asc' } : s.order === 'asc' ? { key, order: 'desc' } : null,
    );
  };

  const onClick = (row: T) => (e: MouseEvent<HTMLElement>) => {
    if (!onRowClick) return;
    if ((e.target as HTMLElement).closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return;
    onRowClick(row);
  };

  const testIdOf = (row: T) =>
    typeof props.rowTestId === 'function' ? props.rowTestId(row) : (props.rowTestId ?? 'static-table-row');

  const body = shown.map((row, i) => {
    const index = (current - 1) * (paged ? pageSize : 0) + i;
    const cls = [onRowClick ? 'portal-row-link' : '', props.rowClassName?.(row) ?? '']
      .filter(Boolean)
      .join(' ');
    return (
      <tr
        key={keyOf(row, index)}
        className={cls || undefined}
        onClick={onRowClick ? onClick(row) : undefined}
        data-testid={testIdOf(row)}
      >
        {columns.map((col) => {
          const value = (row as Record<string, unknown>)[col.dataIndex ?? col.key];
          return (
            <td
              key={col.key}
              className={col.className}
              style={{
                textAlign: col.align,
                whiteSpace: col.nowrap ? 'nowrap' : 'normal',
              }}
            >
              {col.render ? col.render(value as never, row, index) : ((value ?? '') as ReactNode)}
            </td>
          );
        })}
      </tr>
    );
  });

  const total = (
    <span data-testid="static-table-total">
      {t('total', { total: formatTotal(rows.length, false, i18n.language) })}
    </span>
  );

  return (
    <div className={props.className} data-testid={props['data-testid']}>
      <div className="portal-data-table">
        <div className="portal-dt-body" style={{ maxHeight: props.maxHeight }} aria-busy={!!loading}>
          <table
            className={`portal-dt portal-st${props.size === 'middle' ? '' : ' portal-st-small'}`}
            style={{ width: '100%' }}
            aria-label={props['aria-label']}
          >
            {props.caption && <caption className="portal-visually-hidden">{props.caption}</caption>}
            <thead>
              <tr>
                {columns.map((col) => {
                  const order = sort?.key === col.key ? sort.order : undefined;
                  return (
                    <th
                      key={col.key}
                      scope="col"
                      style={{ textAlign: col.align, width: col.width }}
                      aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : undefined}
                    >
                      {col.sorter ? (
                        <button
                          type="button"
                          className="portal-st-sort"
                          onClick={() => sortBy(col.key)}
                          style={{ justifyContent: col.align === 'right' ? 'flex-end' : undefined }}
                        >
                          <span>{col.title}</span>
                          <span className="portal-dt-sorter" aria-hidden>
                            <span className={order === 'asc' ? 'on' : undefined}>▲</span>
                            <span className={order === 'desc' ? 'on' : undefined}>▼</span>
                          </span>
                        </button>
                      ) : (
                        col.title
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {body.length ? (
                body
              ) : (
                <tr className="portal-dt-placeholder">
                  <td colSpan={columns.length}>
                    {loading ? (
                      <div style={{ height: 80 }} />
                    ) : (
                      <div className="portal-dt-empty" data-testid="static-table-empty">
                        {props.empty ?? <p>{t('empty')}</p>}
                      </div>
                    )}
                  </td>
                </tr>
              )}
            </tbody>
            {summary && body.length > 0 && <tfoot>{summary}</tfoot>}
          </table>
        </div>
        {loading && (
          <div className="portal-dt-loading" role="status" data-testid="static-table-loading">
            <span className="portal-dt-spinner" aria-hidden />
            <span className="portal-visually-hidden">{t('loading')}</span>
          </div>
        )}
      </div>
      {(paged || (props.pageSizeChoice && rows.length > PAGE_SIZES[0])) && (
        <DataTablePager
          page={current}
          pageSize={pageSize}
          total={rows.length}
          totalText={(props.showTotal ?? true) ? total : null}
          onPage={setPage}
          onPageSize={(n) => {
            setPageSize(n);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}
