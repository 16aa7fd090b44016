import { CONSOL_FILTER_FIELDS, CONSOL_STATUSES, CONSOL_TYPES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels of the consolidation codes and fields (namespace `consolidation`). */
export function useConsolLabels() {
  const { t } = useTranslation('consolidation');
  const label = (group: string) => (v: string) => t(`${group}.${v}`, { defaultValue: v });
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: label(group)(value) }));
  return {
    status: label('status'),
    type: label('type'),
    action: label('action'),
    field: label('field'),
    list: label('lists'),
    statusOptions: options(CONSOL_STATUSES, 'status'),
    typeOptions: options(CONSOL_TYPES, 'type'),
    customFilterFields: () =>
      customFilterFieldsOf(CONSOL_FILTER_FIELDS, label('field'), {
        status: { options: options(CONSOL_STATUSES, 'status') },
        consol_type: { options: options(CONSOL_TYPES, 'type') },
        pol: { fetchOptionKey: 'port' },
        pod: { fetchOptionKey: 'port' },
        handling_office: { fetchOptionKey: 'office' },
        contact_office: { fetchOptionKey: 'office' },
      }),
  };
}

/** Tag colour of a consolidation status. */
export const consolColor = (s: string) =>
  ({
    PLAN: 'default',
    RECOVERED: 'cyan',
    REQUEST_FOR_APPROVAL: 'orange',
    PENDING_CUSTOMER: 'gold',
    APPROVED: 'green',
    REJECTED: 'red',
    CONSOL_ADVICE: 'blue',
    CANCELLED: 'default',
  })[s] ?? 'default';
