import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Transactional outbox of e-mails: a message is written in the same transaction as the change that
 * causes it (registration, password reset, approval), and a durable job delivers it.
 * Status: queued, sent, failed (gave up after MAIL_MAX_ATTEMPTS; the dev mailbox can queue it again).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body'),
    /** What the message is about, e.g. 'activation', 'password_reset'; for the dev mailbox and logs. */
    tag: text('tag').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    /** When the delivery job may try this message next (backoff after a failure). */
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.next_attempt_at, t.id),
    // The delivery claim's order (platform/mail/mail-delivery.ts): queued rows by id, without a sort.
    index('mail_outbox_queued_idx').on(t.id).where(sql`status = 'queued'`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files sent with an outbox message (an invoice PDF): written in the same transaction as the message, so a
 * queued e-mail always has its attachments; deleted with the message.
 */
export const mailOutboxAttachments = pgTable(
  'mail_outbox_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mail_id: bigint('mail_id', { mode: 'number' })
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    file_name: text('file_name').notNull(),
    content_type: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('mail_outbox_attachments_mail_idx').on(t.mail_id)],
);
