import {
  type TAdminUser,
  type TCreateUserRequest,
  type TUpdateUserRequest,
  type TUserFormOptions,
  USER_SORTABLE,
  USER_STATUSES,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

/** GET/POST/PUT /User hooks. */
export const userApi = recordApi<TAdminUser, TCreateUserRequest, TUpdateUserRequest, string>({
  path: '/User',
  key: 'userAdmin',
  idOf: (u) => u.user_uid,
});

/** Select filters of the user list. */
export type UserFilter = 'status';

/** The user list with its search, status filter, sort and page in the URL. */
export function useUserList() {
  return useListQuery<TAdminUser, UserFilter>({
    queryKey: userApi.listKey,
    path: '/User',
    filters: { status: USER_STATUSES },
    sortable: USER_SORTABLE,
  });
}

/** GET /User/formOptions: profile types, roles, offices, party groups and trade lanes. */
export function useUserFormOptions() {
  return useQuery({
    queryKey: ['userAdmin', 'formOptions'],
    queryFn: ({ signal }) => api.get<TUserFormOptions>('/User/formOptions', undefined, { signal }),
    staleTime: 60_000,
  });
}

type Action =
  | { kind: 'status'; status: 'A' | 'D' }
  | { kind: 'unlock' }
  | { kind: 'resetPassword'; password: string };

/** Disable/enable, unlock and reset password: POST /User/{uid}/… with the loaded version. */
export function useUserAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ user, action }: { user: TAdminUser; action: Action }) => {
      const base = `/User/${user.user_uid}`;
      const version = user.version;
      if (action.kind === 'status')
        return api.post<TAdminUser>(`${base}/status`, { status: action.status, version });
      if (action.kind === 'unlock') return api.post<TAdminUser>(`${base}/unlock`, { version });
      return api.post<TAdminUser>(`${base}/resetPassword`, { password: action.password, version });
    },
    onSuccess: (saved) => {
      qc.setQueryData(['userAdmin', 'one', saved.user_uid], saved);
      void qc.invalidateQueries({ queryKey: userApi.listKey });
      void qc.invalidateQueries({ queryKey: ['history', userApi.historyPath(saved.user_uid)] });
    },
  });
}
