import {
  REGISTRATION_KINDS,
  REGISTRATION_SORTABLE,
  REGISTRATION_STATUSES,
  type TKeyValueOption,
  type TRegisterApplicationRequest,
  type TRegisterResponse,
  type TRegisterUserRequest,
  type TRegistration,
  type TRegistrationOfficeOption,
  type TRegistrationRow,
  type TStatusHistoryEntry,
  type TUpdateNewUserPasswordRequest,
  type TValidateSisUserResponse,
  type TValidateUserProfileResponse,
} from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../shared/api/http';
import { useListQuery } from '../../shared/list/use-list-query';

const silent = { silent: true };

/** GET /admin/getusertypeopts */
export const useUserTypeOptions = () =>
  useQuery({
    queryKey: ['registration', 'usertypes'],
    queryFn: () => api.get<TKeyValueOption[]>('/admin/getusertypeopts', undefined, silent),
  });
/** GET /admin/getlocationopts */
export const useLocationOptions = () =>
  useQuery({
    queryKey: ['registration', 'locations'],
    queryFn: () => api.get<TKeyValueOption[]>('/admin/getlocationopts', undefined, silent),
  });
/** GET /admin/getofficeopts filtered by location type (000 §5). */
export const useOfficeOptions = (locationTypeId: number | null | undefined) =>
  useQuery({
    queryKey: ['registration', 'offices', locationTypeId ?? 0],
    queryFn: () =>
      api.get<TRegistrationOfficeOption[]>(
        '/admin/getofficeopts',
        { location_type_id: locationTypeId || undefined },
        silent,
      ),
    enabled: !!locationTypeId,
  });

/** GET /Password/getPasswordConfig: whether the strong rule applies (true when the call fails). */
export const usePasswordConfig = () =>
  useQuery({
    queryKey: ['registration', 'passwordConfig'],
    queryFn: async () => {
      try {
        return (
          await api.get<{ useStrongPassword: boolean }>('/Password/getPasswordConfig', undefined, silent)
        ).useStrongPassword;
      } catch {
        return true;
      }
    },
  });

/** GET /master/country/{text}: the country codes matching a text (404 = none). */
export async function lookupCountries(
  text: string,
): Promise<{ country_code: string; country_name: string }[]> {
  try {
    return await api.get(`/master/country/${encodeURIComponent(text)}`, undefined, silent);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return [];
    throw e;
  }
}

/** GET /admin/validateuserprofile: message keys why the login id cannot register. */
export const validateLoginId = (loginId: string) =>
  api.get<TValidateUserProfileResponse>(
    '/admin/validateuserprofile',
    { login_id: loginId, checkIsRegistered: true },
    silent,
  );
export const registerApplication = (body: TRegisterApplicationRequest) =>
  api.post<TRegisterResponse>('/admin/registerapplication', body, silent);
export const validateSisUser = (sisUserId: string, password: string) =>
  api.get<TValidateSisUserResponse>(
    '/Admin/validateAndGetSISUser',
    { sis_user_id: sisUserId, password },
    silent,
  );
export const registerSisUser = (body: TRegisterUserRequest) =>
  api.post<TRegisterResponse>('/admin/registeruser', body, silent);
export const activateAccount = (loginid: string, token: string) =>
  api.get<{ success: boolean }>('/admin/activateAccount', { loginid, token }, silent);
export const updateNewUserPassword = (body: TUpdateNewUserPasswordRequest) =>
  api.post<{ success: boolean }>('/Admin/UpdateNewUserPassword', body, silent);

// ---- administration ----

const ADMIN_PATH = '/admin/UserRegistration';
export const registrationKeys = {
  list: ['user-registration', 'list'] as const,
  one: (id: number) => ['user-registration', id] as const,
};

/** Select filters of the registration list. */
export type RegistrationFilter = 'status' | 'kind' | 'filters';

/** The registration list with its search, status and kind filters in the URL. */
export const useRegistrationList = () =>
  useListQuery<TRegistrationRow, RegistrationFilter>({
    queryKey: registrationKeys.list,
    path: ADMIN_PATH,
    filters: { status: REGISTRATION_STATUSES, kind: REGISTRATION_KINDS, filters: null },
    sortable: REGISTRATION_SORTABLE,
  });

export const useRegistration = (id: number) =>
  useQuery({
    queryKey: registrationKeys.one(id),
    queryFn: () => api.get<TRegistration>(`${ADMIN_PATH}/${id}`),
  });
export const useRegistrationHistory = (id: number) =>
  useQuery({
    queryKey: [...registrationKeys.one(id), 'history'],
    queryFn: () => api.get<TStatusHistoryEntry[]>(`${ADMIN_PATH}/${id}/history`),
  });

/** Approve or reject; refreshes the record, its history and the list. */
export function useDecideRegistration(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      d: { action: 'approve'; version: number } | { action: 'reject'; version: number; reason: string },
    ) =>
      api.post<TRegistration>(
        `${ADMIN_PATH}/${id}/${d.action}`,
        d.action === 'approve' ? { version: d.version } : { version: d.version, reason: d.reason },
      ),
    onSuccess: (row) => {
      qc.setQueryData(registrationKeys.one(id), row);
      void qc.invalidateQueries({ queryKey: registrationKeys.one(id) });
      void qc.invalidateQueries({ queryKey: registrationKeys.list });
    },
  });
}
