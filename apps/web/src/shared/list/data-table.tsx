import { COUNT_CAP, MAX_OFFSET_PAGE, TABLE_MAX_HEIGHT } from '@portal/contracts';
import { Flex } from 'antd';
import type { Key, KeyboardEvent, ReactNode } from 'react';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { errorText } from '../i18n/error-text';
import { type ColumnKind, columnWidth, type LayoutStore, visibleKeys } from './column-layout';
import { ColumnOptions } from './column-options';
import { DataTablePager } from './data-table-pager';
import { formatTotal } from './format-total';
import { isFiltered, isKeyset } from './list-state';
import { ResizableTitle } from './resizable-title';
import { rowClickHandler } from './row-click';
import { SelectAllHeader } from './select-all-header';
import { useColumnLayout } from './use-column-layout';
import type { ListQuery } from './use-list-query';
import { ViewsControl } from './views-control';
import './data-table.css';
import './search-bar.css';

// The load-error banner is rare: antd's Alert loads when a list first fails (issue 20: route weight).
const Alert = lazy(() => import('antd/es/alert'));

/** A DataTable column: a string key (also the server sort field and the row field shown) and a text title. */
export interface DataTableColumn<T> {
  key: string;
  /** Text title: shown in the header and the column options. */
  title: string;
  /** The row field shown when there is no `render`; default: `key`. */
  dataIndex?: string;
  /** The cell's content (method syntax: a column may type `value` as the field's type). */
  render?(value: never, row: T, index: number): ReactNode;
  align?: 'left' | 'center' | 'right';
  /** The server sorts by this column (`sort=<key>`). */
  sortable?: boolean;
  /** Width in px; default: the kind's width, else 100. */
  width?: number;
  /** What the column holds, for its default width (KIND_WIDTH). */
  kind?: ColumnKind;
  defaultHidden?: boolean;
  /** Cannot be hidden in column options. */
  alwaysVisible?: boolean;
  className?: string;
}

/** Check boxes to pick rows (the subset of antd's rowSelection the lists used, same names). */
export interface DataTableRowSelection<T> {
  selectedRowKeys: Key[];
  /** Keep picked rows of other pages (their rows are remembered from when they were shown). */
  preserveSelectedRowKeys?: boolean;
  onChange: (keys: Key[], rows: T[]) => void;
}

export interface DataTableProps<T, F extends string> {
  /** Names the layout in storage, e.g. `carrier.list`. */
  tableId: string;
  columns: DataTableColumn<T>[];
  list: ListQuery<T, F>;
  rowKey: keyof T & string;
  /** Called when a row is clicked (not on links or buttons inside it); keyboard users use a link cell. */
  onRowOpen?: (row: T) => void;
  /** Left side of the bar above the table (e.g. an Export button). */
  toolbar?: ReactNode;
  layoutStore?: LayoutStore;
  /**
   * Enables saved views (layout, search, filters, sort) kept as the user's 'table_view' preferences of
   * this page, e.g. the list's path `/BMS/carrier_maintenance`.
   */
  viewsUrl?: string;
  /** Extra class of a row, e.g. its ageing colour. */
  rowClassName?: (row: T) => string | undefined;
  /** Check boxes to pick rows for a batch action (e.g. the invoice stage lists). */
  rowSelection?: DataTableRowSelection<T>;
  'data-testid'?: string;
}

/** Width of the check box column. */
const SELECTION_WIDTH = 40;

/** A cell's text for its `title` tooltip when it is cut with an ellipsis (plain text and numbers only). */
const cellTitle = (content: ReactNode) =>
  typeof content === 'string' || typeof content === 'number' ? String(content) : undefined;

/**
 * A server-paged, server-sorted table with column options (show/hide, reorder, resize) and saved views.
 * Our own semantic `<table>` (issue 20: antd's Table with its filter menu, tree, checkbox, radio, pagination
 * and select was ~70 KB gzipped of every list's first load): one table with a sticky header in a scroll box,
 * header cells that sort on click or Enter/Space and carry `aria-sort`, native check boxes, our own pager.
 */
export function DataTable<T extends object, F extends string>(props: DataTableProps<T, F>) {
  const { tableId, columns, list, rowKey, onRowOpen, toolbar, layoutStore, viewsUrl, rowSelection } = props;
  const { t, i18n } = useTranslation('list');
  const api = useColumnLayout(tableId, columns, layoutStore);
  const [dragWidth, setDragWidth] = useState<{ key: string; width: number } | null>(null);
  // The header row is one tab stop; this column's header cell holds it (roving tabindex).
  const [headerKey, setHeaderKey] = useState<string | null>(null);
  const headerHint = `${useId()}-header-keys`;
  const wrapper = useRef<HTMLDivElement>(null);
  // Rows picked on earlier pages, by key (preserveSelectedRowKeys): onChange answers their rows too.
  const seen = useRef(new Map<string, T>());
  const { state, result } = list;

  const shown = useMemo(() => {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    return visibleKeys(api.layout)
      .map((k) => byKey.get(k))
      .filter((c): c is DataTableColumn<T> => c !== undefined)
      .map((col) => ({
        col,
        width: dragWidth?.key === col.key ? dragWidth.width : columnWidth(api.layout, col),
      }));
  }, [columns, api.layout, dragWidth]);
  const focusKey = headerKey && shown.some((s) => s.col.key === headerKey) ? headerKey : shown[0]?.col.key;
  const moveFocus = (from: string, step: -1 | 1) => {
    const next = shown[shown.findIndex((s) => s.col.key === from) + step];
    if (!next) return;
    setHeaderKey(next.col.key);
    wrapper.current
      ?.querySelector<HTMLElement>(`thead th[data-column-key="${CSS.escape(next.col.key)}"]`)
      ?.focus();
  };

  const scrollX = shown.reduce((sum, s) => sum + s.width, rowSelection ? SELECTION_WIDTH : 0);

  // Ascending, descending, then back to the list's default order (as antd's sorter did).
  const sortBy = (key: string) => {
    if (state.sort !== key) list.setState({ sort: key, order: 'asc' });
    else if (state.order === 'asc') list.setState({ sort: key, order: 'desc' });
    else list.setState({ sort: undefined, order: 'asc' });
  };

  const keyOf = (row: T) => String(row[rowKey] as Key);
  const rows = list.rows;
  const picked = new Set((rowSelection?.selectedRowKeys ?? []).map(String));
  const pagePicked = rows.filter((r) => picked.has(keyOf(r))).length;
  const pick = (keys: string[], add: boolean) => {
    if (!rowSelection) return;
    for (const r of rows) seen.current.set(keyOf(r), r);
    const onPage = new Set(rows.map(keyOf));
    const next = new Set(
      rowSelection.preserveSelectedRowKeys ? picked : [...picked].filter((k) => onPage.has(k)),
    );
    for (const k of keys) {
      if (add) next.add(k);
      else next.delete(k);
    }
    const all = [...next];
    rowSelection.onChange(
      all,
      all.map((k) => seen.current.get(k)).filter((r): r is T => r !== undefined),
    );
  };

  const onRowClick = onRowOpen ? rowClickHandler(onRowOpen) : undefined;

  const filtered = isFiltered(state);
  // Page numbers go up to MAX_OFFSET_PAGE (the server refuses deeper OFFSETs); a longer list also gets
  // first / previous / next / last by cursor and a jump to a value of the sorted column.
  const keyset = isKeyset(state);
  const fullTotal = list.totalCapped ? Math.max(list.total, COUNT_CAP) : list.total;
  const numberedRows = MAX_OFFSET_PAGE * state.pageSize;
  const deep = keyset || fullTotal > numberedRows;
  const sortTitle = columns.find((c) => c.key === state.sort)?.title ?? '';
  const totalText = (
    <span data-testid="data-table-total">
      {t('total', { total: formatTotal(list.total, list.totalCapped, i18n.language) })}
    </span>
  );
  const empty = result.isPending ? (
    <div style={{ height: 80 }} />
  ) : (
    <div className="portal-dt-empty" data-testid="data-table-empty">
      <p>{filtered ? t('emptyFiltered') : t('empty')}</p>
      {filtered && (
        <Button size="small" onClick={list.reset}>
          {t('clearFilters')}
        </Button>
      )}
    </div>
  );
  const colCount = shown.length + (rowSelection ? 1 : 0);

  const headerCells = shown.map(({ col, width }) => {
    const sorted = col.sortable && state.sort === col.key ? state.order : undefined;
    const onSortKey = (e: KeyboardEvent<HTMLTableCellElement>) => {
      if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      sortBy(col.key);
    };
    return (
      <ResizableTitle
        key={col.key}
        width={width}
        onResizing={(w) => setDragWidth({ key: col.key, width: w })}
        onResized={(w) => {
          setDragWidth(null);
          api.resize(col.key, w);
        }}
        columnKey={col.key}
        rovingTabIndex={col.key === focusKey ? 0 : -1}
        onHeaderFocus={() => setHeaderKey(col.key)}
        onHeaderMove={(step) => moveFocus(col.key, step)}
        scope="col"
        aria-describedby={headerHint}
        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
        className={col.sortable ? 'portal-dt-sortable' : undefined}
        style={{ textAlign: col.align }}
        onClick={col.sortable ? () => sortBy(col.key) : undefined}
        onKeyDown={col.sortable ? onSortKey : undefined}
      >
        <span className="portal-dt-th">
          <span className="portal-dt-th-title">{col.title}</span>
          {col.sortable && (
            <span className="portal-dt-sorter" aria-hidden>
              <span className={sorted === 'asc' ? 'on' : undefined}>▲</span>
              <span className={sorted === 'desc' ? 'on' : undefined}>▼</span>
            </span>
          )}
        </span>
      </ResizableTitle>
    );
  });

  const bodyRows = rows.map((row, index) => {
    const key = keyOf(row);
    const isPicked = picked.has(key);
    const className = [
      'portal-dt-row',
      onRowOpen ? 'portal-row-link' : '',
      isPicked ? 'portal-dt-row-selected' : '',
      props.rowClassName?.(row) ?? '',
    ]
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    return (
      <tr
        key={key}
        data-row-key={key}
        className={className}
        onClick={onRowClick?.(row)}
        data-testid="data-table-row"
      >
        {rowSelection && (
          <td className="portal-dt-select">
            <input
              type="checkbox"
              checked={isPicked}
              onChange={(e) => pick([key], e.target.checked)}
              aria-label={t('selectRow', { row: index + 1 })}
            />
          </td>
        )}
        {shown.map(({ col }) => {
          const value = (row as Record<string, unknown>)[col.dataIndex ?? col.key];
          const content = col.render ? col.render(value as never, row, index) : ((value ?? '') as ReactNode);
          return (
            <td
              key={col.key}
              className={col.className ? `portal-dt-cell ${col.className}` : 'portal-dt-cell'}
              style={col.align ? { textAlign: col.align } : undefined}
              title={cellTitle(content)}
            >
              {content}
            </td>
          );
        })}
      </tr>
    );
  });

  return (
    <Flex vertical gap={8} ref={wrapper} data-testid={props['data-testid'] ?? 'data-table'}>
      <span id={headerHint} className="portal-visually-hidden">
        {t('headerKeys')}
      </span>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex gap={8} align="center" wrap>
          {toolbar}
        </Flex>
        <Flex gap={8} align="center">
          {viewsUrl && <ViewsControl url={viewsUrl} list={list} layout={api} />}
          <ColumnOptions columns={columns} api={api} />
        </Flex>
      </Flex>
      {result.isError && (
        <Suspense
          fallback={
            <div role="alert" data-testid="data-table-error">
              {errorText(t, result.error)}
            </div>
          }
        >
          <Alert
            type="error"
            showIcon
            title={errorText(t, result.error)}
            action={
              <Button size="small" onClick={() => result.refetch()}>
                {t('retry')}
              </Button>
            }
          />
        </Suspense>
      )}
      <div className="portal-data-table">
        <div
          className="portal-dt-body"
          style={{ maxHeight: TABLE_MAX_HEIGHT }}
          data-testid="data-table-body"
          aria-busy={result.isFetching}
        >
          <table className="portal-dt" style={{ width: scrollX, minWidth: '100%' }}>
            <colgroup>
              {rowSelection && <col style={{ width: SELECTION_WIDTH }} />}
              {shown.map(({ col, width }) => (
                <col key={col.key} style={{ width }} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {rowSelection && (
                  <SelectAllHeader
                    picked={pagePicked}
                    pickable={rows.length}
                    onChange={(all) => pick(rows.map(keyOf), all)}
                  />
                )}
                {headerCells}
              </tr>
            </thead>
            <tbody>
              {bodyRows.length ? (
                bodyRows
              ) : (
                <tr className="portal-dt-placeholder">
                  <td colSpan={colCount}>{empty}</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
        {result.isFetching && (
          <div className="portal-dt-loading" role="status" data-testid="data-table-loading">
            <span className="portal-dt-spinner" aria-hidden />
            <span className="portal-visually-hidden">{t('loading')}</span>
          </div>
        )}
      </div>
      {!keyset && (
        <DataTablePager
          page={state.page}
          pageSize={state.pageSize}
          total={Math.min(fullTotal, numberedRows)}
          totalText={totalText}
          onPage={(page) => list.setState({ page })}
          onPageSize={(pageSize) => list.setState({ pageSize })}
        />
      )}
      {deep && (
        <Flex justify="flex-end" align="center" gap={8} wrap data-testid="data-table-keyset">
          {keyset && totalText}
          <Button
            size="small"
            disabled={!keyset && state.page === 1}
            onClick={() => list.setState({ page: 1 })}
          >
            {t('pageFirst')}
          </Button>
          <Button
            size="small"
            disabled={!list.prevCursor}
            onClick={() => list.setState({ cursor: list.prevCursor ?? undefined, direction: 'prev' })}
          >
            {t('pagePrev')}
          </Button>
          <Button
            size="small"
            disabled={!list.nextCursor}
            onClick={() => list.setState({ cursor: list.nextCursor ?? undefined, direction: 'next' })}
          >
            {t('pageNext')}
          </Button>
          <Button size="small" disabled={state.last} onClick={() => list.setState({ last: true })}>
            {t('pageLast')}
          </Button>
          {/* A native input and button (issue 20: antd's Input is not part of a list's first load). */}
          <form
            key={state.at ?? ''}
            className="portal-search-group portal-dt-jump"
            data-testid="data-table-jump"
            onSubmit={(e) => {
              e.preventDefault();
              const v = String(new FormData(e.currentTarget).get('at') ?? '').trim();
              if (v) list.setState({ at: v });
            }}
          >
            <input
              name="at"
              defaultValue={state.at}
              placeholder={sortTitle ? t('jumpTo', { column: sortTitle }) : t('jumpToValue')}
              aria-label={sortTitle ? t('jumpTo', { column: sortTitle }) : t('jumpToValue')}
            />
            <button type="submit" className="portal-search-button">
              {t('jump')}
            </button>
          </form>
        </Flex>
      )}
    </Flex>
  );
}
