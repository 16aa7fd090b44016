import { COUNT_CAP, MAX_OFFSET_PAGE, PAGE_SIZES, TABLE_MAX_HEIGHT } from '@portal/contracts';
import { Button, Empty, Flex, Input, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Key, MouseEvent, ReactNode } from 'react';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text';
import { type ColumnKind, columnWidth, type LayoutStore, visibleKeys } from './column-layout';
import { ColumnOptions } from './column-options';
import { formatTotal } from './format-total';
import { isFiltered, isKeyset } from './list-state';
import { ResizableTitle, type ResizableTitleProps } from './resizable-title';
import { useColumnLayout } from './use-column-layout';
import type { ListQuery } from './use-list-query';
import { ViewsControl } from './views-control';
import './data-table.css';

// The load-error banner is rare: antd's Alert loads when a list first fails (issue 20: route weight).
const Alert = lazy(() => import('antd/es/alert'));

/** A DataTable column: an antd column with a string key (also the server sort field) and a text title. */
export interface DataTableColumn<T>
  extends Omit<ColumnType<T>, 'key' | 'title' | 'sorter' | 'width' | 'sortOrder'> {
  key: string;
  /** Text title: shown in the header and the column options. */
  title: string;
  /** The server sorts by this column (`sort=<key>`). */
  sortable?: boolean;
  /** Width in px; default: the kind's width, else 100. */
  width?: number;
  /** What the column holds, for its default width (KIND_WIDTH). */
  kind?: ColumnKind;
  defaultHidden?: boolean;
  /** Cannot be hidden in column options. */
  alwaysVisible?: boolean;
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
  rowSelection?: TableProps<T>['rowSelection'];
  'data-testid'?: string;
}

const INTERACTIVE = 'a,button,input,select,textarea,label,[role="button"],[role="checkbox"]';

/** A server-paged, server-sorted antd table with column options (show/hide, reorder, resize) and saved views. */
export function DataTable<T extends object, F extends string>(props: DataTableProps<T, F>) {
  const { tableId, columns, list, rowKey, onRowOpen, toolbar, layoutStore, viewsUrl } = props;
  const { t, i18n } = useTranslation('list');
  const api = useColumnLayout(tableId, columns, layoutStore);
  const [dragWidth, setDragWidth] = useState<{ key: string; width: number } | null>(null);
  // The header row is one tab stop; this column's header cell holds it (roving tabindex).
  const [headerKey, setHeaderKey] = useState<string | null>(null);
  const headerHint = `${useId()}-header-keys`;
  const wrapper = useRef<HTMLDivElement>(null);
  const { state, result } = list;

  const shown = useMemo(() => {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    const visible = visibleKeys(api.layout).filter((k) => byKey.has(k));
    const focusKey = headerKey && visible.includes(headerKey) ? headerKey : visible[0];
    const moveFocus = (from: string, step: -1 | 1) => {
      const next = visible[visible.indexOf(from) + step];
      if (!next) return;
      setHeaderKey(next);
      wrapper.current?.querySelector<HTMLElement>(`thead th[data-column-key="${CSS.escape(next)}"]`)?.focus();
    };
    return visibleKeys(api.layout)
      .map((k) => byKey.get(k))
      .filter((c): c is DataTableColumn<T> => c !== undefined)
      .map((col): ColumnType<T> => {
        const { sortable, defaultHidden: _h, alwaysVisible: _a, kind: _k, ...rest } = col;
        const width = dragWidth?.key === col.key ? dragWidth.width : columnWidth(api.layout, col);
        return {
          dataIndex: col.key,
          ellipsis: true,
          ...rest,
          width,
          sorter: sortable ? true : undefined,
          sortOrder:
            sortable && state.sort === col.key ? (state.order === 'asc' ? 'ascend' : 'descend') : null,
          showSorterTooltip: false,
          onHeaderCell: (): ResizableTitleProps => ({
            width,
            onResizing: (w) => setDragWidth({ key: col.key, width: w }),
            onResized: (w) => {
              setDragWidth(null);
              api.resize(col.key, w);
            },
            columnKey: col.key,
            rovingTabIndex: col.key === focusKey ? 0 : -1,
            onHeaderFocus: () => setHeaderKey(col.key),
            onHeaderMove: (step) => moveFocus(col.key, step),
            'aria-describedby': headerHint,
          }),
        };
      });
  }, [columns, api, dragWidth, state.sort, state.order, headerKey, headerHint]);

  const scrollX = shown.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = s?.order ? String(s.columnKey) : undefined;
      list.setState({ sort: key, order: s?.order === 'descend' ? 'desc' : 'asc' });
    } else if (extra.action === 'paginate') {
      if (pagination.pageSize && pagination.pageSize !== state.pageSize) {
        list.setState({ pageSize: pagination.pageSize });
      } else if (pagination.current) {
        list.setState({ page: pagination.current });
      }
    }
  };

  const onRow = (row: T) => ({
    onClick: (e: MouseEvent<HTMLElement>) => {
      if (!onRowOpen) return;
      if ((e.target as HTMLElement).closest(INTERACTIVE)) return;
      if (window.getSelection()?.toString()) return;
      onRowOpen(row);
    },
  });

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
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? t('emptyFiltered') : t('empty')}
      data-testid="data-table-empty"
    >
      {filtered && (
        <Button size="small" onClick={list.reset}>
          {t('clearFilters')}
        </Button>
      )}
    </Empty>
  );

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
      <Table<T>
        className="portal-data-table"
        size="small"
        bordered
        tableLayout="fixed"
        columns={shown}
        dataSource={list.rows}
        rowKey={(row) => String(row[rowKey] as Key)}
        rowSelection={props.rowSelection}
        loading={result.isFetching}
        components={{ header: { cell: ResizableTitle } }}
        scroll={{ x: scrollX, y: TABLE_MAX_HEIGHT }}
        onChange={onChange}
        onRow={onRow}
        rowClassName={(row) =>
          [onRowOpen ? 'portal-row-link' : '', props.rowClassName?.(row) ?? ''].join(' ').trim()
        }
        locale={{ emptyText: result.isPending ? <div style={{ height: 80 }} /> : empty }}
        pagination={
          keyset
            ? false
            : {
                current: state.page,
                pageSize: state.pageSize,
                total: Math.min(fullTotal, numberedRows),
                pageSizeOptions: PAGE_SIZES.map(String),
                showSizeChanger: true,
                showTotal: () => totalText,
              }
        }
      />
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
          <Input.Search
            key={state.at ?? ''}
            size="small"
            style={{ width: 240 }}
            defaultValue={state.at}
            placeholder={sortTitle ? t('jumpTo', { column: sortTitle }) : t('jumpToValue')}
            aria-label={sortTitle ? t('jumpTo', { column: sortTitle }) : t('jumpToValue')}
            enterButton={t('jump')}
            onSearch={(v) => {
              if (v.trim()) list.setState({ at: v.trim() });
            }}
            data-testid="data-table-jump"
          />
        </Flex>
      )}
    </Flex>
  );
}
