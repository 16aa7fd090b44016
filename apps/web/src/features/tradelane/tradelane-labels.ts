import { TRADELANE_CUSTOMER_TYPES, TRADELANE_FILTER_FIELDS, TRADELANE_TYPES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels and options for a trade lane's codes (type, customer type) and fields. */
export function useTradelaneLabels() {
  const { t } = useTranslation('tradelane');
  const type = (v: string) => t(`type.${v}`, { defaultValue: v });
  const customerType = (v: string) => t(`customerType.${v}`, { defaultValue: v });
  const field = (f: string) => t(`field.${f}`, { defaultValue: f });
  const typeOptions = TRADELANE_TYPES.map((value) => ({ value, label: type(value) }));
  const customerTypeOptions = TRADELANE_CUSTOMER_TYPES.map((value) => ({
    value,
    label: customerType(value),
  }));
  return {
    type,
    customerType,
    field,
    typeOptions,
    customerTypeOptions,
    // The server's whitelist (TRADELANE_FILTER_FIELDS) with labels and the choices of its select fields.
    customFilterFields: customFilterFieldsOf(TRADELANE_FILTER_FIELDS, field, {
      tradelane_type: { options: typeOptions },
      pol_country: { fetchOptionKey: 'country' },
      pod_country: { fetchOptionKey: 'country' },
      office_code: { fetchOptionKey: 'office' },
      customer_type: { options: customerTypeOptions },
    }),
  };
}
