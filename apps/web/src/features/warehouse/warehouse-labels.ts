import { WAREHOUSE_FILTER_FIELDS, WAREHOUSE_STATUSES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels for a warehouse's fields and status. */
export function useWarehouseLabels() {
  const { t } = useTranslation('warehouse');
  const status = (v: string) => t(`status.${v}`, { defaultValue: v });
  const field = (f: string) => t(`field.${f}`, { defaultValue: f });
  const statusOptions = WAREHOUSE_STATUSES.map((value) => ({ value, label: status(value) }));
  return {
    status,
    field,
    statusOptions,
    // The server's whitelist (WAREHOUSE_FILTER_FIELDS) with labels and the choices of its select fields.
    customFilterFields: customFilterFieldsOf(WAREHOUSE_FILTER_FIELDS, field, {
      status: { options: statusOptions },
    }),
  };
}
