import { z } from 'zod';
import { exportLang, optText, recordStamps, versionRead } from './fields';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import { MSG } from './msg-keys';

export * from './sequence-catalogue';

import {
  SEQ_DATE_FORMATS,
  SEQ_DOC_TYPES,
  SEQ_RESET_PERIODS,
  SEQ_SEPARATORS,
  SEQ_STATUSES,
  SEQ_WIDTH_MAX,
  SEQ_WIDTH_MIN,
  SEQUENCE_SORTABLE,
} from './sequence-catalogue';

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
  description: optText(200),
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
  version: versionRead,
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
  ...recordStamps,
});
export type TSequenceRule = z.infer<typeof ZSequenceRule>;

export const ZSequenceRuleDetail = ZSequenceRule.extend({
  counters: z.array(ZSequenceCounter).describe('Counters of the latest periods, newest first (at most 24)'),
});
export type TSequenceRuleDetail = z.infer<typeof ZSequenceRuleDetail>;

export const ZSequenceRuleListQuery = ZListQuery.extend({
  filters: customFiltersParam('SEQUENCE_FILTER_FIELDS'),
  sort: z.enum(SEQUENCE_SORTABLE).optional(),
  doc_type: z.enum(SEQ_DOC_TYPES).optional(),
  reset_period: z.enum(SEQ_RESET_PERIODS).optional(),
  status: z.enum(SEQ_STATUSES).optional(),
});

/** The export's query: the list's filters and the language of the column headers. */
export const ZSequenceRuleExportQuery = ZSequenceRuleListQuery.extend(exportLang);
export type TSequenceRuleListQuery = z.infer<typeof ZSequenceRuleListQuery>;
export const ZSequenceRuleListResponse = listResponse(ZSequenceRule);
export type TSequenceRuleListResponse = z.infer<typeof ZSequenceRuleListResponse>;
export const ZSequenceRuleIdParams = z.object({
  mst_seq_rule_id: z.coerce.number().int().positive().max(2_147_483_647),
});
