import {
  INVOICE_SORTABLE,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  type TExchangeRate,
  type TInvoiceRow,
  type TInvoiceType,
} from '@portal/contracts';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';
import { LIST_KEY } from './invoice-api';

/** The invoice and exchange-rate lists (apart from invoice-api.ts: the detail page loads no list machinery). */

export type InvoiceFilter = 'inv_type' | 'status' | 'filters';

/** The Search list (smart search over invoice#, job#, SO#, bills, party, container#, group#). */
export function useInvoiceSearch() {
  return useListQuery<TInvoiceRow, InvoiceFilter>({
    queryKey: LIST_KEY,
    path: '/Invoice',
    filters: { inv_type: INVOICE_TYPES, status: INVOICE_STATUSES, filters: null },
    sortable: INVOICE_SORTABLE,
  });
}

/** One AP/AR stage list. */
export function useInvoiceStage(type: TInvoiceType, stage: string) {
  return useListQuery<TInvoiceRow>({
    queryKey: [...LIST_KEY, type, stage],
    path: `/Invoice/${type.toLowerCase()}Search/${encodeURIComponent(stage)}`,
    sortable: INVOICE_SORTABLE,
  });
}

/** Exchange-rate maintenance (Admin). */
export const exchangeRateApi = recordApi<
  TExchangeRate & { message?: { msgKey: string; params: Record<string, string> } | null },
  { from_currency: string; to_currency: string; rate: string; effective_date: string },
  { rate: string; version: number }
>({ path: '/ExchangeRate', key: 'exchangeRate', idOf: (r) => r.id });

export function useExchangeRateList() {
  return useListQuery<TExchangeRate, 'from_currency' | 'to_currency'>({
    queryKey: exchangeRateApi.listKey,
    path: '/ExchangeRate',
    filters: { from_currency: null, to_currency: null },
    sortable: ['from_currency', 'to_currency', 'effective_date', 'rate', 'updated_at'],
  });
}
