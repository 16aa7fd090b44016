import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Transactional outbox of notification events: a module writes one row in the same transaction as the
 * change (emitNotification), so a rolled-back change leaves nothing; the notification module's dispatcher
 * turns each row into messages, e-mails and webhook deliveries and stamps dispatched_at.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    event_id: bigserial('event_id', { mode: 'number' }).primaryKey(),
    guid: uuid('guid').notNull().defaultRandom(),
    event_code: text('event_code').notNull(),
    module: text('module').notNull(),
    sub_module: text('sub_module').notNull(),
    doc_code: text('doc_code').notNull(),
    /** Every party on the document (recipients `parties`, webhooks). */
    party_ids: integer('party_ids').array().notNull().default(sql`'{}'::int[]`),
    /** The document's handling office code (recipients `office_ops`). */
    office_code: text('office_code'),
    /** Profile types that act next (recipients `approvers`). */
    approver_profile_types: text('approver_profile_types').array().notNull().default(sql`'{}'::text[]`),
    /** login_id of the person the document is about (recipients `applicant`). */
    applicant_login: text('applicant_login'),
    desc_param: jsonb('desc_param').$type<Record<string, string>>().notNull().default({}),
    email_subject_param: jsonb('email_subject_param').$type<Record<string, string>>().notNull().default({}),
    email_body_param: jsonb('email_body_param').$type<Record<string, string>>().notNull().default({}),
    /** Document numbers a customer's webhook receives (so_no, job_no...). */
    documents: jsonb('documents').$type<Record<string, string>>().notNull().default({}),
    href: text('href').notNull(),
    /** Who caused it: never notified of their own change. */
    actor_uid: uuid('actor_uid'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    dispatched_at: timestamp('dispatched_at', { withTimezone: true, mode: 'string' }),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
  },
  (t) => [index('notification_events_pending_idx').on(t.event_id).where(sql`${t.dispatched_at} is null`)],
);
