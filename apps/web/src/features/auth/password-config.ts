import { isStrongPassword, type TPasswordConfigResponse } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../../shared/api/http';
import type { RuleObject } from '../../shared/form';
import { msgTextOf, requiredMsgRule } from '../../shared/form/zod-rule';

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

/**
 * Form rules of a new password (000 §5): required, and the strong rule when the server asks for it. The texts
 * are msg keys translated when a check fails (the namespace loads then, not with the page).
 */
export function newPasswordRules(_t: TFunction, useStrongPassword: boolean): RuleObject[] {
  return [
    requiredMsgRule('msgPasswordRequired'),
    {
      validator: async (_, value: string | undefined) => {
        if (value && useStrongPassword && !isStrongPassword(value))
          throw new Error(await msgTextOf('msgStrongPWRequired'));
      },
    },
  ];
}

/** Form rules of the confirmation: required and equal to `field` (msgPasswordInconsistent). */
export function confirmPasswordRules(
  _t: TFunction,
  field: string,
): (RuleObject | ((f: { getFieldValue: (n: string) => unknown }) => RuleObject))[] {
  return [
    requiredMsgRule('msgPasswordRequired'),
    ({ getFieldValue }) => ({
      validator: async (_, value: string | undefined) => {
        if (value && value !== getFieldValue(field))
          throw new Error(await msgTextOf('msgPasswordInconsistent'));
      },
    }),
  ];
}
