import type { TCreatePartyGroupRequest, TPartyGroup } from '@portal/contracts';

/** The party group form's values; members are party ids as text (what the party SearchSelect holds). */
export interface PartyGroupFormValues {
  group_name: string;
  group_type?: string;
  sub_group: string;
  party_ids: string[];
}

/** Form values for a loaded party group, or the defaults of a new one. */
export function toFormValues(g: TPartyGroup | null): PartyGroupFormValues {
  return {
    group_name: g?.group_name ?? '',
    group_type: g?.group_type,
    sub_group: g?.sub_group ?? '',
    party_ids: g?.members.map((m) => String(m.party_id)) ?? [],
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The request body for form values; members sorted so the unsaved-changes check ignores order. */
export function toRequest(
  values: Partial<Record<keyof PartyGroupFormValues, unknown>>,
): TCreatePartyGroupRequest {
  const ids = Array.isArray(values.party_ids) ? values.party_ids.map(Number).filter(Number.isInteger) : [];
  return {
    group_name: text(values.group_name),
    group_type: values.group_type as TCreatePartyGroupRequest['group_type'],
    sub_group: text(values.sub_group) || null,
    party_ids: [...new Set(ids)].sort((a, b) => a - b),
  };
}
