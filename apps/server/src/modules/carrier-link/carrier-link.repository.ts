import type {
  TCarrierCredentialState,
  TCarrierDocType,
  TCarrierEventCode,
  TCarrierEventSource,
  TCarrierExchangeKind,
  TCarrierLinkAction,
  TCarrierLinkState,
} from '@portal/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, notifyAfterCommit } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { carriers } from '../carrier';
import {
  carrierConnections,
  carrierExchangeEvents,
  carrierExchanges,
  carrierNotifications,
  carrierOutbox,
} from './carrier-link.tables';

/** PostgreSQL channel told (at commit) that requests wait in the carrier outbox. */
export const CARRIER_OUTBOX_CHANNEL = 'carrier_outbox';
/** PostgreSQL channel that wakes the poll job (a notification without its document asks for a GET now). */
export const CARRIER_POLL_CHANNEL = 'carrier_poll';

export type ConnectionRow = typeof carrierConnections.$inferSelect & { carrier_code: string };
export type ExchangeRow = typeof carrierExchanges.$inferSelect;
export type OutboxRow = typeof carrierOutbox.$inferSelect;
export type ExchangeEventRow = typeof carrierExchangeEvents.$inferSelect;

/** A claimed outbox row with what sending it needs. */
export type DueRequest = {
  id: number;
  exchange_id: number;
  action: TCarrierLinkAction;
  method: string;
  path: string;
  body: unknown;
  idempotency_key: string;
  attempts: number;
  connection_id: number;
};

async function connectionWhere(db: DbOrTx, where: ReturnType<typeof eq>) {
  const rows = await db
    .select({ c: carrierConnections, carrier_code: carriers.carrier_code })
    .from(carrierConnections)
    .innerJoin(carriers, eq(carriers.id, carrierConnections.carrier_id))
    .where(where)
    .limit(1);
  return rows[0] ? ({ ...rows[0].c, carrier_code: rows[0].carrier_code } as ConnectionRow) : undefined;
}

export const carrierLinkRepository = {
  // --- carriers and connections ---
  async carrierById(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ id: carriers.id, carrier_code: carriers.carrier_code })
      .from(carriers)
      .where(eq(carriers.id, id));
    return row;
  },

  connectionByCarrierId: (db: DbOrTx, carrierId: number) =>
    connectionWhere(db, eq(carrierConnections.carrier_id, carrierId)),
  connectionById: (db: DbOrTx, id: number) => connectionWhere(db, eq(carrierConnections.id, id)),
  connectionByCode: (db: DbOrTx, carrierCode: string) =>
    connectionWhere(db, eq(carriers.carrier_code, carrierCode)),

  async lockConnection(db: DbOrTx, id: number) {
    await db.execute(sql`select id from carrier_connections where id = ${id} for update`);
  },

  async insertConnection(db: DbOrTx, values: typeof carrierConnections.$inferInsert) {
    const [row] = await db.insert(carrierConnections).values(values).onConflictDoNothing().returning();
    return row;
  },

  updateConnectionIfVersion: versionedUpdate(carrierConnections, carrierConnections.id),

  async setCredentialState(db: DbOrTx, id: number, state: TCarrierCredentialState, error: string | null) {
    await db
      .update(carrierConnections)
      .set({ credential_state: state, credential_error: error })
      .where(eq(carrierConnections.id, id));
  },

  // --- exchanges ---
  async exchangeOfDoc(db: DbOrTx, docType: TCarrierDocType, docId: number, kind: TCarrierExchangeKind) {
    const [row] = await db
      .select()
      .from(carrierExchanges)
      .where(
        and(
          eq(carrierExchanges.doc_type, docType),
          eq(carrierExchanges.doc_id, docId),
          eq(carrierExchanges.kind, kind),
        ),
      )
      .for('update');
    return row;
  },

  async exchangeById(db: DbOrTx, id: number, lock = false) {
    const q = db.select().from(carrierExchanges).where(eq(carrierExchanges.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async insertExchange(db: DbOrTx, values: typeof carrierExchanges.$inferInsert) {
    const [row] = await db.insert(carrierExchanges).values(values).onConflictDoNothing().returning();
    return row;
  },

  async updateExchange(db: DbOrTx, id: number, values: Partial<typeof carrierExchanges.$inferInsert>) {
    const [row] = await db
      .update(carrierExchanges)
      .set({ ...values, version: sql`${carrierExchanges.version} + 1`, updated_at: sql`now()` })
      .where(eq(carrierExchanges.id, id))
      .returning();
    return row;
  },

  async exchangesOfDoc(db: DbOrTx, docType: TCarrierDocType, docId: number) {
    return db
      .select({ e: carrierExchanges, carrier_code: carriers.carrier_code })
      .from(carrierExchanges)
      .innerJoin(carrierConnections, eq(carrierConnections.id, carrierExchanges.connection_id))
      .innerJoin(carriers, eq(carriers.id, carrierConnections.carrier_id))
      .where(and(eq(carrierExchanges.doc_type, docType), eq(carrierExchanges.doc_id, docId)))
      .orderBy(asc(carrierExchanges.id));
  },

  /** The exchange of a connection whose reference field holds `value` (a notification's document). */
  async exchangeByReference(
    db: DbOrTx,
    connectionId: number,
    kind: TCarrierExchangeKind,
    field: 'carrier_ref' | 'carrier_booking_reference' | 'transport_document_reference',
    value: string,
  ) {
    const [row] = await db
      .select()
      .from(carrierExchanges)
      .where(
        and(
          eq(carrierExchanges.connection_id, connectionId),
          eq(carrierExchanges.kind, kind),
          eq(carrierExchanges[field], value),
        ),
      )
      .orderBy(asc(carrierExchanges.id))
      .limit(1)
      .for('update');
    return row;
  },

  async eventsOf(db: DbOrTx, exchangeIds: number[]) {
    if (!exchangeIds.length) return [];
    return db
      .select()
      .from(carrierExchangeEvents)
      .where(inArray(carrierExchangeEvents.exchange_id, exchangeIds))
      .orderBy(asc(carrierExchangeEvents.id));
  },

  async addEvent(
    db: DbOrTx,
    e: {
      exchange_id: number;
      source: TCarrierEventSource;
      event: TCarrierEventCode;
      carrier_status?: string | null;
      detail?: Record<string, unknown> | null;
      user_name?: string | null;
    },
  ) {
    await db.insert(carrierExchangeEvents).values({
      exchange_id: e.exchange_id,
      source: e.source,
      event: e.event,
      carrier_status: e.carrier_status ?? null,
      detail: e.detail ?? null,
      user_name: e.user_name ?? null,
    });
  },

  // --- outbox ---
  async queue(
    db: DbOrTx,
    r: {
      exchange_id: number;
      action: TCarrierLinkAction;
      method: string;
      path: string;
      body: unknown;
      by: string;
    },
  ) {
    const [row] = await db
      .insert(carrierOutbox)
      .values({
        exchange_id: r.exchange_id,
        action: r.action,
        method: r.method,
        path: r.path,
        body: r.body,
        created_by: r.by,
      })
      .returning();
    await notifyAfterCommit(db, CARRIER_OUTBOX_CHANNEL, [row.id]);
    return row;
  },

  /** The request being sent for an exchange (the oldest not yet SENT/FAILED), for the exchange view. */
  async openRequests(db: DbOrTx, exchangeIds: number[]) {
    if (!exchangeIds.length) return [];
    return db
      .select()
      .from(carrierOutbox)
      .where(
        and(
          inArray(carrierOutbox.exchange_id, exchangeIds),
          inArray(carrierOutbox.state, ['PENDING', 'HELD']),
        ),
      )
      .orderBy(asc(carrierOutbox.id));
  },

  /**
   * Claims due requests, the oldest open one per exchange only (a later request of an exchange waits for the
   * earlier ones: an UPDATE needs the reference the CREATE's answer brings), FOR UPDATE SKIP LOCKED, and
   * leases them (next_attempt_at pushed) so another instance does not send them while this one does.
   */
  async claimDue(db: DbOrTx, limit: number, leaseSeconds: number): Promise<DueRequest[]> {
    const { rows } = await db.execute<DueRequest>(
      sql`select o.id::int as id, o.exchange_id, o.action, o.method, o.path, o.body, o.idempotency_key::text,
            o.attempts, x.connection_id
          from carrier_outbox o join carrier_exchanges x on x.id = o.exchange_id
          where o.state = 'PENDING' and o.next_attempt_at <= now()
            and not exists (select 1 from carrier_outbox p where p.exchange_id = o.exchange_id
                            and p.state in ('PENDING', 'HELD') and p.id < o.id)
          order by o.next_attempt_at, o.id limit ${limit} for update of o skip locked`,
    );
    if (rows.length)
      await db
        .update(carrierOutbox)
        .set({ next_attempt_at: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          inArray(
            carrierOutbox.id,
            rows.map((r) => r.id),
          ),
        );
    return rows;
  },

  async recordOutcome(
    db: DbOrTx,
    id: number,
    o: {
      state: 'PENDING' | 'SENT' | 'FAILED' | 'HELD';
      statusCode: number | null;
      error: string | null;
      retryInMs: number | null;
    },
  ) {
    await db
      .update(carrierOutbox)
      .set({
        state: o.state,
        attempts: sql`${carrierOutbox.attempts} + 1`,
        last_status_code: o.statusCode,
        last_error: o.error,
        sent_at: o.state === 'SENT' ? sql`now()` : null,
        ...(o.retryInMs !== null && {
          next_attempt_at: sql`now() + make_interval(secs => ${o.retryInMs / 1000})`,
        }),
      })
      .where(eq(carrierOutbox.id, id));
  },

  /** Holds every open request of a connection (its credentials were refused). */
  async holdConnection(db: DbOrTx, connectionId: number) {
    await db.execute(
      sql`update carrier_outbox o set state = 'HELD' from carrier_exchanges x
          where x.id = o.exchange_id and x.connection_id = ${connectionId} and o.state = 'PENDING'`,
    );
    await db.execute(
      sql`update carrier_exchanges set link_state = 'REFUSED', version = version + 1, updated_at = now()
          where connection_id = ${connectionId}
            and id in (select exchange_id from carrier_outbox where state = 'HELD')`,
    );
  },

  /** Puts a connection's held requests back in the queue (the connection was saved); answers the exchanges. */
  async releaseConnection(db: DbOrTx, connectionId: number): Promise<number[]> {
    const { rows } = await db.execute<{ exchange_id: number }>(
      sql`update carrier_outbox o set state = 'PENDING', next_attempt_at = now() from carrier_exchanges x
          where x.id = o.exchange_id and x.connection_id = ${connectionId} and o.state = 'HELD'
          returning o.exchange_id`,
    );
    const ids = [...new Set(rows.map((r) => r.exchange_id))];
    if (ids.length) {
      await db
        .update(carrierExchanges)
        .set({ link_state: 'SENDING', version: sql`${carrierExchanges.version} + 1`, updated_at: sql`now()` })
        .where(inArray(carrierExchanges.id, ids));
      await notifyAfterCommit(db, CARRIER_OUTBOX_CHANNEL, ['release']);
    }
    return ids;
  },

  /** Fails the later open requests of an exchange whose earlier request the carrier refused. */
  async failOpenRequests(db: DbOrTx, exchangeId: number, error: string) {
    await db
      .update(carrierOutbox)
      .set({ state: 'FAILED', last_error: error })
      .where(
        and(eq(carrierOutbox.exchange_id, exchangeId), inArray(carrierOutbox.state, ['PENDING', 'HELD'])),
      );
  },

  async countOpenRequests(db: DbOrTx, exchangeId: number) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from carrier_outbox where exchange_id = ${exchangeId}
          and state in ('PENDING', 'HELD')`,
    );
    return rows[0]?.n ?? 0;
  },

  // --- notifications ---
  /** Remembers a notification id; false when it was seen before (a replay). */
  async rememberNotification(db: DbOrTx, connectionId: number, notificationId: string): Promise<boolean> {
    const rows = await db
      .insert(carrierNotifications)
      .values({ connection_id: connectionId, notification_id: notificationId })
      .onConflictDoNothing()
      .returning({ id: carrierNotifications.notification_id });
    return rows.length > 0;
  },

  // --- polling ---
  /** Claims exchanges whose poll is due and leases them. */
  async claimPolls(db: DbOrTx, limit: number, leaseSeconds: number) {
    const { rows } = await db.execute<{ id: number }>(
      sql`select x.id from carrier_exchanges x join carrier_connections c on c.id = x.connection_id
          where x.next_poll_at is not null and x.next_poll_at <= now() and c.enabled
          order by x.next_poll_at limit ${limit} for update of x skip locked`,
    );
    const ids = rows.map((r) => r.id);
    if (ids.length)
      await db
        .update(carrierExchanges)
        .set({ next_poll_at: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(inArray(carrierExchanges.id, ids));
    return ids;
  },

  async wakePoll(db: DbOrTx, exchangeId: number) {
    await notifyAfterCommit(db, CARRIER_POLL_CHANNEL, [exchangeId]);
  },

  async setNextPoll(db: DbOrTx, id: number, inMs: number | null, quiet: number) {
    await db
      .update(carrierExchanges)
      .set({
        next_poll_at: inMs === null ? null : sql`now() + make_interval(secs => ${inMs / 1000})`,
        poll_quiet: quiet,
      })
      .where(eq(carrierExchanges.id, id));
  },

  async connectionsOfExchanges(db: DbOrTx, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ id: carrierExchanges.id, connection_id: carrierExchanges.connection_id })
      .from(carrierExchanges)
      .where(inArray(carrierExchanges.id, ids));
  },

  /** Exchanges' link states, for tests and metrics. */
  async linkStates(db: DbOrTx): Promise<{ link_state: TCarrierLinkState; n: number }[]> {
    const { rows } = await db.execute<{ link_state: TCarrierLinkState; n: number }>(
      sql`select link_state, count(*)::int as n from carrier_exchanges group by link_state`,
    );
    return rows;
  },
};
