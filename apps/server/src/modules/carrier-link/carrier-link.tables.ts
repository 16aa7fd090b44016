import {
  CARRIER_AUTH_KINDS,
  CARRIER_CREDENTIAL_STATES,
  CARRIER_DOC_TYPES,
  CARRIER_EVENT_SOURCES,
  CARRIER_EXCHANGE_KINDS,
  CARRIER_LINK_ACTIONS,
  CARRIER_LINK_STATES,
  CARRIER_OUTBOX_STATES,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck, statusText, tsz } from '../../platform/db/columns';
import { carriers } from '../carrier/carrier.tables';

/**
 * A carrier's DCSA API connection (issue 42; docs/carrier-link.md): one per carrier. The client secret or API
 * key is stored encrypted (AES-256-GCM, carrier-link.secrets.ts), the secret the carrier sends with its
 * notifications only as its SHA-256; neither is ever answered back.
 */
export const carrierConnections = pgTable(
  'carrier_connections',
  {
    id: serial('id').primaryKey(),
    carrier_id: integer('carrier_id')
      .notNull()
      .references(() => carriers.id),
    base_url: text('base_url').notNull(),
    auth_kind: statusText('auth_kind', CARRIER_AUTH_KINDS).notNull(),
    token_url: text('token_url'),
    client_id: text('client_id'),
    /** base64 of iv (12) ‖ tag (16) ‖ ciphertext; null = none stored. */
    secret_enc: text('secret_enc'),
    api_key_header: text('api_key_header'),
    booking_version: text('booking_version'),
    ebl_version: text('ebl_version'),
    /** hex SHA-256 of the bearer secret the carrier's notifications carry; null = notifications refused. */
    inbound_secret_hash: text('inbound_secret_hash'),
    enabled: boolean('enabled').notNull().default(true),
    credential_state: statusText('credential_state', CARRIER_CREDENTIAL_STATES).notNull().default('UNTESTED'),
    credential_error: text('credential_error'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('carrier_connections_carrier_uq').on(t.carrier_id),
    statusCheck('carrier_connections', 'auth_kind', CARRIER_AUTH_KINDS),
    statusCheck('carrier_connections', 'credential_state', CARRIER_CREDENTIAL_STATES),
  ],
);

/**
 * One exchange with a carrier about one document: the plan's booking, the bill's shipping instructions or its
 * transport document. carrier_status is the carrier's own DCSA code (not constrained: the standard's statuses
 * are open strings); link_state is the portal's side (CARRIER_LINK_STATES).
 */
export const carrierExchanges = pgTable(
  'carrier_exchanges',
  {
    id: serial('id').primaryKey(),
    connection_id: integer('connection_id')
      .notNull()
      .references(() => carrierConnections.id),
    kind: statusText('kind', CARRIER_EXCHANGE_KINDS).notNull(),
    doc_type: statusText('doc_type', CARRIER_DOC_TYPES).notNull(),
    doc_id: integer('doc_id').notNull(),
    doc_no: text('doc_no').notNull(),
    /** carrierBookingRequestReference (BOOKING) / shippingInstructionsReference (SI). */
    carrier_ref: text('carrier_ref'),
    carrier_booking_reference: text('carrier_booking_reference'),
    transport_document_reference: text('transport_document_reference'),
    carrier_status: text('carrier_status'),
    carrier_sub_status: text('carrier_sub_status'),
    link_state: statusText('link_state', CARRIER_LINK_STATES).notNull().default('SENDING'),
    last_error: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    /** The carrier's latest full document (Booking / ShippingInstructions / TransportDocument). */
    carrier_document: jsonb('carrier_document'),
    carrier_document_at: tsz('carrier_document_at'),
    reviewed_at: tsz('reviewed_at'),
    /** When the carrier last told us something (notification or a poll that found news). */
    last_news_at: tsz('last_news_at'),
    /** When the poll job asks next (null: not polled, e.g. final or nothing sent yet). */
    next_poll_at: tsz('next_poll_at'),
    poll_quiet: integer('poll_quiet').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('carrier_exchanges_doc_uq').on(t.doc_type, t.doc_id, t.kind),
    index('carrier_exchanges_ref_idx').on(t.connection_id, t.carrier_ref),
    index('carrier_exchanges_cbr_idx').on(t.connection_id, t.carrier_booking_reference),
    index('carrier_exchanges_tdr_idx').on(t.connection_id, t.transport_document_reference),
    index('carrier_exchanges_poll_idx').on(t.next_poll_at).where(sql`${t.next_poll_at} is not null`),
    statusCheck('carrier_exchanges', 'kind', CARRIER_EXCHANGE_KINDS),
    statusCheck('carrier_exchanges', 'doc_type', CARRIER_DOC_TYPES),
    statusCheck('carrier_exchanges', 'link_state', CARRIER_LINK_STATES),
  ],
);

/**
 * The outbox of requests to carriers, written in the transaction of the change and sent by the sweep job
 * `carrier-link.outbox` after commit, in order per exchange. The path may hold `{ref}` / `{tdRef}`, filled
 * with the carrier's reference when the row is sent (an UPDATE queued before the CREATE's answer came).
 */
export const carrierOutbox = pgTable(
  'carrier_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    exchange_id: integer('exchange_id')
      .notNull()
      .references(() => carrierExchanges.id, { onDelete: 'cascade' }),
    action: statusText('action', CARRIER_LINK_ACTIONS).notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    body: jsonb('body').notNull(),
    /** Sent as the Idempotency-Key header: the same on every retry of this row. */
    idempotency_key: uuid('idempotency_key').notNull().defaultRandom(),
    state: statusText('state', CARRIER_OUTBOX_STATES).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: tsz('next_attempt_at').notNull().defaultNow(),
    last_status_code: integer('last_status_code'),
    last_error: text('last_error'),
    created_at: tsz('created_at').notNull().defaultNow(),
    created_by: text('created_by'),
    sent_at: tsz('sent_at'),
  },
  (t) => [
    index('carrier_outbox_due_idx').on(t.next_attempt_at, t.id).where(sql`${t.state} = 'PENDING'`),
    index('carrier_outbox_exchange_idx').on(t.exchange_id, t.id),
    statusCheck('carrier_outbox', 'action', CARRIER_LINK_ACTIONS),
    statusCheck('carrier_outbox', 'state', CARRIER_OUTBOX_STATES),
  ],
);

/** The history of an exchange: what the portal sent, what the carrier said, what a user did. */
export const carrierExchangeEvents = pgTable(
  'carrier_exchange_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    exchange_id: integer('exchange_id')
      .notNull()
      .references(() => carrierExchanges.id, { onDelete: 'cascade' }),
    at: tsz('at').notNull().defaultNow(),
    source: statusText('source', CARRIER_EVENT_SOURCES).notNull(),
    event: text('event').notNull(),
    carrier_status: text('carrier_status'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    user_name: text('user_name'),
  },
  (t) => [
    index('carrier_exchange_events_exchange_idx').on(t.exchange_id, t.id),
    statusCheck('carrier_exchange_events', 'source', CARRIER_EVENT_SOURCES),
  ],
);

/** Notification ids a connection has accepted: a replayed notification is answered 204 and changes nothing. */
export const carrierNotifications = pgTable(
  'carrier_notifications',
  {
    connection_id: integer('connection_id')
      .notNull()
      .references(() => carrierConnections.id, { onDelete: 'cascade' }),
    notification_id: text('notification_id').notNull(),
    received_at: tsz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connection_id, t.notification_id] })],
);
