import { isStrongPassword, type TPasswordConfigResponse } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { api } from '../../shared/api/http';

/** GET /Password/getPasswordConfig (public): whether the strong rule applies; strong until it answers. */
export function usePasswordConfig(): TPasswordConfigResponse {
  const q = useQuery({
    queryKey: ['password-config'],
    queryFn: () =>
      api.get<TPasswordConfigResponse>('/Password/getPasswordConfig', undefined, { silent: true }),
    staleTime: 10 * 60_000,
  });
  return q.data ?? { success: true, useStrongPassword: true, maxLength: 128 };
}

/** Form rules of a new password (000 §5): required, and the strong rule when the server asks for it. */
export function newPasswordRules(t: TFunction, useStrongPassword: boolean): RuleObject[] {
  return [
    { required: true, message: t('msg:msgPasswordRequired') },
    {
      validator: (_, value: string | undefined) =>
        !value || !useStrongPassword || isStrongPassword(value)
          ? Promise.resolve()
          : Promise.reject(new Error(t('msg:msgStrongPWRequired'))),
    },
  ];
}

/** Form rules of the confirmation: required and equal to `field` (msgPasswordInconsistent). */
export function confirmPasswordRules(
  t: TFunction,
  field: string,
): (RuleObject | ((f: { getFieldValue: (n: string) => unknown }) => RuleObject))[] {
  return [
    { required: true, message: t('msg:msgPasswordRequired') },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue(field)
          ? Promise.resolve()
          : Promise.reject(new Error(t('msg:msgPasswordInconsistent'))),
    }),
  ];
}
