import { MBL_FILTER_FIELDS, MBL_SOURCES, MBL_STATUSES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels of the master BL codes and fields (namespace `masterBl`). */
export function useMblLabels() {
  const { t } = useTranslation('masterBl');
  const label = (group: string) => (v: string) => t(`${group}.${v}`, { defaultValue: v });
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: label(group)(value) }));
  return {
    status: label('status'),
    action: label('action'),
    field: label('field'),
    /** A changed code in the history as its word (the rest the shared history words). */
    historyValue: (field: string, v: unknown) => {
      const group = { status: 'status', source: 'source', mbl_type: 'mblType', freight_term: 'freightTerm' }[
        field
      ];
      return group ? label(group)(String(v)) : undefined;
    },
    statusOptions: options(MBL_STATUSES, 'status'),
    customFilterFields: () =>
      customFilterFieldsOf(MBL_FILTER_FIELDS, label('field'), {
        status: { options: options(MBL_STATUSES, 'status') },
        source: { options: options(MBL_SOURCES, 'source') },
        carrier_code: { fetchOptionKey: 'carrier' },
        pol: { fetchOptionKey: 'port' },
        pod: { fetchOptionKey: 'port' },
        handling_office: { fetchOptionKey: 'office' },
      }),
  };
}

/** Tag colour of a master BL status. */
export const mblColor = (s: string) =>
  ({ DRAFT: 'gold', ISSUED: 'green', CANCELLED: 'default' })[s] ?? 'default';
