import { TRADELANE_CUSTOMER_TYPES, TRADELANE_TYPES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** Translated labels and options for a trade lane's codes (type, customer type) and fields. */
export function useTradelaneLabels() {
  const { t } = useTranslation('tradelane');
  const type = (v: string) => t(`type.${v}`, { defaultValue: v });
  const customerType = (v: string) => t(`customerType.${v}`, { defaultValue: v });
  return {
    type,
    customerType,
    field: (f: string) => t(`field.${f}`, { defaultValue: f }),
    typeOptions: TRADELANE_TYPES.map((value) => ({ value, label: type(value) })),
    customerTypeOptions: TRADELANE_CUSTOMER_TYPES.map((value) => ({ value, label: customerType(value) })),
  };
}
