import { RATE_FILTER_FIELDS, RATE_SERVICES, RATE_STATUSES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels and select options for a rate's codes (service, status) and fields. */
export function useRateLabels() {
  const { t } = useTranslation('rate');
  const field = (f: string) => t(`field.${f}`, { defaultValue: f });
  const serviceOptions = RATE_SERVICES.map((value) => ({ value, label: value }));
  const statusOptions = RATE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }));
  return {
    field,
    serviceOptions,
    statusOptions,
    // The server's whitelist (RATE_FILTER_FIELDS) with labels and the choices of its select fields.
    customFilterFields: customFilterFieldsOf(RATE_FILTER_FIELDS, field, {
      carrier_code: { fetchOptionKey: 'carrier' },
      pol: { fetchOptionKey: 'port' },
      pod: { fetchOptionKey: 'port' },
      service: { options: serviceOptions },
      currency: { fetchOptionKey: 'currency' },
      status: { options: statusOptions },
    }),
  };
}
