import { WEBHOOK_DELIVERY_STATUSES } from '@portal/contracts';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck, statusText } from '../../platform/db/columns';

/** A customer's webhook endpoint: events about documents its party is on are POSTed there, signed. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The customer party (parties.party_id). No foreign key: a table import from party would close the
    // module cycle party → notification → webhook; the service checks the party exists, and parties are
    // never deleted (they change status).
    party_id: integer('party_id').notNull(),
    url: text('url').notNull(),
    /** HMAC key; stored as given because signing needs it (never answered back, only its last 4). */
    secret: text('secret').notNull(),
    event_codes: text('event_codes').array().notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...auditColumns,
  },
  (t) => [index('webhook_endpoints_party_idx').on(t.party_id)],
);

/**
 * Outbox and log of webhook deliveries: one row per event per endpoint, written in the transaction of
 * the change, with the body built once (every retry sends and signs the same bytes).
 * Status: queued, delivered, failed (still failing WEBHOOK_RETRY_HOURS after it was queued).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpoint_id: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event_code: text('event_code').notNull(),
    doc_code: text('doc_code'),
    body: text('body').notNull(),
    test: boolean('test').notNull().default(false),
    status: statusText('status', WEBHOOK_DELIVERY_STATUSES).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    last_status_code: integer('last_status_code'),
    last_response: text('last_response'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true, mode: 'string' }),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).defaultNow(),
    delivered_at: timestamp('delivered_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.next_attempt_at),
    index('webhook_deliveries_endpoint_idx').on(t.endpoint_id, t.created_at),
    statusCheck('webhook_deliveries', 'status', WEBHOOK_DELIVERY_STATUSES),
  ],
);
