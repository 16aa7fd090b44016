import {
  RATE_SERVICES,
  RATE_SORTABLE,
  RATE_STATUSES,
  type TCreateRateRequest,
  type TRate,
  type TUpdateRateRequest,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';

export const rateHistoryApiPath = (key: string) => `/Rate/${encodeURIComponent(key)}/history`;
export type RateFilter = 'carrier_code' | 'pol' | 'pod' | 'service' | 'valid_on' | 'status';

const keys = {
  list: ['rate', 'list'] as const,
  one: (key: string) => ['rate', 'one', key] as const,
};

/** The rate list with its search, filters, sort and page in the URL. */
export function useRateList() {
  return useListQuery<TRate, RateFilter>({
    queryKey: keys.list,
    path: '/Rate',
    filters: {
      carrier_code: null,
      pol: null,
      pod: null,
      service: RATE_SERVICES,
      valid_on: null,
      status: RATE_STATUSES,
    },
    sortable: RATE_SORTABLE,
  });
}

/** One rate by source key (not fetched for a new one). */
export function useRate(key: string | null) {
  return useQuery({
    queryKey: keys.one(key ?? ''),
    queryFn: ({ signal }) => api.get<TRate>(`/Rate/${encodeURIComponent(key ?? '')}`, undefined, { signal }),
    enabled: key !== null,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** Creates a rate; the new record is cached so its detail screen opens without another call. */
export function useCreateRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateRateRequest) => api.post<TRate>('/Rate', body),
    onSuccess: (created) => {
      qc.setQueryData(keys.one(created.source_key), created);
      void qc.invalidateQueries({ queryKey: keys.list });
    },
  });
}

/** Saves a rate with the version that was loaded; a newer version on the server answers 409. */
export function useUpdateRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: TUpdateRateRequest }) =>
      api.put<TRate>(`/Rate/${encodeURIComponent(key)}`, body),
    onSuccess: (saved) => {
      qc.setQueryData(keys.one(saved.source_key), saved);
      void qc.invalidateQueries({ queryKey: keys.list });
      void qc.invalidateQueries({ queryKey: ['history', rateHistoryApiPath(saved.source_key)] });
    },
  });
}
