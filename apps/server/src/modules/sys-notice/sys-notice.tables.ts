import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../platform/db/columns';

/** System notices and alerts (000 §3); maintained here, read at sign-in (auth's session answer). */
export const sysNotices = pgTable('sys_notices', {
  uid: uuid('uid').primaryKey().defaultRandom(),
  notice_type: text('notice_type').notNull(),
  notice_title: text('notice_title').notNull(),
  notice_body: text('notice_body').notNull(),
  affected_system: text('affected_system'),
  remarks: text('remarks'),
  valid_from: timestamp('valid_from', { withTimezone: true, mode: 'string' }).notNull(),
  valid_to: timestamp('valid_to', { withTimezone: true, mode: 'string' }).notNull(),
  ...auditColumns,
});
