import {
  EMAIL_TEMPLATE_SORTABLE,
  type TCreateEmailTemplateRequest,
  type TEmailTemplateEvent,
  type TEmailTemplatePreview,
  type TEmailTemplatePreviewRequest,
  type TEmailTemplateRecord,
  type TUpdateEmailTemplateRequest,
} from '@portal/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** GET/POST/PUT /EmailTemplate hooks. */
export const emailTemplateApi = recordApi<
  TEmailTemplateRecord,
  TCreateEmailTemplateRequest,
  TUpdateEmailTemplateRequest,
  string
>({ path: '/EmailTemplate', key: 'emailTemplate', idOf: (r) => r.id });

/** The template list with its search, sort and page in the URL. */
export function useEmailTemplateList() {
  return useListQuery<TEmailTemplateRecord>({
    queryKey: emailTemplateApi.listKey,
    path: '/EmailTemplate',
    filters: {},
    sortable: EMAIL_TEMPLATE_SORTABLE,
  });
}

/** Whether the screens are switched on (FEATURE_EMAIL_TEMPLATES); off, they show the 404 page. */
export function useEmailTemplateFeature() {
  return useQuery({
    queryKey: ['emailTemplate', 'feature'],
    queryFn: () => api.get<{ enabled: boolean }>('/EmailTemplate/feature'),
    staleTime: 5 * 60_000,
  });
}

/** Catalogue event codes with their placeholders and whether each has a template. */
export function useEmailTemplateEvents() {
  return useQuery({
    queryKey: ['emailTemplate', 'events'],
    queryFn: () => api.get<TEmailTemplateEvent[]>('/EmailTemplate/events'),
  });
}

/** POST /EmailTemplate/preview: the subject and body rendered with the event's sample data. */
export function useEmailTemplatePreview() {
  return useMutation({
    mutationFn: (body: TEmailTemplatePreviewRequest) =>
      api.post<TEmailTemplatePreview>('/EmailTemplate/preview', body),
  });
}
