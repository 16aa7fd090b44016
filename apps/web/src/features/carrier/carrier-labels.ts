import { CARRIER_ALLIANCES, CARRIER_FILTER_FIELDS, CARRIER_STATUSES, CARRIER_TYPES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels and select options for a carrier's codes (alliance, type, status) and fields. */
export function useCarrierLabels() {
  const { t } = useTranslation('carrier');
  const alliance = (v: string) => t(`alliance.${v}`, { defaultValue: v });
  const type = (v: string) => t(`type.${v}`, { defaultValue: v });
  const status = (v: string) => t(`status.${v}`, { defaultValue: v });
  const field = (f: string) => t(`field.${f}`, { defaultValue: f });
  const allianceOptions = CARRIER_ALLIANCES.map((value) => ({ value, label: alliance(value) }));
  const typeOptions = CARRIER_TYPES.map((value) => ({ value, label: type(value) }));
  const statusOptions = CARRIER_STATUSES.map((value) => ({ value, label: status(value) }));
  return {
    alliance,
    type,
    status,
    field,
    allianceOptions,
    typeOptions,
    statusOptions,
    // The server's whitelist (CARRIER_FILTER_FIELDS) with labels; the carrier code is picked with SearchSelect.
    customFilterFields: customFilterFieldsOf(CARRIER_FILTER_FIELDS, field, {
      carrier_code: { fetchOptionKey: 'carrier' },
      alliance: { options: allianceOptions },
      carrier_type: { options: typeOptions },
      status: { options: statusOptions },
    }),
  };
}
