import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { userOwner, userProfiles, users } from '../auth/auth.tables';
import { offices } from '../lookup/lookup.tables';
import { partyGroups } from '../party-group/party-group.tables';
import { tradelanes } from '../tradelane/tradelane.tables';

/**
 * The 001 §3 User (maintenance) fields that sign-in does not need, one row per user (absent until an
 * administrator saves the user). Kept beside `users` so the auth tables stay small.
 */
export const userDetails = pgTable('user_details', {
  user_uid: uuid('user_uid')
    .primaryKey()
    .references(() => users.user_uid, { onDelete: 'cascade' }),
  address: text('address'),
  zip: text('zip'),
  country_code: text('country_code'),
  phone: text('phone'),
  fax: text('fax'),
  company: text('company'),
  position: text('position'),
  department: text('department'),
  sales_code: text('sales_code'),
  referred_by: text('referred_by'),
  office_id: integer('office_id').references(() => offices.office_id),
});

/** Sales codes whose records the user may see (001 §3 "accessible sales codes"). */
export const userSalesCodes = pgTable(
  'user_sales_codes',
  {
    user_uid: userOwner(),
    sales_code: text('sales_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_uid, t.sales_code] })],
);

/** Party groups a profile is limited to. */
export const userProfilePartyGroups = pgTable(
  'user_profile_party_groups',
  {
    user_profile_id: integer('user_profile_id')
      .notNull()
      .references(() => userProfiles.user_profile_id, { onDelete: 'cascade' }),
    party_group_id: integer('party_group_id')
      .notNull()
      .references(() => partyGroups.party_group_id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_profile_id, t.party_group_id] }),
    index('user_profile_party_groups_group_idx').on(t.party_group_id),
  ],
);

/** Trade lanes a profile is limited to. */
export const userProfileTradelanes = pgTable(
  'user_profile_tradelanes',
  {
    user_profile_id: integer('user_profile_id')
      .notNull()
      .references(() => userProfiles.user_profile_id, { onDelete: 'cascade' }),
    tradelane_id: integer('tradelane_id')
      .notNull()
      .references(() => tradelanes.tradelane_id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_profile_id, t.tradelane_id] }),
    index('user_profile_tradelanes_lane_idx').on(t.tradelane_id),
  ],
);
