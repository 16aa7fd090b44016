import {
  formatSequenceNumber,
  SEQ_PREVIEW_OFFICE,
  seqPeriodKey,
  type TCreateSequenceRuleRequest,
  type TSeqDateFormat,
  type TSeqResetPeriod,
  type TSequenceRuleDetail,
} from '@portal/contracts';

/** The sequence rule form's values. */
export interface SequenceFormValues {
  doc_type?: string;
  office_code: string | null;
  description: string;
  prefix: string;
  include_office: boolean;
  date_format: string;
  separator: string;
  seq_width: number | null;
  reset_period: string;
  start_number: number | null;
  status: string;
}

type Values = Partial<Record<keyof SequenceFormValues, unknown>>;

/** Form values for a loaded rule, or the defaults of a new one. */
export function toFormValues(r: TSequenceRuleDetail | null): SequenceFormValues {
  if (!r) {
    return {
      doc_type: undefined,
      office_code: null,
      description: '',
      prefix: '',
      include_office: true,
      date_format: 'YYMM',
      separator: '',
      seq_width: 5,
      reset_period: 'MONTHLY',
      start_number: 1,
      status: 'A',
    };
  }
  return {
    doc_type: r.doc_type,
    office_code: r.office_code,
    description: r.description ?? '',
    prefix: r.prefix,
    include_office: r.include_office,
    date_format: r.date_format,
    separator: r.separator,
    seq_width: r.seq_width,
    reset_period: r.reset_period,
    start_number: r.start_number,
    status: r.status,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown) => (typeof v === 'number' ? v : (undefined as unknown as number));

/** The request body for form values; the contracts schema decides validity, as on the server. */
export function toRequest(values: Values): TCreateSequenceRuleRequest {
  return {
    doc_type: values.doc_type as TCreateSequenceRuleRequest['doc_type'],
    office_code: text(values.office_code).toUpperCase() || null,
    description: text(values.description) || null,
    prefix: text(values.prefix).toUpperCase(),
    include_office: values.include_office === true,
    date_format: values.date_format as TCreateSequenceRuleRequest['date_format'],
    separator: (typeof values.separator === 'string'
      ? values.separator
      : '') as TCreateSequenceRuleRequest['separator'],
    seq_width: num(values.seq_width),
    reset_period: values.reset_period as TCreateSequenceRuleRequest['reset_period'],
    start_number: num(values.start_number),
    status: values.status as TCreateSequenceRuleRequest['status'],
  };
}

/**
 * The number the next allocation would get with these (possibly unsaved) values: the saved rule's next
 * number while its period stays the same, else the start number. Null while the values are incomplete.
 */
export function previewNumber(values: Values, saved: TSequenceRuleDetail | null, at: Date = new Date()) {
  const r = toRequest(values);
  if (!r.date_format || !r.reset_period || !r.seq_width || !r.start_number) return null;
  const period = seqPeriodKey(r.reset_period as TSeqResetPeriod, at);
  const number =
    saved && saved.reset_period === r.reset_period && saved.current_period_key === period
      ? saved.next_number
      : r.start_number;
  return formatSequenceNumber(
    {
      prefix: r.prefix,
      include_office: r.include_office,
      date_format: r.date_format as TSeqDateFormat,
      separator: r.separator ?? '',
      seq_width: Math.min(Math.max(r.seq_width, 1), 10),
      reset_period: r.reset_period as TSeqResetPeriod,
    },
    { officeCode: r.office_code ?? SEQ_PREVIEW_OFFICE, at, number },
  );
}
