import {
  SEQ_DATE_FORMATS,
  SEQ_DOC_TYPES,
  SEQ_RESET_PERIODS,
  SEQ_SEPARATORS,
  SEQ_STATUSES,
  SEQUENCE_FILTER_FIELDS,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels and select options for a sequence rule's codes and fields. */
export function useSequenceLabels() {
  const { t } = useTranslation('sequence');
  const docType = (v: string) => t(`docType.${v}`, { defaultValue: v });
  const dateFormat = (v: string) => t(`dateFormat.${v}`, { defaultValue: v });
  const reset = (v: string) => t(`reset.${v}`, { defaultValue: v });
  const status = (v: string) => t(`status.${v}`, { defaultValue: v });
  const separator = (v: string) => t(`separator.${v === '' ? 'none' : v === '-' ? 'dash' : 'slash'}`);
  const field = (f: string) => t(`field.${f}`, { defaultValue: f });
  const docTypeOptions = SEQ_DOC_TYPES.map((value) => ({ value, label: docType(value) }));
  const dateFormatOptions = SEQ_DATE_FORMATS.map((value) => ({ value, label: dateFormat(value) }));
  const resetOptions = SEQ_RESET_PERIODS.map((value) => ({ value, label: reset(value) }));
  const statusOptions = SEQ_STATUSES.map((value) => ({ value, label: status(value) }));
  return {
    docType,
    dateFormat,
    reset,
    status,
    separator,
    field,
    docTypeOptions,
    dateFormatOptions,
    resetOptions,
    statusOptions,
    separatorOptions: SEQ_SEPARATORS.map((value) => ({ value, label: separator(value) })),
    // The server's whitelist (SEQUENCE_FILTER_FIELDS) with labels and the choices of its select fields.
    customFilterFields: customFilterFieldsOf(SEQUENCE_FILTER_FIELDS, field, {
      doc_type: { options: docTypeOptions },
      office_code: { fetchOptionKey: 'office' },
      date_format: { options: dateFormatOptions },
      reset_period: { options: resetOptions },
      status: { options: statusOptions },
    }),
  };
}
