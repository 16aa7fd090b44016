import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../platform/db/columns';
import { userOwner } from './auth.tables';

// The table lives with the user it belongs to: the session answer (auth) carries the user's preferences,
// and the preference module, which maintains them, builds on auth (not the other way round).
/** Saved table layouts, filters and other per-page preferences (000 §3 User preference). */
export const userPreferences = pgTable(
  'user_preferences',
  {
    preference_id: serial('preference_id').primaryKey(),
    user_uid: userOwner(),
    preference_type: text('preference_type'),
    preference: jsonb('preference'),
    url: text('url').notNull(),
    preference_name: text('preference_name'),
    preference_style: text('preference_style'),
    is_favourite: boolean('is_favourite').notNull().default(false),
    ...auditColumns,
  },
  (t) => [
    index('user_preferences_user_url_idx').on(t.user_uid, t.url),
    // At most one favourite per user, page and type (a null type counts as one type).
    uniqueIndex('user_preferences_one_favourite_uq')
      .on(t.user_uid, t.url, sql`coalesce(${t.preference_type}, '')`)
      .where(sql`${t.is_favourite}`),
  ],
);
