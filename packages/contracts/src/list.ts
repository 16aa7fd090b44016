import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';
import { FILTER_OPS, MAX_FILTER_RULES } from './list-catalogue';

export * from './list-catalogue';

/** Query string every list endpoint accepts: paging, sort and a free-text search. */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('1-based page number'),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'msgFieldInvalid' })
    .default(DEFAULT_PAGE_SIZE)
    .describe('One of 10, 20, 30, 40, 50, 100'),
  sort: z.string().max(64).optional().describe('Column to sort by'),
  order: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().max(200).optional().describe('Free-text search'),
  cursor: z
    .string()
    .max(1000)
    .optional()
    .describe(
      'Keyset paging: nextCursor or prevCursor of the previous answer (opaque); page is then ignored',
    ),
  direction: z
    .enum(['next', 'prev'])
    .default('next')
    .describe('Keyset paging: which side of the cursor; `prev` without a cursor (or `at`) is the last page'),
  at: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe(
      'Keyset paging: jump to the first row whose sort value is at or after this (a date, a number prefix, ...); page is then ignored',
    ),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/** A page of rows with a total that is capped: `totalCapped` true means "more than total". */
export const listResponse = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    totalCapped: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
    nextCursor: z
      .string()
      .nullable()
      .optional()
      .describe('Cursor of the page after this one, null at the end'),
    prevCursor: z
      .string()
      .nullable()
      .optional()
      .describe('Cursor of the page before this one, null at the start'),
  });

/** A dashboard of lists: per list (`keys`), its count and how many rows are yellow or red by age. */
export const listDashboard = <K extends string>(keys: readonly K[]) =>
  z.object({
    lists: z.array(
      z.object({
        key: z.enum(keys as [K, ...K[]]),
        count: z.number().int(),
        countCapped: z.boolean(),
        yellow: z.number().int(),
        red: z.number().int(),
      }),
    ),
  });

// ---- Custom filters (002 §2 customised filter, §5): a generic `filters` query parameter ----

/** One custom filter rule: field (a list's whitelisted name), operator and value. */
export const ZListFilterRule = z.object({
  field: z.string().min(1, 'msgCustomFilterIncomplete').max(64),
  op: z.enum(FILTER_OPS, { message: 'msgFilterOpNotAllowed' }),
  value: z.string().trim().min(1, 'msgCustomFilterIncomplete').max(200, 'msgFieldTooLong'),
});
export type TListFilterRule = z.infer<typeof ZListFilterRule>;

/**
 * The `filters` query parameter: a JSON array of {field, op, value}, e.g.
 * `filters=[{"field":"scac","op":"startsWith","value":"MAE"}]`. Rules are ANDed. Which fields a list
 * accepts is the server's whitelist (platform/list/custom-filter.ts); unknown ones answer 400.
 */
export const ZListFiltersParam = z
  .string()
  .max(4000)
  .transform((s, ctx): unknown => {
    try {
      return JSON.parse(s);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'msgFieldInvalid' });
      return z.NEVER;
    }
  })
  .pipe(z.array(ZListFilterRule).max(MAX_FILTER_RULES));

/** A list query's optional `filters` parameter, described with the name of its field whitelist. */
export const customFiltersParam = (fieldsName: string) =>
  ZListFiltersParam.optional().describe(`Custom filter: JSON array of {field, op, value} on ${fieldsName}`);

export const ZStatusHistoryEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  reason: z.string().nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  actor_name: z.string().nullable(),
  /** The super user who made the change while acting as actor_name (Change User); null otherwise. */
  real_actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type TStatusHistoryEntry = z.infer<typeof ZStatusHistoryEntry>;
export const ZStatusHistoryResponse = z.array(ZStatusHistoryEntry);
