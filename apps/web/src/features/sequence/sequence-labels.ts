import {
  SEQ_DATE_FORMATS,
  SEQ_DOC_TYPES,
  SEQ_RESET_PERIODS,
  SEQ_SEPARATORS,
  SEQ_STATUSES,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** Translated labels and select options for a sequence rule's codes and fields. */
export function useSequenceLabels() {
  const { t } = useTranslation('sequence');
  const docType = (v: string) => t(`docType.${v}`, { defaultValue: v });
  const dateFormat = (v: string) => t(`dateFormat.${v}`, { defaultValue: v });
  const reset = (v: string) => t(`reset.${v}`, { defaultValue: v });
  const status = (v: string) => t(`status.${v}`, { defaultValue: v });
  const separator = (v: string) => t(`separator.${v === '' ? 'none' : v === '-' ? 'dash' : 'slash'}`);
  return {
    docType,
    dateFormat,
    reset,
    status,
    separator,
    field: (f: string) => t(`field.${f}`, { defaultValue: f }),
    docTypeOptions: SEQ_DOC_TYPES.map((value) => ({ value, label: docType(value) })),
    dateFormatOptions: SEQ_DATE_FORMATS.map((value) => ({ value, label: dateFormat(value) })),
    resetOptions: SEQ_RESET_PERIODS.map((value) => ({ value, label: reset(value) })),
    statusOptions: SEQ_STATUSES.map((value) => ({ value, label: status(value) })),
    separatorOptions: SEQ_SEPARATORS.map((value) => ({ value, label: separator(value) })),
  };
}
