import { SAILING_FILTER_FIELDS, SAILING_STATUSES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels and select options for a sailing's codes and fields. */
export function useSailingLabels() {
  const { t } = useTranslation('sailing-schedule');
  const status = (v: string) => t(`status.${v}`, { defaultValue: v });
  const field = (f: string) => t(`field.${f}`, { defaultValue: f });
  const statusOptions = SAILING_STATUSES.map((value) => ({ value, label: status(value) }));
  return {
    status,
    yesNo: (b: boolean) => (b ? t('yes') : t('no')),
    field,
    statusOptions,
    tbcOptions: [
      { value: 'true', label: t('tbcOnly') },
      { value: 'false', label: t('firmOnly') },
    ],
    // The server's whitelist (SAILING_FILTER_FIELDS) with labels and the choices of its select fields.
    customFilterFields: customFilterFieldsOf(SAILING_FILTER_FIELDS, field, {
      carrier_code: { fetchOptionKey: 'carrier' },
      pol: { fetchOptionKey: 'port' },
      pod: { fetchOptionKey: 'port' },
      transshipment_port: { fetchOptionKey: 'port' },
      status: { options: statusOptions },
    }),
  };
}
