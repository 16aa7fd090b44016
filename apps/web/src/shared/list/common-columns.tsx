import { DATETIME_FORMAT } from '@portal/contracts';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { DataTableColumn } from './data-table';

/** The sortable "last updated" column every maintained record's list shows. */
export const updatedAtColumn = <T extends { updated_at: string }>(title: string): DataTableColumn<T> => ({
  key: 'updated_at',
  title,
  sortable: true,
  kind: 'datetime',
  render: (_, r) => dayjs(r.updated_at).format(DATETIME_FORMAT),
});

/** A record status as a tag: active (A) green, any other status grey. */
export const statusColumn = <T extends { status: string }>(
  title: string,
  label: (status: string) => string,
  { sortable = true, width = 100 }: { sortable?: boolean; width?: number } = {},
): DataTableColumn<T> => ({
  key: 'status',
  title,
  sortable,
  width,
  render: (_, r) => <Tag color={r.status === 'A' ? 'green' : 'default'}>{label(r.status)}</Tag>,
});
