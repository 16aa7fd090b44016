import { USER_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck, statusText, tsz as ts } from '../../platform/db/columns';
import { offices } from '../lookup/lookup.tables';

/** A person who signs in. Status: A active, P pending activation, D disabled. */
export const users = pgTable(
  'users',
  {
    user_uid: uuid('user_uid').primaryKey().defaultRandom(),
    login_id: text('login_id').notNull(),
    password_hash: text('password_hash'),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    status: statusText('status', USER_STATUSES).notNull().default('A'),
    default_lang: text('default_lang').notNull().default('en-US'),
    default_page_size: smallint('default_page_size').notNull().default(10),
    failed_login_count: integer('failed_login_count').notNull().default(0),
    locked_at: ts('locked_at'),
    force_change_password: boolean('force_change_password').notNull().default(false),
    password_changed_at: ts('password_changed_at'),
    /** Super users may Change User; the token then carries their uid as super_user_uid. */
    is_super_user: boolean('is_super_user').notNull().default(false),
    last_login_at: ts('last_login_at'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('users_login_id_uq').on(sql`lower(${t.login_id})`),
    statusCheck('users', 'status', USER_STATUSES),
  ],
);

/** The user a row belongs to (profiles, sessions, preferences, favourites, ...): required, deleted with the user. */
export const userOwner = () =>
  uuid('user_uid')
    .notNull()
    .references(() => users.user_uid, { onDelete: 'cascade' });

/** Profile types (AGENT, CONSIGNEE, ...). */
export const profileTypes = pgTable('profile_types', {
  profile_type_id: serial('profile_type_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  is_internal: boolean('is_internal').notNull().default(false),
});

/** A role groups function ids. Maintained on /BMS/role_maintenance (modules/role), hence the audit columns. */
export const roles = pgTable('roles', {
  role_id: serial('role_id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  ...auditColumns,
});

/** Function ids with the menu id they belong to (uac.menu_func_accesses). */
export const funcs = pgTable('funcs', {
  func_id: text('func_id').primaryKey(),
  menu_id: text('menu_id').notNull(),
  description: text('description').notNull(),
});

export const roleFuncs = pgTable(
  'role_funcs',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.role_id, { onDelete: 'cascade' }),
    func_id: text('func_id')
      .notNull()
      .references(() => funcs.func_id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.func_id] })],
);

/** One profile of a user: a profile type at an office with a role. Status: A active, P pending, D disabled. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    user_profile_id: serial('user_profile_id').primaryKey(),
    user_uid: userOwner(),
    profile_type_id: integer('profile_type_id')
      .notNull()
      .references(() => profileTypes.profile_type_id),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.role_id),
    office_id: integer('office_id').references(() => offices.office_id),
    user_level_id: smallint('user_level_id'),
    status: text('status').notNull().default('A'),
    sort_order: smallint('sort_order').notNull().default(0),
  },
  (t) => [index('user_profiles_user_idx').on(t.user_uid)],
);

/** Which party types a profile may see (uac.party_accesses); parties themselves come with the party module. */
export const partyAccesses = pgTable(
  'party_accesses',
  {
    user_profile_id: integer('user_profile_id')
      .notNull()
      .references(() => userProfiles.user_profile_id, { onDelete: 'cascade' }),
    party_type_id: text('party_type_id').notNull(),
    all_party: boolean('all_party').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.user_profile_id, t.party_type_id] })],
);

/** Server-side session behind each token, so logout and disabling a user revoke it. */
export const sessions = pgTable(
  'sessions',
  {
    sid: uuid('sid').primaryKey().defaultRandom(),
    user_uid: userOwner(),
    user_profile_id: integer('user_profile_id').references(() => userProfiles.user_profile_id, {
      onDelete: 'cascade',
    }),
    super_user_uid: uuid('super_user_uid'),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    revoked_at: ts('revoked_at'),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.user_uid)],
);

/** Server-driven menu (000 §3 Menu item). Items with a func_id show only to users holding it. */
export const menus = pgTable('menus', {
  menu_key: text('menu_key').primaryKey(),
  parent_key: text('parent_key'),
  title_key: text('title_key').notNull(),
  url: text('url'),
  icon: text('icon'),
  section: text('section').notNull(),
  func_id: text('func_id').references(() => funcs.func_id),
  sort_order: smallint('sort_order').notNull().default(0),
});
