import {
  SAILING_SORTABLE,
  SAILING_STATUSES,
  type TCreateSailingScheduleRequest,
  type TSailingSchedule,
  type TUpdateSailingScheduleRequest,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';

export const sailingHistoryApiPath = (id: number) => `/SailingSchedule/${id}/history`;

export type SailingFilter = 'carrier_code' | 'pol' | 'pod' | 'etd_from' | 'etd_to' | 'is_tbc' | 'status';

const keys = {
  list: ['sailing-schedule', 'list'] as const,
  one: (id: number) => ['sailing-schedule', 'one', id] as const,
};

/** The sailing list with its search, filters (carrier, POL, POD, ETD range), sort and page in the URL. */
export function useSailingList() {
  return useListQuery<TSailingSchedule, SailingFilter>({
    queryKey: keys.list,
    path: '/SailingSchedule',
    filters: {
      carrier_code: null,
      pol: null,
      pod: null,
      etd_from: null,
      etd_to: null,
      is_tbc: ['true', 'false'],
      status: SAILING_STATUSES,
    },
    sortable: SAILING_SORTABLE,
  });
}

/** One sailing (not fetched for a new one). Not refetched on focus: the form decides when to reload. */
export function useSailing(id: number | null) {
  return useQuery({
    queryKey: keys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<TSailingSchedule>(`/SailingSchedule/${id}`, undefined, { signal }),
    enabled: id !== null,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** Creates a sailing; the new record is cached so its detail screen opens without another call. */
export function useCreateSailing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateSailingScheduleRequest) => api.post<TSailingSchedule>('/SailingSchedule', body),
    onSuccess: (created) => {
      qc.setQueryData(keys.one(created.sailing_schedule_id), created);
      void qc.invalidateQueries({ queryKey: keys.list });
    },
  });
}

/** Saves a sailing with the version that was loaded; a newer version on the server answers 409. */
export function useUpdateSailing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TUpdateSailingScheduleRequest }) =>
      api.put<TSailingSchedule>(`/SailingSchedule/${id}`, body),
    onSuccess: (saved) => {
      qc.setQueryData(keys.one(saved.sailing_schedule_id), saved);
      void qc.invalidateQueries({ queryKey: keys.list });
      void qc.invalidateQueries({ queryKey: ['history', sailingHistoryApiPath(saved.sailing_schedule_id)] });
    },
  });
}
