import { PAGE_SIZES } from '@portal/contracts';
import type { Key, ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTablePager } from './data-table-pager';
import { formatTotal } from './format-total';
import { rowClickHandler } from './row-click';
import { SelectAllHeader } from './select-all-header';
import './data-table.css';

/** A StaticTable column: the row field it shows (or `render`), its header and how it sorts. */
export interface StaticTableColumn<T> {
  key: string;
  /** Header content (text, or a node such as a title with a hint); none for a column of pick boxes or actions. */
  title?: ReactNode;
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

/** Check boxes to pick rows; picks of rows not shown (other pages, other searches) are kept. */
export interface StaticTableRowSelection<T> {
  selectedRowKeys: readonly Key[];
  onChange: (keys: Key[]) => void;
  /** A row whose box cannot be ticked (it can still be unticked when picked). */
  isDisabled?: (row: T) => boolean;
  /** The box's accessible name (default "Select row N"). */
  label?: (row: T) => string;
}

/** A row that unfolds into a second row under it (details, a drill-down), opened by a button in the first cell. */
export interface StaticTableExpandable<T> {
  render: (row: T) => ReactNode;
  /** Rows without details get no button. */
  rowExpandable?: (row: T) => boolean;
}

/** Rows paged by the server: `rows` is the current page, the pager asks for another one. */
export interface StaticTablePaging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

export interface StaticTableProps<T> {
  columns: StaticTableColumn<T>[];
  rows: readonly T[];
  /** A row's key: a field name or a function. */
  rowKey: (keyof T & string) | ((row: T, index: number) => Key);
  /** The sort shown first (a column with a `sorter`); the third press on its header goes back to the given order. */
  defaultSort?: { key: string; order: 'asc' | 'desc' };
  rowSelection?: StaticTableRowSelection<T>;
  expandable?: StaticTableExpandable<T>;
  /** The server pages the rows (sorting stays within the page); without it the table pages in the browser. */
  paging?: StaticTablePaging;
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

type SortState = { key: string; order: 'asc' | 'desc' } | null;

/**
 * A table of rows the page already holds (reports, summaries, the rows of one document): our own semantic
 * `<table>` in the DataTable's look, with header buttons that sort in the browser (`aria-sort` on the
 * header cell), a `tfoot` for totals, and our pager when it is longer than a page. It replaces antd's Table
 * where that was a plain table (issue 20: antd's Table with its tree, filter dropdown and pagination is
 * ~45 KB gzipped of a screen's first load). The DataTable stays the choice for server-paged lists.
 */
export function StaticTable<T extends object>(props: StaticTableProps<T>) {
  const { columns, rows, rowKey, onRowClick, summary, loading, rowSelection, expandable, paging } = props;
  const { t, i18n } = useTranslation('list');
  const [sort, setSort] = useState<SortState>(props.defaultSort ?? null);
  const [page, setPage] = useState(1);
  const [ownPageSize, setPageSize] = useState(props.pageSize === false ? 0 : (props.pageSize ?? 50));
  const [open, setOpen] = useState<ReadonlySet<Key>>(() => new Set());

  const sorted = useMemo(() => {
    const col = sort ? columns.find((c) => c.key === sort.key) : undefined;
    if (!sort || !col?.sorter) return rows;
    const by = col.sorter;
    const dir = sort.order === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => dir * by(a, b));
  }, [rows, columns, sort]);

  const pageSize = paging ? paging.pageSize : ownPageSize;
  const total = paging ? paging.total : sorted.length;
  const paged = paging ? total > pageSize : pageSize > 0 && sorted.length > pageSize;
  const pages = paged ? Math.ceil(total / pageSize) : 1;
  const current = paging ? paging.page : Math.min(page, pages);
  const shown = paged && !paging ? sorted.slice((current - 1) * pageSize, current * pageSize) : sorted;
  const keyOf = (row: T, i: number) =>
    typeof rowKey === 'function' ? rowKey(row, i) : (row[rowKey] as unknown as Key);
  const firstIndex = paged && !paging ? (current - 1) * pageSize : 0;
  const shownKeys = shown.map((row, i) => keyOf(row, firstIndex + i));

  const picked = new Set((rowSelection?.selectedRowKeys ?? []).map(String));
  const pickable = rowSelection
    ? shownKeys.filter((k, i) => picked.has(String(k)) || !rowSelection.isDisabled?.(shown[i]))
    : [];
  const pagePicked = pickable.filter((k) => picked.has(String(k))).length;
  const pick = (keys: Key[], add: boolean) => {
    if (!rowSelection) return;
    const next = new Map(rowSelection.selectedRowKeys.map((k) => [String(k), k] as const));
    for (const k of keys) {
      if (add) next.set(String(k), k);
      else next.delete(String(k));
    }
    rowSelection.onChange([...next.values()]);
  };
  const toggle = (key: Key) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const width = columns.length + (rowSelection ? 1 : 0) + (expandable ? 1 : 0);

  const toPage = (p: number, size = pageSize) => (paging ? paging.onChange(p, size) : setPage(p));

  const sortBy = (key: string) => {
    if (!paging) setPage(1);
    setSort((s) =>
      s?.key !== key ? { key, order: 'asc' } : s.order === 'asc' ? { key, order: 'desc' } : null,
    );
  };

  const onClick = onRowClick ? rowClickHandler(onRowClick) : undefined;

  const testIdOf = (row: T) =>
    typeof props.rowTestId === 'function' ? props.rowTestId(row) : (props.rowTestId ?? 'static-table-row');

  const body = shown.flatMap((row, i) => {
    const index = firstIndex + i;
    const key = shownKeys[i];
    const isPicked = picked.has(String(key));
    const canExpand = !!expandable && (expandable.rowExpandable?.(row) ?? true);
    const isOpen = canExpand && open.has(key);
    const cls = [
      onRowClick ? 'portal-row-link' : '',
      isPicked ? 'portal-dt-row-selected' : '',
      props.rowClassName?.(row) ?? '',
    ]
      .filter(Boolean)
      .join(' ');
    const main = (
      <tr key={key} className={cls || undefined} onClick={onClick?.(row)} data-testid={testIdOf(row)}>
        {expandable && (
          <td className="portal-st-expand">
            {canExpand && (
              <button
                type="button"
                className="portal-st-expander"
                aria-expanded={isOpen}
                aria-label={t(isOpen ? 'collapseRow' : 'expandRow', { row: index + 1 })}
                onClick={() => toggle(key)}
                data-testid="static-table-expand"
              >
                <span aria-hidden>{isOpen ? '−' : '+'}</span>
              </button>
            )}
          </td>
        )}
        {rowSelection && (
          <td className="portal-dt-select">
            <input
              type="checkbox"
              checked={isPicked}
              disabled={!isPicked && !!rowSelection.isDisabled?.(row)}
              onChange={(e) => pick([key], e.target.checked)}
              aria-label={rowSelection.label?.(row) ?? t('selectRow', { row: index + 1 })}
            />
          </td>
        )}
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
    if (!isOpen || !expandable) return [main];
    return [
      main,
      <tr key={`${String(key)}-expanded`} className="portal-st-expanded" data-testid="static-table-expanded">
        <td colSpan={width}>{expandable.render(row)}</td>
      </tr>,
    ];
  });

  const totalText = (
    <span data-testid="static-table-total">
      {t('total', { total: formatTotal(total, false, i18n.language) })}
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
                {expandable && (
                  <th className="portal-st-expand" scope="col">
                    <span className="portal-visually-hidden">{t('details')}</span>
                  </th>
                )}
                {rowSelection && (
                  <SelectAllHeader
                    picked={pagePicked}
                    pickable={pickable.length}
                    onChange={(all) => pick(pickable, all)}
                  />
                )}
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
                  <td colSpan={width}>
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
      {(paged || (props.pageSizeChoice && total > PAGE_SIZES[0])) && (
        <DataTablePager
          page={current}
          pageSize={pageSize}
          total={total}
          totalText={(props.showTotal ?? true) ? totalText : null}
          onPage={(p) => toPage(p)}
          onPageSize={(n) => {
            if (!paging) setPageSize(n);
            toPage(1, n);
          }}
        />
      )}
    </div>
  );
}
