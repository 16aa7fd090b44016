import { FILTER_OPS } from './list-catalogue';
import { MSG } from './msg-keys';

// ---------------------------------------------------------------------------------------------------------
// Report writer constants without zod (issue 20: the report writer screens import them without the schemas);
// report-writer.ts re-exports everything here.
// ---------------------------------------------------------------------------------------------------------

/** The datasets a report may read (server: modules/report-writer/report-writer.datasets.ts). */
export const RW_DATASETS = [
  'bookings',
  'containers',
  'consolidations',
  'master_bls',
  'parties',
  'invoices',
  'invoice_lines',
] as const;
export type TRwDataset = (typeof RW_DATASETS)[number];

/** How a field's values look (and which filter operators it takes). */
export const RW_FIELD_TYPES = ['text', 'number', 'money', 'date', 'datetime', 'enum', 'boolean'] as const;
export type TRwFieldType = (typeof RW_FIELD_TYPES)[number];

/**
 * Filter operators: the list framework's custom filter operators (FILTER_OPS: eq, contains, startsWith, gte,
 * lte) plus `between` (value..value2, dates and numbers), `in` (value is a comma-separated list, enum/text)
 * and `empty`/`notEmpty` (no value).
 */
export const RW_FILTER_OPS = [...FILTER_OPS, 'between', 'in', 'empty', 'notEmpty'] as const;
export type TRwFilterOp = (typeof RW_FILTER_OPS)[number];
/** Which operators each field type takes (the server refuses others with msgRwBadOperator). */
export const RW_TYPE_OPS: Record<TRwFieldType, readonly TRwFilterOp[]> = {
  text: ['contains', 'startsWith', 'eq', 'in', 'empty', 'notEmpty'],
  enum: ['eq', 'in', 'empty', 'notEmpty'],
  number: ['eq', 'gte', 'lte', 'between', 'empty', 'notEmpty'],
  money: ['eq', 'gte', 'lte', 'between', 'empty', 'notEmpty'],
  date: ['eq', 'gte', 'lte', 'between', 'empty', 'notEmpty'],
  datetime: ['gte', 'lte', 'between', 'empty', 'notEmpty'],
  boolean: ['eq', 'empty', 'notEmpty'],
};

export const RW_AGG_FNS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type TRwAggFn = (typeof RW_AGG_FNS)[number];
/** sum/avg need a number or money field; min/max also take dates; count takes '*' or any field. */
export const RW_AGG_TYPES: Record<TRwAggFn, readonly TRwFieldType[]> = {
  count: RW_FIELD_TYPES,
  sum: ['number', 'money'],
  avg: ['number', 'money'],
  min: ['number', 'money', 'date', 'datetime'],
  max: ['number', 'money', 'date', 'datetime'],
};

/** Limits (the server's; the web app shows them). */
export const RW_LIMITS = {
  maxGroupBy: 3,
  maxColumns: 40,
  maxFilters: 20,
  maxAggregates: 10,
  maxSort: 5,
  maxRecipients: 20,
  /** Rows of a run to screen or Excel (a detail report is cut there and says `truncated`). */
  maxRows: 10_000,
  /** Rows of a preview. */
  previewRows: 50,
} as const;

/**
 * Message keys of the report writer (texts in the web's `msg` namespace). Every bad definition answers 400
 * with one of these (details name the path, e.g. filters.0.field), never 500.
 */
export const RW_MSG = {
  /** 400: a column, filter, group, aggregate or sort names a field the dataset does not offer (to this viewer); params field. */
  unknownField: MSG.rwUnknownField,
  /** 400: unknown dataset. */
  unknownDataset: MSG.rwUnknownDataset,
  /** 400: an operator the field's type does not take; params field, op. */
  badOperator: MSG.rwBadOperator,
  /** 400: a filter value that does not fit the field (a date, a number, a missing value); params field. */
  badValue: MSG.rwBadValue,
  /** 400: more than RW_LIMITS.maxGroupBy groups; params max. */
  tooManyGroups: MSG.rwTooManyGroups,
  /** 400: an aggregate the field cannot take (sum of a text…); params field, fn. */
  badAggregate: MSG.rwBadAggregate,
  /** 400: a grouped report's column or sort key that is neither a group nor an aggregate; params field. */
  notGrouped: MSG.rwNotGrouped,
  /** 400: a report with neither columns nor aggregates. */
  noColumns: MSG.rwNoColumns,
  /** 400: the run took longer than the statement timeout; params seconds. */
  timeout: MSG.rwTimeout,
  /** 400: an aggregated result with more than RW_LIMITS.maxRows groups; params max. */
  tooManyRows: MSG.rwTooManyRows,
  /** 400: send/schedule without recipients. */
  noRecipients: MSG.rwNoRecipients,
  /** 403: only the owner changes or deletes a report. */
  notOwner: MSG.rwNotOwner,
  /** 400: office sharing without an office (or an office the user does not belong to); params value. */
  shareOfficeInvalid: MSG.rwShareOfficeInvalid,
  /** 409: the owner already has a report of this name; params value. */
  duplicateName: MSG.rwDuplicateName,
} as const;

/** The result column key of an aggregate: `count`, `sum_cbm`, `avg_amount`… (sort keys use it too). */
export const rwAggKey = (a: { field: string; fn: TRwAggFn }) =>
  a.field === '*' ? a.fn : `${a.fn}_${a.field}`;

export const RW_FREQUENCIES = ['none', 'daily', 'weekly', 'monthly'] as const;

export const RW_LIST_SORTS = ['name', 'updated_at', 'dataset', 'owner'] as const;
