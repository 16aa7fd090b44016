import type {
  TInvoice,
  TPostBatchResponse,
  TPostingQueueQuery,
  TPostingQueueRow,
  TPostingState,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';

/** The invoice's posting panel: checklist, process status, journals (refetched while the ledger works). */
export function usePostingState(invId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['accounting', 'state', invId],
    queryFn: ({ signal }) =>
      api.get<TPostingState>(`/Accounting/invoices/${invId}/posting`, undefined, { signal }),
    enabled,
    // A queued posting is sent within seconds: look again until the ledger answered.
    refetchInterval: (q) => (q.state.data?.acct_process_status === 'PENDING' ? 2000 : false),
  });
}

/** The posting screen's list (postable / failed / pending) with each row's checklist. */
export function usePostingQueue(q: TPostingQueueQuery) {
  return useQuery({
    queryKey: ['accounting', 'queue', q],
    queryFn: ({ signal }) => api.get<{ rows: TPostingQueueRow[] }>('/Accounting/queue', { ...q }, { signal }),
    refetchInterval: q.view === 'pending' ? 3000 : false,
  });
}

/** Every posting call refreshes the invoices (lists, detail) and the posting views. */
const usePostingCall = <B, R>(call: (b: B) => Promise<R>) =>
  useRefreshingMutation(call, [['invoice'], ['accounting']]);

export const usePostBatch = () =>
  usePostingCall((inv_ids: number[]) => api.post<TPostBatchResponse>('/Accounting/post', { inv_ids }));
export const useRetryPosting = () =>
  usePostingCall((invId: number) => api.post<{ inv_id: number }>(`/Accounting/invoices/${invId}/retry`, {}));
/** The post / post_reversal move of one invoice (the invoice's action call). */
export const usePostInvoice = () =>
  usePostingCall((b: { inv: TInvoice; action: 'post' | 'post_reversal' }) =>
    api.post<TInvoice>(`/Invoice/${b.inv.inv_id}/action`, { action: b.action, version: b.inv.version }),
  );
