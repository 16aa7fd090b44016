import { PARTY_GROUP_TYPES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** Translated labels and options for a party group's type and fields. */
export function usePartyGroupLabels() {
  const { t } = useTranslation('party-group');
  const type = (v: string) => t(`type.${v}`, { defaultValue: v });
  return {
    type,
    field: (f: string) => t(`field.${f}`, { defaultValue: f }),
    typeOptions: PARTY_GROUP_TYPES.map((value) => ({ value, label: type(value) })),
  };
}
