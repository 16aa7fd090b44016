import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters (platform/http/rate-limit), in the database so every server instance counts the
 * same calls: one row per key (limit, route, client address or login id) and fixed window. A row whose
 * window has ended starts again at 1 on the next call; ended rows are swept now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    window_ends_at: timestamp('window_ends_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.window_ends_at)],
);
