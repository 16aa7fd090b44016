import { z } from 'zod';
import { customFiltersParam, listResponse, type TFilterFieldType, ZListQuery } from './list';
import { MSG } from './msg-keys';

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

/** Year, month and day of `at` in SEQUENCE_TIME_ZONE. */
export function seqCalendar(at: Date): { y: string; m: string; d: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: SEQUENCE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
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

const officeCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^([A-Z0-9]{2,10})?$/, MSG.fieldInvalid))
  .nullish()
  .transform((v) => (v ? v : null));

/** Fields an administrator edits on a sequence rule. */
export const ZSequenceRuleFields = z.object({
  doc_type: z
    .enum(SEQ_DOC_TYPES, { message: MSG.fieldRequired })
    .describe('Document type numbered by the rule'),
  office_code: officeCode.describe('Office the rule is for; empty = every office without a rule of its own'),
  description: z
    .string()
    .trim()
    .max(200, MSG.fieldTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  prefix: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(
      z
        .string()
        .max(10, MSG.fieldTooLong)
        .regex(/^[A-Z0-9]*$/, MSG.seqPrefixInvalid),
    )
    .describe('Letters and digits, up to 10; may be empty'),
  include_office: z.boolean().describe("Whether the number contains the creating office's code"),
  date_format: z.enum(SEQ_DATE_FORMATS, { message: MSG.fieldRequired }),
  separator: z
    .enum(SEQ_SEPARATORS, { message: MSG.fieldInvalid })
    .describe('Between the parts of the number'),
  seq_width: z
    .number({ message: MSG.fieldRequired })
    .int(MSG.fieldInvalid)
    .min(SEQ_WIDTH_MIN, MSG.seqWidthRange)
    .max(SEQ_WIDTH_MAX, MSG.seqWidthRange)
    .describe('Digits of the running number (zero-padded)'),
  reset_period: z.enum(SEQ_RESET_PERIODS, { message: MSG.fieldRequired }),
  start_number: z
    .number({ message: MSG.fieldRequired })
    .int(MSG.fieldInvalid)
    .min(1, MSG.seqStartNumberRange)
    .max(999_999_999, MSG.seqStartNumberRange)
    .describe('First running number of every period'),
  status: z.enum(SEQ_STATUSES, { message: MSG.fieldRequired }),
});

export const ZCreateSequenceRuleRequest = ZSequenceRuleFields;
export type TCreateSequenceRuleRequest = z.input<typeof ZCreateSequenceRuleRequest>;
export const ZUpdateSequenceRuleRequest = ZSequenceRuleFields.extend({
  version: z.number().int().min(1).describe('Version read; a newer one on the server answers 409'),
});
export type TUpdateSequenceRuleRequest = z.input<typeof ZUpdateSequenceRuleRequest>;

export const ZSequenceCounter = z.object({
  period_key: z.string().describe("'' when the rule never resets, else YYYY or YYYYMM"),
  next_number: z.number().int(),
  updated_at: z.string(),
});
export type TSequenceCounter = z.infer<typeof ZSequenceCounter>;

export const ZSequenceRule = z.object({
  mst_seq_rule_id: z.number().int(),
  doc_type: z.string(),
  office_code: z.string().nullable(),
  description: z.string().nullable(),
  prefix: z.string(),
  include_office: z.boolean(),
  date_format: z.enum(SEQ_DATE_FORMATS),
  separator: z.string(),
  seq_width: z.number().int(),
  reset_period: z.enum(SEQ_RESET_PERIODS),
  start_number: z.number().int(),
  status: z.string(),
  current_period_key: z.string().describe('Period an allocation now falls into'),
  next_number: z.number().int().describe('Running number the next allocation in the current period gets'),
  preview: z
    .string()
    .describe('The number the next allocation now would get (office HKG for a generic rule)'),
  version: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type TSequenceRule = z.infer<typeof ZSequenceRule>;

export const ZSequenceRuleDetail = ZSequenceRule.extend({
  counters: z.array(ZSequenceCounter).describe('Counters of the latest periods, newest first (at most 24)'),
});
export type TSequenceRuleDetail = z.infer<typeof ZSequenceRuleDetail>;

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

export const ZSequenceRuleListQuery = ZListQuery.extend({
  filters: customFiltersParam('SEQUENCE_FILTER_FIELDS'),
  sort: z.enum(SEQUENCE_SORTABLE).optional(),
  doc_type: z.enum(SEQ_DOC_TYPES).optional(),
  reset_period: z.enum(SEQ_RESET_PERIODS).optional(),
  status: z.enum(SEQ_STATUSES).optional(),
});
export type TSequenceRuleListQuery = z.infer<typeof ZSequenceRuleListQuery>;
export const ZSequenceRuleListResponse = listResponse(ZSequenceRule);
export type TSequenceRuleListResponse = z.infer<typeof ZSequenceRuleListResponse>;
export const ZSequenceRuleIdParams = z.object({
  mst_seq_rule_id: z.coerce.number().int().positive().max(2_147_483_647),
});
