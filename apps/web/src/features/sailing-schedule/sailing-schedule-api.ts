import {
  SAILING_SORTABLE,
  SAILING_STATUSES,
  type TCreateSailingScheduleRequest,
  type TSailingSchedule,
  type TUpdateSailingScheduleRequest,
} from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { signalOtherTabs, useOtherTabSignal } from '../../shared/cross-tab/cross-tab';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** GET/POST/PUT /SailingSchedule hooks and its history path. */
export const sailingApi = recordApi<
  TSailingSchedule,
  TCreateSailingScheduleRequest,
  TUpdateSailingScheduleRequest
>({
  path: '/SailingSchedule',
  key: 'sailing-schedule',
  idOf: (s) => s.sailing_schedule_id,
});

export type SailingFilter =
  | 'carrier_code'
  | 'pol'
  | 'pod'
  | 'etd_from'
  | 'etd_to'
  | 'is_tbc'
  | 'status'
  | 'filters';

/** The sailing list with its search, filters (carrier, POL, POD, ETD range), sort and page in the URL. */
export function useSailingList() {
  return useListQuery<TSailingSchedule, SailingFilter>({
    queryKey: sailingApi.listKey,
    path: '/SailingSchedule',
    filters: {
      carrier_code: null,
      pol: null,
      pod: null,
      etd_from: null,
      etd_to: null,
      is_tbc: ['true', 'false'],
      status: SAILING_STATUSES,
      filters: null,
    },
    sortable: SAILING_SORTABLE,
  });
}

/** After a save in this tab: the other tabs of this browser re-read what they show of sailings (000 §4). */
export function signalSailingSaved<T extends Pick<TSailingSchedule, 'sailing_schedule_id'>>(saved: T): T {
  signalOtherTabs('sailing', { id: saved.sailing_schedule_id });
  return saved;
}

/**
 * Another tab saved a sailing: re-read the sailing list and the open sailing. The detail form takes a newer
 * version only while it has no unsaved input (MaintenanceDetail), so nothing typed here is lost.
 */
export function useSailingCrossTab() {
  const qc = useQueryClient();
  useOtherTabSignal('sailing', () => void qc.invalidateQueries({ queryKey: ['sailing-schedule'] }));
}
