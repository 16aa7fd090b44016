import { SAILING_STATUSES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** Translated labels and select options for a sailing's codes and fields. */
export function useSailingLabels() {
  const { t } = useTranslation('sailing-schedule');
  const status = (v: string) => t(`status.${v}`, { defaultValue: v });
  return {
    status,
    yesNo: (b: boolean) => (b ? t('yes') : t('no')),
    field: (f: string) => t(`field.${f}`, { defaultValue: f }),
    statusOptions: SAILING_STATUSES.map((value) => ({ value, label: status(value) })),
    tbcOptions: [
      { value: 'true', label: t('tbcOnly') },
      { value: 'false', label: t('firmOnly') },
    ],
  };
}
