import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';

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
  });

export const ZStatusHistoryEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  reason: z.string().nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type TStatusHistoryEntry = z.infer<typeof ZStatusHistoryEntry>;
export const ZStatusHistoryResponse = z.array(ZStatusHistoryEntry);
