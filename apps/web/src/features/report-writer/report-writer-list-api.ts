import type { TRwListRow } from '@portal/contracts';
import { useListQuery } from '../../shared/list/use-list-query';
import { RW_KEY } from './report-writer-api';

/** My reports and those shared with my office, with search, sort and page in the URL. */
export function useRwList() {
  return useListQuery<TRwListRow, 'scope'>({
    queryKey: [...RW_KEY, 'list'],
    path: '/ReportWriter/reports',
    filters: { scope: ['all', 'mine', 'shared'] },
    sortable: ['name', 'updated_at', 'dataset', 'owner'],
    defaultSort: { sort: 'updated_at', order: 'desc' },
  });
}
