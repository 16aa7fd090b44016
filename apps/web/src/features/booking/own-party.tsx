import { BOOKING_OWN_PARTY_OPTION_KEY, isExternalProfile, OWN_PARTY_FIELD_OF } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { createContext, useEffect, useRef } from 'react';
import { Form, type FormInstance } from '../../shared/form';
import { fetchSelectionOptions } from '../../shared/search-select/use-option-search';

/**
 * The party field an external user books as (a shipper's Shipper, contracts OWN_PARTY_FIELD_OF) while it looks
 * up among the user's own parties only (fetchOptionKey BOOKING_OWN_PARTY_OPTION_KEY, filtered by the server);
 * null for internal users and agents, and while the field holds a party that is not theirs (an older booking:
 * the full lookup still names it).
 */
export const OwnPartyFieldContext = createContext<string | null>(null);

/** The own-party field of a profile type (null for internal profiles and agents). */
export const ownPartyFieldOf = (profileType: string | null | undefined) =>
  isExternalProfile(profileType) ? (OWN_PARTY_FIELD_OF[profileType ?? ''] ?? null) : null;

/**
 * An external user's own parties (the server's own-party list), and a new booking's own-party field prefilled
 * with the first of them (the only one, for most users), once. Answers the field to restrict (for
 * OwnPartyFieldContext).
 */
export function useOwnPartyPrefill(
  form: FormInstance,
  o: { active: boolean; profileType: string | null | undefined; onPrefilled: () => void },
): { field: string | null } {
  const field = ownPartyFieldOf(o.profileType);
  const own = useQuery({
    queryKey: ['selection-options', BOOKING_OWN_PARTY_OPTION_KEY, 'all'],
    queryFn: ({ signal }) => fetchSelectionOptions({ fetchOptionKey: BOOKING_OWN_PARTY_OPTION_KEY }, signal),
    enabled: field !== null,
    staleTime: 5 * 60_000,
  });
  const done = useRef(false);
  const onPrefilled = useRef(o.onPrefilled);
  onPrefilled.current = o.onPrefilled;
  const first = own.data?.[0]?.value;
  useEffect(() => {
    if (!o.active || done.current || !field || !first) return;
    done.current = true;
    if (form.getFieldValue(field)) return;
    form.setFieldsValue({ [field]: first });
    onPrefilled.current();
  }, [o.active, field, first, form]);
  const current = Form.useWatch(field ?? '__no_own_party_field', { form, preserve: true }) as unknown;
  const isOwn =
    current === undefined ||
    current === null ||
    current === '' ||
    !!own.data?.some((p) => p.value === String(current));
  return { field: field && isOwn ? field : null };
}
