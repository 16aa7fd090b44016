import {
  CARRIER_ALLIANCES,
  CARRIER_SORTABLE,
  CARRIER_STATUSES,
  CARRIER_TYPES,
  type TCarrier,
  type TCreateCarrierRequest,
  type TUpdateCarrierRequest,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';

export const carrierHistoryApiPath = (id: number) => `/Carrier/${id}/history`;

/** Select filters of the carrier list, plus `filters`: the custom filter rules (JSON). */
export type CarrierFilter = 'alliance' | 'carrier_type' | 'status' | 'filters';

const keys = {
  list: ['carrier', 'list'] as const,
  one: (id: number) => ['carrier', 'one', id] as const,
};

/** The carrier list with its search, filters, sort and page in the URL. */
export function useCarrierList() {
  return useListQuery<TCarrier, CarrierFilter>({
    queryKey: keys.list,
    path: '/Carrier',
    filters: {
      alliance: CARRIER_ALLIANCES,
      carrier_type: CARRIER_TYPES,
      status: CARRIER_STATUSES,
      filters: null,
    },
    sortable: CARRIER_SORTABLE,
  });
}

/** One carrier (not fetched for a new one). Not refetched on focus: the form decides when to reload. */
export function useCarrier(id: number | null) {
  return useQuery({
    queryKey: keys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<TCarrier>(`/Carrier/${id}`, undefined, { signal }),
    enabled: id !== null,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** Creates a carrier; the new record is cached so its detail screen opens without another call. */
export function useCreateCarrier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateCarrierRequest) => api.post<TCarrier>('/Carrier', body),
    onSuccess: (created) => {
      qc.setQueryData(keys.one(created.id), created);
      void qc.invalidateQueries({ queryKey: keys.list });
    },
  });
}

/** Saves a carrier with the version that was loaded; a newer version on the server answers 409. */
export function useUpdateCarrier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TUpdateCarrierRequest }) =>
      api.put<TCarrier>(`/Carrier/${id}`, body),
    onSuccess: (saved) => {
      qc.setQueryData(keys.one(saved.id), saved);
      void qc.invalidateQueries({ queryKey: keys.list });
      void qc.invalidateQueries({ queryKey: ['history', carrierHistoryApiPath(saved.id)] });
    },
  });
}
