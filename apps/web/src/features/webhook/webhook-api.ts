import {
  type TCreateWebhookEndpointRequest,
  type TUpdateWebhookEndpointRequest,
  type TWebhookDeliveryRecord,
  type TWebhookEndpointRecord,
  WEBHOOK_SORTABLE,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** GET/POST/PUT /Webhook hooks. */
export const webhookApi = recordApi<
  TWebhookEndpointRecord,
  TCreateWebhookEndpointRequest,
  TUpdateWebhookEndpointRequest,
  string
>({ path: '/Webhook', key: 'webhook', idOf: (w) => w.id });

export type WebhookFilter = 'active';

/** The endpoint list with its search, filter, sort and page in the URL. */
export function useWebhookList() {
  return useListQuery<TWebhookEndpointRecord, WebhookFilter>({
    queryKey: webhookApi.listKey,
    path: '/Webhook',
    filters: { active: ['true', 'false'] },
    sortable: WEBHOOK_SORTABLE,
  });
}

const deliveriesKey = (id: string) => ['webhook', 'deliveries', id] as const;

/** The endpoint's delivery log, newest first; refreshed every 5 s while queued deliveries wait. */
export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: [...deliveriesKey(id), page],
    queryFn: ({ signal }) =>
      api.get<{ rows: TWebhookDeliveryRecord[]; total: number }>(
        `/Webhook/${id}/deliveries`,
        { page, pageSize: 10 },
        { signal },
      ),
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === 'queued') ? 5000 : false),
  });
}

/** POST /Webhook/{id}/test: sends a test event now; answers its log line. */
export function useSendTestEvent(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TWebhookDeliveryRecord>(`/Webhook/${id}/test`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
