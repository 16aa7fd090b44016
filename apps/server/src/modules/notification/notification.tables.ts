import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userOwner } from '../auth/auth.tables';

/** One message of one user's notification centre (000 §3 Notification message). */
export const notificationMessages = pgTable(
  'notification_messages',
  {
    message_id: bigserial('message_id', { mode: 'number' }).primaryKey(),
    guid: uuid('guid').notNull().defaultRandom(),
    user_uid: userOwner(),
    /** The outbox event it came from (null for seeded messages); one message per user and event. */
    event_id: bigint('event_id', { mode: 'number' }),
    module: text('module').notNull(),
    sub_module: text('sub_module').notNull(),
    doc_code: text('doc_code').notNull(),
    event_code: text('event_code').notNull(),
    desc_key: text('desc_key').notNull(),
    desc_param: jsonb('desc_param').$type<Record<string, string>>().notNull().default({}),
    href: text('href').notNull(),
    /** Lower-case doc_code, event code and parameter values: what search_text matches. */
    search_text: text('search_text').notNull().default(''),
    is_read: boolean('is_read').notNull().default(false),
    removed: boolean('removed').notNull().default(false),
    message_dt: timestamp('message_dt', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    // The centre's page: a user's live messages, newest first. Ordered by message_dt (not the serial id),
    // so no other index offers that order: an id order let PostgreSQL walk the primary key backwards
    // through everyone's newer messages for a user whose own are old (1.5 s at 1M rows).
    index('notification_messages_user_idx')
      .on(t.user_uid, t.message_dt.desc(), t.message_id.desc())
      .where(sql`not ${t.removed}`),
    // The bell's count.
    index('notification_messages_unread_idx')
      .on(t.user_uid)
      .where(sql`not ${t.removed} and not ${t.is_read}`),
    uniqueIndex('notification_messages_event_user_uq').on(t.event_id, t.user_uid),
  ],
);

/**
 * A user's notification setting for a module (doc_code '*', the masterSetting screen) or one document
 * (doc_code = its number: following). 000 §3 Notification setting.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    setting_id: serial('setting_id').primaryKey(),
    user_uid: userOwner(),
    module: text('module').notNull(),
    doc_code: text('doc_code').notNull(),
    /** Event codes of the module the user hears of. */
    follow_setting: text('follow_setting').array().notNull().default(sql`'{}'::text[]`),
    in_app_note: boolean('in_app_note').notNull().default(true),
    email_note: boolean('email_note').notNull().default(true),
    email_address: text('email_address'),
    is_follow: boolean('is_follow').notNull().default(false),
    customized: boolean('customized').notNull().default(true),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_settings_uq').on(t.user_uid, t.module, t.doc_code),
    index('notification_settings_followers_idx').on(t.module, t.doc_code).where(sql`${t.is_follow}`),
  ],
);
