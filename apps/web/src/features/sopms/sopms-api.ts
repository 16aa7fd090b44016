import {
  SOPMS_SORTABLE,
  type TCreateSopmsTemplateRequest,
  type TSopmsCheckResult,
  type TSopmsListRow,
  type TSopmsStep,
  type TSopmsTemplate,
  type TUpdateSopmsTemplateRequest,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** Hooks of /SOPMS/Template: one template, create, update, history. */
export const sopmsApi = recordApi<TSopmsTemplate, TCreateSopmsTemplateRequest, TUpdateSopmsTemplateRequest>({
  path: '/SOPMS/Template',
  key: 'sopms',
  idOf: (r) => r.tmplib_id,
});

export type SopmsFilter = 'status';

/** SOPMSSearch/{section}: search, status filter, sort and page in the URL. */
export function useSopmsList(section: string) {
  return useListQuery<TSopmsListRow, SopmsFilter>({
    queryKey: [...sopmsApi.listKey, section],
    path: `/SOPMS/SOPMSSearch/${section}`,
    filters: { status: null },
    sortable: SOPMS_SORTABLE,
  });
}

const checkKey = (invId: number) => ['sopms', 'check', invId] as const;

/** The SOPMS check of an invoice's next step (nothing moves). */
export function useSopmsCheck(invId: number, enabled: boolean) {
  return useQuery({
    queryKey: checkKey(invId),
    queryFn: () => api.post<TSopmsCheckResult>(`/Invoice/${invId}/sopms-check`, {}),
    enabled,
    retry: false,
  });
}

/** An override with a reason ahead of the invoice's next step (recorded in its status history). */
export function useSopmsOverride(invId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: string; step?: TSopmsStep }) =>
      api.post<TSopmsCheckResult>(`/Invoice/${invId}/sopms-override`, body),
    onSuccess: (r) => {
      qc.setQueryData(checkKey(invId), r);
      void qc.invalidateQueries({ queryKey: ['history'] });
    },
  });
}
