import {
  RATE_SERVICES,
  RATE_SORTABLE,
  RATE_STATUSES,
  type TCreateRateRequest,
  type TRate,
  type TUpdateRateRequest,
} from '@portal/contracts';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** GET/POST/PUT /Rate/{source_key} hooks and its history path: rates are keyed by their source key. */
export const rateApi = recordApi<TRate, TCreateRateRequest, TUpdateRateRequest, string>({
  path: '/Rate',
  key: 'rate',
  idOf: (r) => r.source_key,
});

export type RateFilter = 'carrier_code' | 'pol' | 'pod' | 'service' | 'valid_on' | 'status' | 'filters';

/** The rate list with its search, filters, sort and page in the URL. */
export function useRateList() {
  return useListQuery<TRate, RateFilter>({
    queryKey: rateApi.listKey,
    path: '/Rate',
    filters: {
      carrier_code: null,
      pol: null,
      pod: null,
      service: RATE_SERVICES,
      valid_on: null,
      status: RATE_STATUSES,
      filters: null,
    },
    sortable: RATE_SORTABLE,
  });
}
