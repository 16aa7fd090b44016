import type { TPeriodActionResponse, TPeriodKind, TPeriodListResponse, TPeriodView } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';

/** Where each close screen's calls live (server modules/period). */
export const PERIOD_API: Record<TPeriodKind, string> = {
  TRADE: '/InvoiceClose',
  GENERIC: '/InvoiceGenericClose',
};

export const usePeriodView = (kind: TPeriodKind, office: string | undefined, period: string | undefined) =>
  useQuery({
    queryKey: ['period', kind, 'view', office, period],
    queryFn: ({ signal }) =>
      api.get<TPeriodView>(PERIOD_API[kind], { office_code: office ?? '', period: period ?? '' }, { signal }),
    enabled: !!office && !!period,
  });

export const usePeriodList = (kind: TPeriodKind, office: string | undefined) =>
  useQuery({
    queryKey: ['period', kind, 'list', office ?? ''],
    queryFn: ({ signal }) =>
      api.get<TPeriodListResponse>(
        `${PERIOD_API[kind]}/periods`,
        office ? { office_code: office } : undefined,
        {
          signal,
        },
      ),
  });

/** Close or reopen; every answer (or refusal) refreshes the period screens and the invoice lists. */
export function usePeriodAction(kind: TPeriodKind, action: 'close' | 'reopen') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { office_code: string; period: string; reason?: string }) =>
      api.post<TPeriodActionResponse>(`${PERIOD_API[kind]}/${action}`, body),
    onSettled: () => {
      qc.invalidateQueries({ queryKey: ['period'] });
      qc.invalidateQueries({ queryKey: ['invoice'] });
    },
  });
}
