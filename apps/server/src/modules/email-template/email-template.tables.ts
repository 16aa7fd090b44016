import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../platform/db/columns';

/**
 * Admin e-mail templates (000 §2.3 NotificationCenter): one per catalogue event code, subject and body in
 * en-US, zh-HK and zh-CN with {{placeholders}}; an empty zh text falls back to en-US.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event_code: text('event_code').notNull(),
    subject_en: text('subject_en').notNull(),
    subject_hk: text('subject_hk').notNull().default(''),
    subject_cn: text('subject_cn').notNull().default(''),
    body_en: text('body_en').notNull(),
    body_hk: text('body_hk').notNull().default(''),
    body_cn: text('body_cn').notNull().default(''),
    active: boolean('active').notNull().default(true),
    ...auditColumns,
  },
  (t) => [uniqueIndex('email_templates_event_uq').on(t.event_code)],
);
