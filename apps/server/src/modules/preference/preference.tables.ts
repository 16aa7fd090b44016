import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userOwner } from '../auth/auth.tables';

/** A user's executed smart searches (000 §3 Smart search history), newest first by `used_at`. */
export const smartSearchHistory = pgTable(
  'smart_search_history',
  {
    id: serial('id').primaryKey(),
    user_uid: userOwner(),
    search_text: text('search_text').notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('smart_search_history_user_text_uq').on(t.user_uid, t.search_text),
    index('smart_search_history_user_used_idx').on(t.user_uid, t.used_at),
  ],
);
