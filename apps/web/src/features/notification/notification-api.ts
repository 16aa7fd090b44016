import type {
  TAvailableEventCode,
  TGetNotificationMessageRequest,
  TGetNotificationMessageResponse,
  TNotificationSetting,
  TNotificationSettingInput,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../shared/api/http';

/** Every notification query starts with this key: one invalidate reloads list, count and settings. */
export const NOTIFICATION_KEY = 'notification';
const messagesKey = (q: TGetNotificationMessageRequest) => [NOTIFICATION_KEY, 'messages', q] as const;

/** POST /Notification/GetNotificationMessage: a page of the centre (and the bell's unread count). */
export function useNotificationMessages(q: TGetNotificationMessageRequest, enabled = true) {
  return useQuery({
    queryKey: messagesKey(q),
    queryFn: ({ signal }) =>
      request<TGetNotificationMessageResponse>('/Notification/GetNotificationMessage', { body: q, signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

/** The bell's count: the smallest page, refreshed on every real-time event and reconnection. */
export const useUnreadCount = (enabled: boolean) =>
  useNotificationMessages({ page_size: 1, page_number: 1, read_filter: 'Unread' }, enabled);

/** GET /getUserProfileAvailableEventCodes. */
export const useAvailableEventCodes = (enabled = true) =>
  useQuery({
    queryKey: [NOTIFICATION_KEY, 'eventCodes'],
    queryFn: () => request<TAvailableEventCode[]>('/getUserProfileAvailableEventCodes'),
    staleTime: 5 * 60_000,
    enabled,
  });

/** GET /Notification/GetNotificationSetting/{module}/{docCode} ('*' = the module's own setting). */
export const useNotificationSetting = (module: string, docCode: string, enabled = true) =>
  useQuery({
    queryKey: [NOTIFICATION_KEY, 'setting', module, docCode],
    queryFn: () =>
      request<TNotificationSetting>(
        `/Notification/GetNotificationSetting/${encodeURIComponent(module)}/${encodeURIComponent(docCode)}`,
      ),
    enabled,
  });

/** A mutation of the reporting-service calls (each answers true), reloading notification data after. */
function useNotificationMutation<V>(call: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => qc.invalidateQueries({ queryKey: [NOTIFICATION_KEY] }),
  });
}

export const useUpdateMessage = () =>
  useNotificationMutation((v: { message_id: number; is_read?: boolean; removed?: true }) =>
    request<boolean>('/upsertNotificationMessage', { body: v }),
  );
export const useMarkAllRead = () =>
  useNotificationMutation(() => request<boolean>('/markAllNotificationMessagesAsRead', { body: {} }));
export const useDeleteAll = () =>
  useNotificationMutation(() => request<boolean>('/deleteAllNotificationMessages', { body: {} }));
export const useUpsertConfigs = () =>
  useNotificationMutation((v: TNotificationSettingInput[]) =>
    request<boolean>('/upsertNotificationConfigs', { body: v }),
  );
export const useUnfollow = () =>
  useNotificationMutation((v: { module: string; doc_code: string }) =>
    request<boolean>('/unfollowNotification', { body: v }),
  );
