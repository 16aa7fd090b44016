import {
  index,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of document-creating writes (ARCHITECTURE "API"): a retried request with the same key
 * returns the first answer. Kept per user; the request hash refuses the same key for a different body.
 * Platform owns the table (idempotency.ts is its only user), so platform imports no module.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    user_uid: uuid('user_uid').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    request_hash: text('request_hash').notNull(),
    status_code: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_uq').on(t.user_uid, t.route, t.key),
    index('idempotency_keys_created_idx').on(t.created_at),
  ],
);
