import { WAREHOUSE_STATUSES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** Translated labels for a warehouse's fields and status. */
export function useWarehouseLabels() {
  const { t } = useTranslation('warehouse');
  const status = (v: string) => t(`status.${v}`, { defaultValue: v });
  return {
    status,
    field: (f: string) => t(`field.${f}`, { defaultValue: f }),
    statusOptions: WAREHOUSE_STATUSES.map((value) => ({ value, label: status(value) })),
  };
}
