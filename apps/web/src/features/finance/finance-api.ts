import {
  FINANCE_PRESET_NAMES,
  FINANCE_SORTABLE,
  LATE_INVOICING_SORTABLE,
  OVERDUE_REPORT_SORTABLE,
  type TFinanceDashboard,
  type TFinanceInvoiceRow,
  type TLateInvoicingRow,
  type TOverdueReportResponse,
  type TOverdueReportRow,
  type TStatementEmailRequest,
} from '@portal/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';

import type { FinanceFilterName, FinanceFilterValues } from './finance-links';

export { FILTER_NAMES, type FinanceFilterName, type FinanceFilterValues } from './finance-links';

const FILTERS = {
  office: null,
  currency: null,
  customer: null,
  preset: FINANCE_PRESET_NAMES,
  as_of: null,
} as const;

export type FinanceListFilter = FinanceFilterName | 'inv_type' | 'filters';

export function useFinanceDashboard(filter: FinanceFilterValues) {
  return useQuery({
    queryKey: ['finance', 'dashboard', filter],
    queryFn: ({ signal }) => api.get<TFinanceDashboard>('/Finance/Dashboard', filter, { signal }),
  });
}

/** /FIN/Search/{list}: invoices of a finance list or an invoice stage. */
export function useFinanceList(list: string) {
  return useListQuery<TFinanceInvoiceRow, FinanceListFilter>({
    queryKey: ['finance', 'list', list],
    path: `/Finance/Search/${encodeURIComponent(list)}`,
    filters: { ...FILTERS, inv_type: ['AR', 'AP'], filters: null },
    sortable: FINANCE_SORTABLE,
  });
}

export function useLateInvoicing() {
  return useListQuery<TLateInvoicingRow, FinanceFilterName | 'inv_type'>({
    queryKey: ['finance', 'late'],
    path: '/Finance/Search/LateInvoicing',
    filters: { ...FILTERS, inv_type: ['AR', 'AP'] },
    sortable: LATE_INVOICING_SORTABLE,
  });
}

export type OverdueFilter = Exclude<FinanceFilterName, 'preset'> | 'breach';
export function useOverdueReport() {
  const list = useListQuery<TOverdueReportRow, OverdueFilter>({
    queryKey: ['finance', 'overdue'],
    path: '/Finance/Search/CustomerOverdueReport',
    filters: { office: null, currency: null, customer: null, as_of: null, breach: ['true'] },
    sortable: OVERDUE_REPORT_SORTABLE,
  });
  return { ...list, report: list.result.data as TOverdueReportResponse | undefined };
}

export function useStatementEmail(code: string) {
  return useMutation({
    mutationFn: (body: TStatementEmailRequest) =>
      api.post<{ msgKey: string; params: { count: number } }>(
        `/Finance/Statement/${encodeURIComponent(code)}/email`,
        body,
      ),
  });
}
