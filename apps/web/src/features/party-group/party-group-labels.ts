import { PARTY_GROUP_FILTER_FIELDS, PARTY_GROUP_TYPES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels and options for a party group's type and fields. */
export function usePartyGroupLabels() {
  const { t } = useTranslation('party-group');
  const type = (v: string) => t(`type.${v}`, { defaultValue: v });
  const field = (f: string) => t(`field.${f}`, { defaultValue: f });
  const typeOptions = PARTY_GROUP_TYPES.map((value) => ({ value, label: type(value) }));
  return {
    type,
    field,
    typeOptions,
    // The server's whitelist (PARTY_GROUP_FILTER_FIELDS) with labels and the choices of its select fields.
    customFilterFields: customFilterFieldsOf(PARTY_GROUP_FILTER_FIELDS, field, {
      group_type: { options: typeOptions },
    }),
  };
}
