import {
  ROLE_SORTABLE,
  type TCreateRoleRequest,
  type TFuncCatalogue,
  type TRoleRecord,
  type TUpdateRoleRequest,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** GET/POST/PUT /Role hooks. */
export const roleApi = recordApi<TRoleRecord, TCreateRoleRequest, TUpdateRoleRequest>({
  path: '/Role',
  key: 'role',
  idOf: (r) => r.role_id,
});

/** The role list with its search, sort and page in the URL. */
export function useRoleList() {
  return useListQuery<TRoleRecord, never>({
    queryKey: roleApi.listKey,
    path: '/Role',
    filters: {},
    sortable: ROLE_SORTABLE,
  });
}

/** GET /Role/funcs: the function-id catalogue. */
export function useFuncCatalogue() {
  return useQuery({
    queryKey: ['role', 'funcs'],
    queryFn: ({ signal }) => api.get<TFuncCatalogue>('/Role/funcs', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}
