import type { TWebhookDeliveryListQuery, TWebhookEndpointListQuery } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, notifyAfterCommit } from '../../platform/db/client';
import { versionedUpdate } from '../../platform/db/versioned-update';
import { likeEscape } from '../../platform/list/list-query';
import { webhookDeliveries, webhookEndpoints } from './webhook.tables';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
/** An endpoint with its party's code and name (the list and detail show them). */
export type WebhookEndpointView = WebhookEndpointRow & { party_code: string; party_name: string };
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A delivery claimed for sending, with what the sender needs from its endpoint. */
export interface DueDelivery extends Record<string, unknown> {
  id: string;
  endpoint_id: string;
  event_code: string;
  body: string;
  attempts: number;
  created_at: string;
  url: string;
  secret: string;
}

// `parties` is read by name, not imported: party emits notification events, notification calls webhook,
// so a table import from party would close a module cycle (docs/architecture.md "Module boundaries").
const endpointView = sql`select e.id, e.party_id, e.url, e.secret, e.event_codes, e.description, e.active,
  e.version, e.created_at::text as created_at, e.created_by, e.updated_at::text as updated_at, e.updated_by,
  p.party_code, p.full_name as party_name
  from webhook_endpoints e join parties p on p.party_id = e.party_id`;

const SORT = {
  party_code: sql`p.party_code`,
  url: sql`e.url`,
  updated_at: sql`e.updated_at`,
} as const;

/** Instants as UTC ISO strings (the column mode 'string' gives PostgreSQL's text form). */
const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
const isoView = (r: WebhookEndpointView): WebhookEndpointView => ({
  ...r,
  created_at: iso(r.created_at) as string,
  updated_at: iso(r.updated_at) as string,
});

/** Webhook endpoint and delivery queries. */
export const webhookRepository = {
  async page(db: DbOrTx, q: TWebhookEndpointListQuery) {
    const text = q.q?.trim().toLowerCase();
    const where = sql.join(
      [
        sql`true`,
        text
          ? sql`lower(p.party_code || ' ' || p.full_name || ' ' || e.url || ' ' || coalesce(e.description, '')) like ${`%${likeEscape(text)}%`}`
          : undefined,
        q.active ? sql`e.active = ${q.active === 'true'}` : undefined,
      ].filter((s) => s !== undefined),
      sql` and `,
    );
    const sort = SORT[q.sort ?? 'party_code'];
    const dir = q.order === 'desc' ? sql`desc` : sql`asc`;
    const { rows } = await db.execute<WebhookEndpointView>(
      sql`${endpointView} where ${where} order by ${sort} ${dir}, e.id
          limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    );
    const { rows: count } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from webhook_endpoints e join parties p on p.party_id = e.party_id
          where ${where}`,
    );
    return { rows: rows.map(isoView), total: count[0].n };
  },

  async view(db: DbOrTx, id: string): Promise<WebhookEndpointView | undefined> {
    const { rows } = await db.execute<WebhookEndpointView>(sql`${endpointView} where e.id = ${id}`);
    return rows[0] ? isoView(rows[0]) : undefined;
  },

  async partyExists(db: DbOrTx, partyId: number): Promise<boolean> {
    const { rows } = await db.execute(sql`select 1 from parties where party_id = ${partyId}`);
    return rows.length > 0;
  },

  async byId(db: DbOrTx, id: string, forUpdate = false) {
    const query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  async insert(db: DbOrTx, values: typeof webhookEndpoints.$inferInsert) {
    const [row] = await db.insert(webhookEndpoints).values(values).returning();
    return row;
  },

  /** Updates only when the stored version is still `version`; answers undefined otherwise. */
  updateIfVersion: versionedUpdate<typeof webhookEndpoints, string>(webhookEndpoints, webhookEndpoints.id),

  /** Active endpoints of these parties that subscribe to the event code (the party rule lives here). */
  async subscribers(db: DbOrTx, partyIds: number[], eventCode: string) {
    if (!partyIds.length) return [];
    const { rows } = await db.execute<{ id: string; party_id: number; party_code: string }>(
      sql`select e.id, e.party_id, p.party_code from webhook_endpoints e
          join parties p on p.party_id = e.party_id
          where e.active and e.party_id in (${sql.join(
            partyIds.map((p) => sql`${p}`),
            sql`, `,
          )}) and ${eventCode} = any(e.event_codes)`,
    );
    return rows;
  },

  async insertDelivery(db: DbOrTx, values: typeof webhookDeliveries.$inferInsert) {
    const [row] = await db.insert(webhookDeliveries).values(values).returning();
    return row;
  },

  /** The endpoint's delivery log, newest first. */
  async deliveries(db: DbOrTx, endpointId: string, q: TWebhookDeliveryListQuery) {
    const where = and(
      eq(webhookDeliveries.endpoint_id, endpointId),
      q.status ? eq(webhookDeliveries.status, q.status) : undefined,
    );
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(sql`${webhookDeliveries.created_at} desc, ${webhookDeliveries.id} desc`)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where);
    return { rows, total: n };
  },

  async delivery(db: DbOrTx, id: string) {
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row;
  },

  /**
   * Claims due queued deliveries (FOR UPDATE SKIP LOCKED: another instance skips them), or one delivery
   * by id when `onlyId` is given (the test button's immediate attempt).
   */
  async claimDue(tx: DbOrTx, limit: number, onlyId?: string): Promise<DueDelivery[]> {
    const { rows } = await tx.execute<DueDelivery>(
      sql`select d.id, d.endpoint_id, d.event_code, d.body, d.attempts, d.created_at::text as created_at,
            e.url, e.secret
          from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          where d.status = 'queued' and d.next_attempt_at <= now() ${onlyId ? sql`and d.id = ${onlyId}` : sql``}
          order by d.next_attempt_at, d.id limit ${limit} for update of d skip locked`,
    );
    return rows;
  },

  /** Keeps a claimed delivery from being claimed again while it is being posted. */
  async lease(tx: DbOrTx, id: string, seconds: number) {
    await tx
      .update(webhookDeliveries)
      .set({ next_attempt_at: sql`now() + make_interval(secs => ${seconds})` })
      .where(eq(webhookDeliveries.id, id));
  },

  /** Records one attempt's outcome. */
  async recordAttempt(
    tx: DbOrTx,
    id: string,
    outcome: {
      status: 'queued' | 'delivered' | 'failed';
      statusCode: number | null;
      response: string | null;
      retryInSeconds: number | null;
    },
  ) {
    await tx
      .update(webhookDeliveries)
      .set({
        status: outcome.status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        last_status_code: outcome.statusCode,
        last_response: outcome.response,
        last_attempt_at: sql`now()`,
        delivered_at: outcome.status === 'delivered' ? sql`now()` : null,
        next_attempt_at:
          outcome.retryInSeconds === null
            ? null
            : sql`now() + make_interval(secs => ${outcome.retryInSeconds})`,
      })
      .where(eq(webhookDeliveries.id, id));
  },

  /** Wakes the delivery job once the transaction has committed (the job also polls every minute). */
  async wake(tx: DbOrTx, deliveryId: string) {
    await notifyAfterCommit(tx, WEBHOOK_CHANNEL, [deliveryId]);
  },
};

/** PostgreSQL channel told (at commit) that new webhook deliveries are queued. */
export const WEBHOOK_CHANNEL = 'webhook_deliveries';
