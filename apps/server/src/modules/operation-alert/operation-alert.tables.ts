import {
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { tsz } from '../../platform/db/columns';

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

/**
 * The page-view log summed by UTC day, route, user and profile type (profile '' when none): what the usage
 * pages read instead of the log (docs/analytics.md "Usage pages"), so a period's read grows with the distinct
 * screens a user opened a day, not with every view. Kept by the same statement as the insert (POST /PageViews)
 * and by the retention sweep (it subtracts what it deletes; the oldest views go first, so last_at stays the
 * day's latest); rebuilt from the log by rebuildPageViewAggregates. A test compares it with the log.
 */
export const pageViewDayCube = pgTable(
  'page_view_day_cube',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    user_uid: uuid('user_uid').notNull(),
    profile_type: text('profile_type').notNull(),
    n: integer('n').notNull(),
    last_at: tsz('last_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'page_view_day_cube_pk', columns: [t.day, t.route, t.user_uid, t.profile_type] }),
    index('page_view_day_cube_user_idx').on(t.user_uid, t.day),
    // "Did this user open this screen in the period?": one probe per pair of page_view_pairs (session 29).
    index('page_view_day_cube_pair_idx').on(t.route, t.user_uid, t.day),
  ],
);

/**
 * The log summed by UTC day × user × profile type (session 29): views per day, distinct users per day and in
 * the period, days active and views per user, views per day × profile type — without the route, so a period
 * reads one row per active user and day instead of one per screen too. Kept like page_view_day_cube (same
 * insert statement, same sweep, same rebuild).
 */
export const pageViewUserDay = pgTable(
  'page_view_user_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    user_uid: uuid('user_uid').notNull(),
    profile_type: text('profile_type').notNull(),
    n: integer('n').notNull(),
    last_at: tsz('last_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'page_view_user_day_pk', columns: [t.day, t.user_uid, t.profile_type] }),
    index('page_view_user_day_user_idx').on(t.user_uid, t.day),
  ],
);

/**
 * page_view_user_day summed by calendar month × user (session 33): days active, views, last view and profile
 * types per user and month. WeblogTrackerReportPBI reads the period's whole months here and only its edge
 * months' days from page_view_user_day, instead of grouping a year's user × day rows (43,000 at 1,000,000
 * views of 300 users) by user and day on every call. Days active cannot be added up from deltas (a second
 * profile type on a day is not a new day), so the rows of the months a write touched are recomputed from
 * page_view_user_day in the same transaction, under a per-user advisory lock (insert, sweep), and rebuilt with
 * the other rollups.
 */
export const pageViewUserMonth = pgTable(
  'page_view_user_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    user_uid: uuid('user_uid').notNull(),
    days: integer('days').notNull(),
    n: integer('n').notNull(),
    last_at: tsz('last_at').notNull(),
    profiles: text('profiles').array().notNull(),
  },
  (t) => [primaryKey({ name: 'page_view_user_month_pk', columns: [t.month, t.user_uid] })],
);

/** The log summed by UTC day × route (session 29): views and last view per screen (no user). */
export const pageViewRouteDay = pgTable(
  'page_view_route_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    n: integer('n').notNull(),
    last_at: tsz('last_at').notNull(),
  },
  (t) => [primaryKey({ name: 'page_view_route_day_pk', columns: [t.day, t.route] })],
);

/**
 * Every (route, user) pair in the log with the first and last UTC day it was viewed (session 29): distinct
 * users per screen and distinct screens per user over a period are the pairs whose span lies inside the period,
 * plus those overlapping it with a page_view_day_cube row in it (one index probe each). Its size follows the
 * screens each user uses, not the views or the days. Kept by the insert (least / greatest) and the sweep (bounds
 * whose day left the rollup are recomputed, empty pairs deleted).
 */
export const pageViewPairs = pgTable(
  'page_view_pairs',
  {
    route: text('route').notNull(),
    user_uid: uuid('user_uid').notNull(),
    first_day: date('first_day', { mode: 'string' }).notNull(),
    last_day: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'page_view_pairs_pk', columns: [t.route, t.user_uid] }),
    index('page_view_pairs_user_idx').on(t.user_uid),
  ],
);

/**
 * OperationReportPBI's per-document step facts (docs/analytics.md "Operation report aggregate"): one row per
 * document and operation step it has reached (booking created / confirmed / approved, plan created /
 * approved, invoice created / posted) with the UTC day of the step, the cube's filter columns ('' when the
 * document has none or the filter does not apply to its kind) and the hours the step took (null: no duration).
 * Written only by ops-steps.repository.ts (rebuild, refresh); it remembers what the cube holds per document,
 * so a refresh adds new − old.
 */
export const opsStepFacts = pgTable(
  'ops_step_facts',
  {
    step: text('step').notNull(),
    doc_id: integer('doc_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    office: text('office').notNull(),
    mode: text('mode').notNull(),
    service: text('service').notNull(),
    carrier: text('carrier').notNull(),
    hours: numeric('hours'),
  },
  (t) => [primaryKey({ name: 'ops_step_facts_pk', columns: [t.step, t.doc_id] })],
);

/**
 * The step facts summed by step × day × office × mode × service × carrier (its size follows the combinations,
 * not the documents): the page reads the period's days from here and corrects the documents changed since the
 * last refresh live, so the figures equal the direct computation.
 */
export const opsStepCube = pgTable(
  'ops_step_cube',
  {
    step: text('step').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    office: text('office').notNull(),
    mode: text('mode').notNull(),
    service: text('service').notNull(),
    carrier: text('carrier').notNull(),
    n: integer('n').notNull(),
    n_hours: integer('n_hours').notNull(),
    sum_hours: numeric('sum_hours').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'ops_step_cube_pk',
      columns: [t.day, t.step, t.office, t.mode, t.service, t.carrier],
    }),
  ],
);

/**
 * Watermarks of the `ops-steps-refresh` sweep per source table: the highest id and the latest updated_at the
 * facts have taken in. Documents past either are read live by the page (and refreshed by the next sweep).
 */
export const opsStepState = pgTable('ops_step_state', {
  id: integer('id').primaryKey(),
  so_max_id: integer('so_max_id').notNull(),
  so_seen_at: tsz('so_seen_at').notNull(),
  cp_max_id: integer('cp_max_id').notNull(),
  cp_seen_at: tsz('cp_seen_at').notNull(),
  inv_max_id: integer('inv_max_id').notNull(),
  inv_seen_at: tsz('inv_seen_at').notNull(),
  /** After a full batch of updates: the last document read at its time (platform/jobs/sweep-watermark.ts). */
  so_after_id: integer('so_after_id'),
  cp_after_id: integer('cp_after_id'),
  inv_after_id: integer('inv_after_id'),
  rebuilt_at: tsz('rebuilt_at').notNull().defaultNow(),
});

/**
 * The operation alert candidates (docs/operation-alerts.md "Candidates"): one row per document and alerting
 * list whose membership holds now (the list's row filter and "still ageing" condition, never the time), with
 * the instants its colour changes: yellow (or red) from `yellow_at`, red from `red_at`. The colour is decided
 * at read time against now(), so the clock moving needs no write; a document enters or leaves only when a
 * write changes it, and the statement triggers installed by alert-candidates.ts keep it in that write's
 * transaction. `alert_at` / `week` are when the alert began (the dashboard's order, OperationAlertPBI's week).
 */
export const opAlertCandidates = pgTable(
  'op_alert_candidates',
  {
    list: text('list').notNull(),
    doc_id: integer('doc_id').notNull(),
    kind: text('kind').notNull(),
    office: text('office'),
    owner: text('owner'),
    yellow_at: tsz('yellow_at').notNull(),
    red_at: tsz('red_at').notNull(),
    alert_at: tsz('alert_at').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'op_alert_candidates_pk', columns: [t.list, t.doc_id] }),
    // Each list's alerting rows oldest first (yellow_at follows the list's clock), every column read in the
    // key so counting is an index-only scan; the second serves the office filter.
    index('op_alert_candidates_list_idx').on(
      t.list,
      t.yellow_at,
      t.doc_id,
      t.red_at,
      t.office,
      t.week,
      t.kind,
      t.owner,
      t.alert_at,
    ),
    index('op_alert_candidates_office_idx').on(
      t.list,
      t.office,
      t.yellow_at,
      t.doc_id,
      t.red_at,
      t.week,
      t.kind,
      t.owner,
      t.alert_at,
    ),
  ],
);

/** Which trigger definition the candidates were last rebuilt for (a changed list rule rebuilds them). */
export const opAlertCandidateState = pgTable('op_alert_candidate_state', {
  id: integer('id').primaryKey(),
  version: text('version').notNull(),
  built_at: tsz('built_at').notNull().defaultNow(),
});
