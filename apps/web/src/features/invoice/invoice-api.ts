import type {
  TChargeCode,
  TCreateInvoiceRequest,
  TInvoice,
  TInvoiceActionRequest,
  TInvoiceDashboard,
  TInvoiceDraft,
  TInvoiceJobProfit,
  TInvoiceType,
  TPendingCreationRow,
  TUpdateInvoiceRequest,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';

/** The invoice lists' query key (invoice-list-api.ts): a save or move refreshes them. */
export const LIST_KEY = ['invoice', 'list'] as const;
const oneKey = (id: number) => ['invoice', 'one', id] as const;
export const invoiceHistoryPath = (id: number) => `/Invoice/${id}/history`;

export function useInvoiceDashboard(type: TInvoiceType) {
  return useQuery({
    queryKey: ['invoice', 'dashboard', type],
    queryFn: ({ signal }) =>
      api.get<TInvoiceDashboard>(`/Invoice/${type.toLowerCase()}Dashboard`, undefined, { signal }),
  });
}

export function useInvoice(id: number | null) {
  return useQuery({
    queryKey: ['invoice', 'one', id],
    queryFn: ({ signal }) => api.get<TInvoice>(`/Invoice/${id}`, undefined, { signal }),
    enabled: id !== null,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useInvoiceDraft(type: TInvoiceType, account: string | null, job: string | null) {
  return useQuery({
    queryKey: ['invoice', 'draft', type, account, job],
    queryFn: ({ signal }) =>
      api.get<TInvoiceDraft>(
        `/Invoice/newbyjob/${encodeURIComponent(account ?? '')}/${encodeURIComponent(job ?? '')}`,
        { inv_type: type },
        { signal },
      ),
    enabled: !!account && !!job,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** Creates an invoice; the Idempotency-Key makes a repeated click or a retried call create it once. */
export function useCreateInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TCreateInvoiceRequest; key: string }) =>
      api.post<TInvoice>('/Invoice', body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: (inv) => {
      qc.setQueryData(oneKey(inv.inv_id), inv);
      void qc.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

export function useUpdateInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TUpdateInvoiceRequest }) =>
      api.put<TInvoice>(`/Invoice/${id}`, body),
    onSuccess: (inv) => {
      qc.setQueryData(oneKey(inv.inv_id), inv);
      void qc.invalidateQueries({ queryKey: LIST_KEY });
      void qc.invalidateQueries({ queryKey: ['history', invoiceHistoryPath(inv.inv_id)] });
    },
  });
}

/** One status move (002 §4). */
export function useInvoiceAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TInvoiceActionRequest }) =>
      api.post<TInvoice>(`/Invoice/${id}/action`, body),
    onSuccess: (inv) => {
      qc.setQueryData(oneKey(inv.inv_id), inv);
      void qc.invalidateQueries({ queryKey: LIST_KEY });
      void qc.invalidateQueries({ queryKey: ['invoice', 'dashboard'] });
      void qc.invalidateQueries({ queryKey: ['history', invoiceHistoryPath(inv.inv_id)] });
    },
  });
}

export function useChargeCodes(use?: TInvoiceType) {
  return useQuery({
    queryKey: ['invoice', 'chargeCodes', use ?? 'all'],
    queryFn: ({ signal }) => api.get<TChargeCode[]>('/ChargeCode', { use }, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useChargeCode(code: string | undefined) {
  return useQuery({
    queryKey: ['invoice', 'chargeCode', code],
    queryFn: ({ signal }) =>
      api.get<TChargeCode>(`/ChargeCode/${encodeURIComponent(code ?? '')}`, undefined, { signal }),
    enabled: !!code,
    retry: false,
  });
}

/** The P&L of the invoice's jobs (P&L tab, GP summary). */
export function useInvoiceProfit(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['invoice', 'profit', id],
    queryFn: ({ signal }) => api.get<TInvoiceJobProfit>(`/Invoice/${id}/profit`, undefined, { signal }),
    enabled: id !== null && enabled,
  });
}

/** Jobs waiting for their first invoice of a side (PendingCreation/Local, /Overseas). */
export function usePendingCreation(type: TInvoiceType, scope: string) {
  return useQuery({
    queryKey: ['invoice', 'pendingCreation', type, scope],
    queryFn: ({ signal }) =>
      api.get<TPendingCreationRow[]>(`/Invoice/${type.toLowerCase()}PendingCreation/${scope}`, undefined, {
        signal,
      }),
  });
}
