import {
  type TCreateWarehouseRequest,
  type TUpdateWarehouseRequest,
  type TWarehouse,
  WAREHOUSE_SORTABLE,
  WAREHOUSE_STATUSES,
} from '@portal/contracts';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** GET/POST/PUT /Warehouse hooks. */
export const warehouseApi = recordApi<TWarehouse, TCreateWarehouseRequest, TUpdateWarehouseRequest>({
  path: '/Warehouse',
  key: 'warehouse',
  idOf: (w) => w.party_code_id,
});

/** Select filters of the warehouse list, plus `filters`: the custom filter rules (JSON). */
export type WarehouseFilter = 'status' | 'filters';

/** The warehouse list with its search, status filter, sort and page in the URL. */
export function useWarehouseList() {
  return useListQuery<TWarehouse, WarehouseFilter>({
    queryKey: warehouseApi.listKey,
    path: '/Warehouse',
    filters: { status: WAREHOUSE_STATUSES, filters: null },
    sortable: WAREHOUSE_SORTABLE,
  });
}
