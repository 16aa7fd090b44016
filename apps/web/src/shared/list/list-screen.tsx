import { PlusOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { Button } from '../button';
import { PageHeading } from '../layout/page-heading';
import type { CustomFilterField } from './custom-filter';
import { DataTable, type DataTableColumn, type DataTableRowSelection } from './data-table';
import { ExportButton } from './export-button';
import { type FilterDef, SearchBar } from './search-bar';
import type { ListQuery } from './use-list-query';

export interface ListScreenProps<T extends object, F extends string> {
  title: string;
  searchPlaceholder: string;
  /** The shortest search text the list's server accepts (SmartSearchInput minChars). */
  minSearchChars?: number;
  list: ListQuery<T, F>;
  columns: DataTableColumn<T>[];
  rowKey: keyof T & string;
  onRowOpen: (row: T) => void;
  /** Column layout key on this device, e.g. `warehouse.list`. */
  tableId: string;
  /** The list's path: saved views (server preferences) are kept under it. */
  viewsUrl: string;
  /** API path of the Excel export of the same query, e.g. `/Warehouse/export`; none = no export button. */
  exportPath?: string;
  filters?: FilterDef<F>[];
  customFilterFields?: CustomFilterField[];
  /** The "New" button; left out when the user may not create. */
  create?: { label: string; onClick: () => void; testId: string };
  /** More filters under the search bar (pickers, date ranges). */
  moreFilters?: ReactNode;
  /** Row check boxes for batch actions, and the batch buttons shown beside Export. */
  rowSelection?: DataTableRowSelection<T>;
  batchActions?: ReactNode;
  'data-testid': string;
}

/**
 * A maintenance list screen: title, smart search with select and custom filters, optional extra filters,
 * a "New" button, and the shared table with saved views, column options and export.
 */
export function ListScreen<T extends object, F extends string>(p: ListScreenProps<T, F>) {
  return (
    <Flex vertical gap={12}>
      <PageHeading>{p.title}</PageHeading>
      <SearchBar
        list={p.list}
        placeholder={p.searchPlaceholder}
        minSearchChars={p.minSearchChars}
        filters={p.filters}
        customFilterFields={p.customFilterFields}
        extra={
          p.create && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={p.create.onClick}
              data-testid={p.create.testId}
            >
              {p.create.label}
            </Button>
          )
        }
      />
      {p.moreFilters && (
        <Flex gap={8} wrap align="center">
          {p.moreFilters}
        </Flex>
      )}
      <DataTable<T, F>
        tableId={p.tableId}
        viewsUrl={p.viewsUrl}
        columns={p.columns}
        list={p.list}
        rowKey={p.rowKey}
        onRowOpen={p.onRowOpen}
        rowSelection={p.rowSelection}
        toolbar={
          p.exportPath || p.batchActions ? (
            <>
              {p.exportPath && <ExportButton path={p.exportPath} query={p.list.exportQuery} />}
              {p.batchActions}
            </>
          ) : undefined
        }
        data-testid={p['data-testid']}
      />
    </Flex>
  );
}
