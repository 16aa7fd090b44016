import { z } from 'zod';
import { exportLang } from './fields';
import { MSG } from './msg-keys';
import {
  RW_AGG_FNS,
  RW_DATASETS,
  RW_FIELD_TYPES,
  RW_FILTER_OPS,
  RW_FREQUENCIES,
  RW_LIMITS,
  RW_LIST_SORTS,
} from './report-writer-catalogue';

export * from './report-writer-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Report writer (issue 17, 000 §2.3 [m_rw_search]; docs/report-writer.md). A user builds a report over a
// whitelisted dataset: columns, filters (the list framework's custom filter operators), grouping with
// aggregates, sort, a chart type; saves it private or shared with an office; runs it to screen or Excel;
// schedules it by e-mail. Field names are whitelist keys only: the server never puts client text into SQL.
// ---------------------------------------------------------------------------------------------------------

// ---- datasets (GET /api/v1/ReportWriter/datasets) ----

export const ZRwField = z.object({
  key: z.string().describe('Whitelist key, e.g. etd, pol, cbm'),
  /** Translation key in the web namespace `report-writer`, e.g. 'field.bookings.etd'. */
  labelKey: z.string(),
  type: z.enum(RW_FIELD_TYPES),
  /** Values an enum field takes (worded by the web app's codes catalogue when `codeKind` names a kind). */
  options: z.array(z.string()).optional(),
  /** The values are status codes of this kind ('booking', 'invoice'…): the web app shows their words (issue 39). */
  codeKind: z.string().optional(),
  groupable: z.boolean(),
  aggregatable: z.boolean().describe('sum/avg apply (number, money); count/min/max see RW_AGG_TYPES'),
});
export type TRwField = z.infer<typeof ZRwField>;

export const ZRwDatasetInfo = z.object({
  key: z.enum(RW_DATASETS),
  /** Translation key in the web namespace `report-writer`, e.g. 'dataset.bookings'. */
  labelKey: z.string(),
  fields: z.array(ZRwField),
});
export type TRwDatasetInfo = z.infer<typeof ZRwDatasetInfo>;
export const ZRwDatasetsResponse = z.array(ZRwDatasetInfo);

// ---- the definition ----

const fieldKey = z.string().trim().min(1, MSG.fieldRequired).max(64, MSG.fieldTooLong);

export const ZRwFilter = z.object({
  field: fieldKey,
  op: z.enum(RW_FILTER_OPS, { message: MSG.rwBadOperator }),
  value: z.string().trim().max(500, MSG.fieldTooLong).optional(),
  /** Upper bound of `between`. */
  value2: z.string().trim().max(500, MSG.fieldTooLong).optional(),
});
export type TRwFilter = z.infer<typeof ZRwFilter>;

export const ZRwAggregate = z.object({
  field: z.union([z.literal('*'), fieldKey]).describe("'*' only with count"),
  fn: z.enum(RW_AGG_FNS, { message: MSG.rwBadAggregate }),
});
export type TRwAggregate = z.infer<typeof ZRwAggregate>;
export const ZRwSort = z.object({
  key: fieldKey.describe('A column, a group, or an aggregate key (rwAggKey)'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});

export const ZRwChart = z.object({
  type: z.enum(['none', 'bar', 'line', 'pie']).default('none'),
  /** A group key (the category axis). */
  x: z.string().max(64).optional(),
  /** An aggregate key (the value). */
  y: z.string().max(64).optional(),
});

export const ZRwShare = z.object({
  scope: z.enum(['private', 'office']).default('private'),
  /** scope office: the office code it is shared with (one of the owner's offices; default the owner's). */
  office: z.string().trim().toUpperCase().max(10).optional(),
});

export const ZRwSchedule = z.object({
  frequency: z.enum(RW_FREQUENCIES).default('none'),
  /** weekly: 1 = Monday … 7 = Sunday. */
  weekday: z.number().int().min(1).max(7).optional(),
  /** monthly: day of the month 1-28. */
  monthday: z.number().int().min(1).max(28).optional(),
  /** Hour of day 0-23 in the server's business time zone. */
  hour: z.number().int().min(0).max(23).default(7),
  recipients: z
    .array(z.string().trim().toLowerCase().email(MSG.fieldInvalid).max(200))
    .max(RW_LIMITS.maxRecipients, MSG.fieldInvalid)
    .default([]),
});
export type TRwSchedule = z.infer<typeof ZRwSchedule>;

/** What is run (preview takes only this). */
export const ZRwQuery = z.object({
  dataset: z.enum(RW_DATASETS, { message: MSG.rwUnknownDataset }),
  columns: z.array(fieldKey).max(RW_LIMITS.maxColumns, MSG.fieldInvalid).default([]),
  filters: z.array(ZRwFilter).max(RW_LIMITS.maxFilters, MSG.fieldInvalid).default([]),
  /** At most RW_LIMITS.maxGroupBy (3); the server answers msgRwTooManyGroups beyond. */
  groupBy: z.array(fieldKey).default([]),
  aggregates: z.array(ZRwAggregate).max(RW_LIMITS.maxAggregates, MSG.fieldInvalid).default([]),
  sort: z.array(ZRwSort).max(RW_LIMITS.maxSort, MSG.fieldInvalid).default([]),
  /** Rows wanted (≤ RW_LIMITS.maxRows; default the maximum). */
  limit: z.number().int().min(1).max(RW_LIMITS.maxRows).optional(),
});
export type TRwQuery = z.infer<typeof ZRwQuery>;
export type TRwQueryInput = z.input<typeof ZRwQuery>;

/** A saved report's definition (POST/PUT body; PUT also sends `version`). */
export const ZRwDefinition = ZRwQuery.extend({
  name: z.string().trim().min(1, MSG.fieldRequired).max(100, MSG.fieldTooLong),
  description: z.string().trim().max(1000, MSG.fieldTooLong).nullish(),
  chart: ZRwChart.default({ type: 'none' }),
  share: ZRwShare.default({ scope: 'private' }),
  schedule: ZRwSchedule.default({ frequency: 'none', hour: 7, recipients: [] }),
});
export type TRwDefinition = z.infer<typeof ZRwDefinition>;
export type TRwDefinitionInput = z.input<typeof ZRwDefinition>;

export const ZRwUpdate = ZRwDefinition.extend({ version: z.number().int().min(1) });
export type TRwUpdateInput = z.input<typeof ZRwUpdate>;

export const ZRwIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** A report's export: the language of the column headers. */
export const ZRwExportQuery = z.object(exportLang);

/** Last scheduled or sent run (the list and detail show it). */
export const ZRwLastRun = z.object({
  at: z.string(),
  status: z.enum(['ok', 'failed']),
  rows: z.number().int().nullable(),
  /** Message key of a failure (msgRwTimeout…). */
  msgKey: z.string().nullable(),
});

export const ZRwReport = ZRwDefinition.extend({
  id: z.number().int(),
  version: z.number().int(),
  owner_uid: z.string(),
  owner_name: z.string(),
  /** The caller owns it (may edit, delete, send). */
  mine: z.boolean(),
  last_run: ZRwLastRun.nullable(),
  next_run_at: z.string().nullable().describe('Next scheduled run (ISO), null when not scheduled'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TRwReport = z.infer<typeof ZRwReport>;

// ---- list (GET /ReportWriter/reports?q&page&pageSize&sort&order&scope) ----

export const ZRwListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(RW_LIST_SORTS).default('updated_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().trim().max(100).optional().describe('Name or description contains'),
  /** mine: the caller's own; shared: shared with the caller's office by others; all (default): both. */
  scope: z.enum(['all', 'mine', 'shared']).default('all'),
});
export type TRwListQuery = z.input<typeof ZRwListQuery>;
export type TRwListParams = z.output<typeof ZRwListQuery>;

export const ZRwListRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  dataset: z.enum(RW_DATASETS),
  owner_uid: z.string(),
  owner_name: z.string(),
  mine: z.boolean(),
  share_scope: z.enum(['private', 'office']),
  share_office: z.string().nullable(),
  frequency: z.enum(RW_FREQUENCIES),
  last_run: ZRwLastRun.nullable(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type TRwListRow = z.infer<typeof ZRwListRow>;
export const ZRwListResponse = z.object({
  rows: z.array(ZRwListRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TRwListResponse = z.infer<typeof ZRwListResponse>;

// ---- results (POST /ReportWriter/preview, POST /ReportWriter/reports/{id}/run) ----

export const ZRwResultColumn = z.object({
  /** A field key, or an aggregate key (rwAggKey: count, sum_cbm…). */
  key: z.string(),
  /** `report-writer` namespace: 'field.<dataset>.<field>' or 'agg.<fn>' (with params field). */
  labelKey: z.string(),
  /** For an aggregate: the field's labelKey (the web shows e.g. "Sum of CBM"). */
  fieldLabelKey: z.string().optional(),
  type: z.enum(RW_FIELD_TYPES),
  /** The values are status codes of this kind: the web app shows their words (issue 39). */
  codeKind: z.string().optional(),
});
export type TRwResultColumn = z.infer<typeof ZRwResultColumn>;

export const ZRwResult = z.object({
  columns: z.array(ZRwResultColumn),
  /** Values as text (numbers and money as decimal strings, dates YYYY-MM-DD, datetimes ISO), null when empty. */
  rows: z.array(z.record(z.string(), z.string().nullable())),
  /** Rows the query matched (detail) or groups (aggregated), up to the cap + 1. */
  total: z.number().int(),
  /** More rows matched than were returned (the cap or the preview size). */
  truncated: z.boolean(),
  aggregated: z.boolean(),
  elapsedMs: z.number(),
});
export type TRwResult = z.infer<typeof ZRwResult>;

/** POST /ReportWriter/reports/{id}/send: answers what was queued. */
export const ZRwSendResponse = z.object({
  queued: z.boolean(),
  recipients: z.array(z.string()),
  /** The send request's id (report_writer_runs). */
  runId: z.number().int(),
});
export type TRwSendResponse = z.infer<typeof ZRwSendResponse>;

/** POST /ReportWriter/reports/{id}/send body (optional): recipients instead of the schedule's. */
export const ZRwSendBody = z
  .object({
    recipients: z
      .array(z.string().trim().toLowerCase().email(MSG.fieldInvalid).max(200))
      .max(RW_LIMITS.maxRecipients, MSG.fieldInvalid)
      .optional(),
  })
  .default({});
