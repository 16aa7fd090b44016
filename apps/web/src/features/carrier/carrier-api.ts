import {
  CARRIER_ALLIANCES,
  CARRIER_SORTABLE,
  CARRIER_STATUSES,
  CARRIER_TYPES,
  type TCarrier,
  type TCreateCarrierRequest,
  type TUpdateCarrierRequest,
} from '@portal/contracts';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** GET/POST/PUT /Carrier hooks and its history path. */
export const carrierApi = recordApi<TCarrier, TCreateCarrierRequest, TUpdateCarrierRequest>({
  path: '/Carrier',
  key: 'carrier',
  idOf: (c) => c.id,
});

/** Select filters of the carrier list, plus `filters`: the custom filter rules (JSON). */
export type CarrierFilter = 'alliance' | 'carrier_type' | 'status' | 'filters';

/** The carrier list with its search, filters, sort and page in the URL. */
export function useCarrierList() {
  return useListQuery<TCarrier, CarrierFilter>({
    queryKey: carrierApi.listKey,
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
