import {
  type TCreateTradelaneRequest,
  TRADELANE_SORTABLE,
  TRADELANE_TYPES,
  type TTradelane,
  type TUpdateTradelaneRequest,
} from '@portal/contracts';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** GET/POST/PUT /Tradelane hooks. */
export const tradelaneApi = recordApi<TTradelane, TCreateTradelaneRequest, TUpdateTradelaneRequest>({
  path: '/Tradelane',
  key: 'tradelane',
  idOf: (l) => l.tradelane_id,
});

/** Select filters of the trade lane list, plus `filters`: the custom filter rules (JSON). */
export type TradelaneFilter = 'tradelane_type' | 'filters';

/** The trade lane list with its search, type filter, sort and page in the URL. */
export function useTradelaneList() {
  return useListQuery<TTradelane, TradelaneFilter>({
    queryKey: tradelaneApi.listKey,
    path: '/Tradelane',
    filters: { tradelane_type: TRADELANE_TYPES, filters: null },
    sortable: TRADELANE_SORTABLE,
  });
}
