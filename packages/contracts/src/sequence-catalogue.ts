import type { TFilterFieldType } from './list-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Sequence rule constants and number formatting without zod (issue 20: the rule list screen imports these
// without the schemas). sequence.ts re-exports everything here.
// ---------------------------------------------------------------------------------------------------------

/** Documents whose numbers come from sequence rules (ARCHITECTURE "Data": SO#, consol#, invoice#, job#). */
export const SEQ_DOC_TYPES = ['SO', 'CONSOL', 'JOB', 'INVOICE_AP', 'INVOICE_AR', 'MBL', 'HBL'] as const;
export type TSeqDocType = (typeof SEQ_DOC_TYPES)[number];
/** Date part of a number, taken from the allocation time in SEQUENCE_TIME_ZONE. */
export const SEQ_DATE_FORMATS = ['NONE', 'YY', 'YYYY', 'YYMM', 'YYYYMM', 'YYMMDD'] as const;
export type TSeqDateFormat = (typeof SEQ_DATE_FORMATS)[number];
/** When the running number starts again from the rule's start number. */
export const SEQ_RESET_PERIODS = ['NEVER', 'YEARLY', 'MONTHLY'] as const;
export type TSeqResetPeriod = (typeof SEQ_RESET_PERIODS)[number];
export const SEQ_STATUSES = ['A', 'I'] as const;
/** Separators allowed between the parts of a number. */
export const SEQ_SEPARATORS = ['', '-', '/'] as const;
/**
 * Dates in numbers and reset periods follow the head office's calendar (HKG), so a number allocated at
 * 01:00 Hong Kong time on the 1st belongs to the new month on every server whatever its zone.
 */
export const SEQUENCE_TIME_ZONE = 'Asia/Hong_Kong';
export const SEQ_WIDTH_MIN = 3;
export const SEQ_WIDTH_MAX = 10;
/** Example office shown in the preview of a generic rule that includes the office code. */
export const SEQ_PREVIEW_OFFICE = 'HKG';

/** The parts of a rule that decide what a number looks like. */
export interface TSeqFormat {
  prefix: string;
  include_office: boolean;
  date_format: TSeqDateFormat;
  separator: string;
  seq_width: number;
  reset_period: TSeqResetPeriod;
}

/**
 * One formatter for every call: building an Intl.DateTimeFormat (its locale and time-zone data) took most of
 * seqCalendar's time, ~0.8 ms of an invoice creation's CPU with the free numbers it formats (issue 40).
 */
let calendarFormat: Intl.DateTimeFormat | undefined;

/** Year, month and day of `at` in SEQUENCE_TIME_ZONE. */
export function seqCalendar(at: Date): { y: string; m: string; d: string } {
  calendarFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SEQUENCE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = calendarFormat.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { y: get('year'), m: get('month'), d: get('day') };
}

/** The counter period an allocation at `at` falls into: '' (never reset), 'YYYY' or 'YYYYMM'. */
export function seqPeriodKey(reset: TSeqResetPeriod, at: Date): string {
  if (reset === 'NEVER') return '';
  const { y, m } = seqCalendar(at);
  return reset === 'YEARLY' ? y : `${y}${m}`;
}

const datePart = (format: TSeqDateFormat, at: Date) => {
  const { y, m, d } = seqCalendar(at);
  switch (format) {
    case 'YY':
      return y.slice(2);
    case 'YYYY':
      return y;
    case 'YYMM':
      return `${y.slice(2)}${m}`;
    case 'YYYYMM':
      return `${y}${m}`;
    case 'YYMMDD':
      return `${y.slice(2)}${m}${d}`;
    default:
      return '';
  }
};

/**
 * A document number: prefix, office code, date part and the running number padded to its width, joined by
 * the separator (empty parts are left out). A number wider than the width is kept whole, never cut.
 */
export function formatSequenceNumber(
  rule: TSeqFormat,
  opts: { officeCode: string | null; at: Date; number: number },
): string {
  const parts = [
    rule.prefix,
    rule.include_office ? (opts.officeCode ?? '') : '',
    datePart(rule.date_format, opts.at),
    String(opts.number).padStart(rule.seq_width, '0'),
  ].filter((p) => p !== '');
  return parts.join(rule.separator);
}

export const SEQUENCE_SORTABLE = [
  'doc_type',
  'office_code',
  'prefix',
  'date_format',
  'reset_period',
  'status',
  'updated_at',
] as const;

/** Fields a sequence rule custom filter may use, with their kind (the server's whitelist has the same names). */
export const SEQUENCE_FILTER_FIELDS = {
  doc_type: 'select',
  office_code: 'select',
  prefix: 'text',
  description: 'text',
  date_format: 'select',
  reset_period: 'select',
  status: 'select',
} as const satisfies Record<string, TFilterFieldType>;
