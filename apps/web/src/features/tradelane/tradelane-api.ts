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

/** The trade lane list with its search, type filter, sort and page in the URL. */
export function useTradelaneList() {
  return useListQuery<TTradelane, 'tradelane_type'>({
    queryKey: tradelaneApi.listKey,
    path: '/Tradelane',
    filters: { tradelane_type: TRADELANE_TYPES },
    sortable: TRADELANE_SORTABLE,
  });
}
