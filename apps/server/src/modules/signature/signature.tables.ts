import { customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables';

/** PostgreSQL bytea as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A user's e-signature (issue 14, 002 §5 "users who prepared or approved need an e-signature for accounting
 * print"): one sanitised PNG per user, kept on the profile and stamped on accounting-printed invoices.
 * Small (≤ 300 KB, ≤ 1200 × 600), so it lives in the row rather than the file store.
 */
export const userSignatures = pgTable('user_signatures', {
  user_uid: uuid('user_uid')
    .primaryKey()
    .references(() => users.user_uid, { onDelete: 'cascade' }),
  image_png: bytea('image_png').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sha256: text('sha256').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updated_by: text('updated_by'),
});
