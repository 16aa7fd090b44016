import {
  MSG,
  type TWebhookDeliveryListQuery,
  type TWebhookEndpointListQuery,
  type TWebhookPayload,
  WEBHOOK_EVENT_CODES,
  WEBHOOK_TEST_EVENT,
  type ZCreateWebhookEndpointRequest,
  type ZUpdateWebhookEndpointRequest,
} from '@portal/contracts';
import type { z } from 'zod';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, listHistory, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { offsetPageAnswer } from '../../platform/list/offset-page';
import { deliverWebhookNow } from './webhook.delivery';
import { webhookRepository as repo } from './webhook.repository';
import { resolveWebhookTarget, WebhookAddressError } from './webhook-address';

export const WEBHOOK_ENTITY = 'webhook_endpoint';
const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });
/** The fields an edit records in the history (event codes as one comparable text). */
const audited = (v: { url: string; event_codes: string[]; description: string | null; active: boolean }) => ({
  url: v.url,
  event_codes: v.event_codes.join(', '),
  description: v.description,
  active: v.active ? 'true' : 'false',
});
const AUDITED = ['url', 'event_codes', 'description', 'active'] as const;

type CreateInput = z.output<typeof ZCreateWebhookEndpointRequest>;
type UpdateInput = z.output<typeof ZUpdateWebhookEndpointRequest>;

/** An event the notification dispatcher hands over (docs/notifications.md "Contract"). */
export interface WebhookEvent {
  /** Catalogue event code. */
  eventCode: string;
  module: string;
  subModule?: string | null;
  /** The document number the event is about. */
  docCode: string;
  /** Document numbers sent to the customer, e.g. { so_no, job_no }. */
  documents?: Record<string, string>;
  /** App path of the document; made absolute with PUBLIC_BASE_URL. */
  href: string;
  /** party_id of every party on the document: only their endpoints receive the event. */
  partyIds: readonly number[];
  /** ISO instant; default now. */
  occurredAt?: string;
  /** The outbox event id, so a receiver can drop a duplicate. */
  eventId?: string | null;
}

let publicBaseUrl = 'http://localhost:8080';
/** Sets the site address links are made absolute with (called when the routes load). */
export function configureWebhooks(baseUrl: string) {
  publicBaseUrl = baseUrl.replace(/\/+$/, '');
}
const absolute = (href: string) =>
  /^https?:\/\//.test(href) ? href : `${publicBaseUrl}${href.startsWith('/') ? '' : '/'}${href}`;

/**
 * Refuses a receiver whose host is or resolves to an internal address (400 msgWebhookUrlNotAllowed on
 * `url`). A host that does not resolve yet is kept: every delivery resolves and checks it again.
 */
async function checkReceiver(url: string | undefined) {
  if (url === undefined) return;
  try {
    await resolveWebhookTarget(url);
  } catch (e) {
    if (e instanceof WebhookAddressError && e.reason === 'not_allowed')
      throw badRequest([{ field: 'url', msgKey: MSG.webhookUrlNotAllowed }], MSG.webhookUrlNotAllowed);
    if (!(e instanceof WebhookAddressError)) throw e;
  }
}

async function checkRefs(tx: DbOrTx, input: { party_id?: number; event_codes: string[] }) {
  if (input.party_id !== undefined && !(await repo.partyExists(tx, input.party_id)))
    throw badRequest([{ field: 'party_id', msgKey: MSG.webhookPartyInvalid }], MSG.webhookPartyInvalid);
  const unknown = input.event_codes.filter((c) => !WEBHOOK_EVENT_CODES.includes(c));
  if (unknown.length)
    throw badRequest(
      [{ field: 'event_codes', msgKey: MSG.webhookEventUnknown, params: { value: unknown.join(', ') } }],
      MSG.webhookEventUnknown,
    );
}

/** The body a delivery sends; built once so every retry signs the same bytes. */
function payload(p: Omit<TWebhookPayload, 'delivery_id'>, deliveryId: string): string {
  const body: TWebhookPayload = { delivery_id: deliveryId, ...p };
  return JSON.stringify(body);
}

/**
 * Queues the event for every active endpoint of the document's parties that subscribes to its code,
 * inside the caller's transaction (nothing is queued for a rolled-back change); the delivery job posts
 * them after commit. Answers how many deliveries were queued.
 */
export async function enqueueWebhookEvent(tx: DbOrTx, event: WebhookEvent): Promise<number> {
  const parties = [...new Set(event.partyIds)].filter((p) => Number.isInteger(p));
  const targets = await repo.subscribers(tx, parties, event.eventCode);
  for (const target of targets) {
    const id = crypto.randomUUID();
    await repo.insertDelivery(tx, {
      id,
      endpoint_id: target.id,
      event_code: event.eventCode,
      doc_code: event.docCode,
      body: payload(
        {
          event_id: event.eventId ?? null,
          event_code: event.eventCode,
          module: event.module,
          sub_module: event.subModule ?? null,
          doc_code: event.docCode,
          documents: event.documents ?? {},
          party_code: target.party_code,
          occurred_at: new Date(event.occurredAt ?? Date.now()).toISOString(),
          link: absolute(event.href),
          test: false,
        },
        id,
      ),
    });
    await repo.wake(tx, id);
  }
  return targets.length;
}

/** Webhook endpoint maintenance (admin) and the delivery log. */
export const webhookService = {
  async list(db: Db, q: TWebhookEndpointListQuery) {
    const page = await repo.page(db, q);
    return offsetPageAnswer(page, q);
  },

  async get(db: DbOrTx, id: string) {
    const row = await repo.view(db, id);
    if (!row) throw notFound();
    return row;
  },

  async create({ db, input, actor }: { db: Db; input: CreateInput; actor: Actor }) {
    await checkReceiver(input.url);
    const id = await db.transaction(async (tx) => {
      await checkRefs(tx, input);
      const row = await repo.insert(tx, { ...input, created_by: actor.login_id, updated_by: actor.login_id });
      await recordHistory(tx, {
        entityType: WEBHOOK_ENTITY,
        entityId: row.id,
        action: 'create',
        actor: who(actor),
      });
      return row.id;
    });
    return this.get(db, id);
  },

  /** Saves an edit made on `input.version`; an empty secret keeps the stored one. */
  async update({ db, id, input, actor }: { db: Db; id: string; input: UpdateInput; actor: Actor }) {
    const { version, secret, ...rest } = input;
    await checkReceiver(rest.url);
    await db.transaction(async (tx) => {
      const before = await repo.byId(tx, id, true);
      if (!before) throw notFound();
      if (before.version !== version) throw conflict();
      await checkRefs(tx, rest);
      const row = await repo.updateIfVersion(tx, id, version, {
        ...rest,
        ...(secret ? { secret } : {}),
        updated_by: actor.login_id,
      });
      if (!row) throw conflict();
      const changes = diffFields(audited(before), audited(row), AUDITED);
      // The secret's value is never written anywhere but its column; the history says it changed.
      if (secret && secret !== before.secret) changes.secret = { from: '…', to: '…' };
      if (Object.keys(changes).length)
        await recordHistory(tx, {
          entityType: WEBHOOK_ENTITY,
          entityId: id,
          action: 'update',
          changes,
          actor: who(actor),
        });
    });
    return this.get(db, id);
  },

  history: (db: Db, id: string) => listHistory(db, WEBHOOK_ENTITY, id),

  async deliveries(db: Db, id: string, q: TWebhookDeliveryListQuery) {
    await this.get(db, id);
    const page = await repo.deliveries(db, id, q);
    return offsetPageAnswer(page, q);
  },

  /** Queues a WEBHOOK_TEST delivery to the endpoint and tries it at once; answers it as logged. */
  async sendTest({ db, id }: { db: Db; id: string }) {
    const endpoint = await this.get(db, id);
    const deliveryId = crypto.randomUUID();
    await db.transaction(async (tx) => {
      await repo.insertDelivery(tx, {
        id: deliveryId,
        endpoint_id: id,
        event_code: WEBHOOK_TEST_EVENT,
        doc_code: null,
        test: true,
        body: payload(
          {
            event_id: null,
            event_code: WEBHOOK_TEST_EVENT,
            module: 'webhook',
            sub_module: null,
            doc_code: 'TEST',
            documents: {},
            party_code: endpoint.party_code,
            occurred_at: new Date().toISOString(),
            link: absolute('/BMS/webhook_maintenance'),
            test: true,
          },
          deliveryId,
        ),
      });
    });
    await deliverWebhookNow(db, deliveryId);
    const row = await repo.delivery(db, deliveryId);
    if (!row) throw notFound();
    return row;
  },
};
