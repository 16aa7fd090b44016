import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/** Audit and optimistic-concurrency columns every business table carries (ARCHITECTURE "Data"). */
export const auditColumns = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  created_by: text('created_by'),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_by: text('updated_by'),
  version: integer('version').notNull().default(1),
};
