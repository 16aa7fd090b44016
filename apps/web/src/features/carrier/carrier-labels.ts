import { CARRIER_ALLIANCES, CARRIER_STATUSES, CARRIER_TYPES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** Translated labels and select options for a carrier's codes (alliance, type, status) and fields. */
export function useCarrierLabels() {
  const { t } = useTranslation('carrier');
  const alliance = (v: string) => t(`alliance.${v}`, { defaultValue: v });
  const type = (v: string) => t(`type.${v}`, { defaultValue: v });
  const status = (v: string) => t(`status.${v}`, { defaultValue: v });
  return {
    alliance,
    type,
    status,
    field: (f: string) => t(`field.${f}`, { defaultValue: f }),
    allianceOptions: CARRIER_ALLIANCES.map((value) => ({ value, label: alliance(value) })),
    typeOptions: CARRIER_TYPES.map((value) => ({ value, label: type(value) })),
    statusOptions: CARRIER_STATUSES.map((value) => ({ value, label: status(value) })),
  };
}
