import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The page-view log (issue 17, docs/analytics.md "Usage pages"): which route pattern a signed-in user opened
 * and when. Only the user id and the profile type: no URL with ids, no address, no browser. Kept
 * PAGE_VIEW_RETENTION_DAYS (contracts), swept by the service.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_uid: uuid('user_uid').notNull(),
    /** The route as declared (/BMS/enhance_booking/:search_state/shipping_order/:so_no), never the URL. */
    route: text('route').notNull(),
    profile_type: text('profile_type'),
    viewed_at: timestamp('viewed_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [
    // The usage pages read a period (by day, by route) and the retention sweep deletes by age.
    index('page_views_viewed_idx').on(t.viewed_at),
    index('page_views_user_idx').on(t.user_uid, t.viewed_at),
  ],
);
