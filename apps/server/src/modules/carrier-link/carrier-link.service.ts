import {
  CARRIER_LINK_MSG,
  CARRIER_NOTIFY_PATHS,
  type TCarrierConnection,
  type TCarrierConnectionTestResult,
  type TCarrierDocType,
  type TCarrierExchangeKind,
  type TCarrierLinkAction,
  type TCarrierStandard,
  type ZCarrierConnectionSave,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import { type Actor, actorName } from '../../platform/access/access';
import type { Db, DbOrTx } from '../../platform/db/client';
import { dcsaRefusal, validateDcsaSchema } from '../../platform/dcsa';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors/app-error';
import { PublicAddressError } from '../../platform/http/public-address';
import {
  CarrierCredentialsRefused,
  CarrierUnreachable,
  callCarrier,
  carrierAddressPolicy,
  forgetToken,
} from './carrier-link.client';
import { presentConnection, presentExchange } from './carrier-link.presenter';
import {
  type ConnectionRow,
  type ExchangeRow,
  carrierLinkRepository as repo,
} from './carrier-link.repository';
import { REQUESTS, STANDARD_OF } from './carrier-link.rules';
import { encryptSecret, hashInboundSecret } from './carrier-link.secrets';

/** What happened on an exchange, told to the document's module (consolidation, master bill). */
export interface CarrierNews {
  /** SENT: the carrier took a request; STATUS: the carrier's status or document changed; FAILED: refused. */
  what: 'SENT' | 'STATUS' | 'FAILED';
  source: 'PORTAL' | 'CARRIER' | 'POLL';
  /** The exchange after the change. */
  exchange: ExchangeRow;
  previous: { carrier_status: string | null; carrier_sub_status: string | null };
  /** FAILED: the carrier's error text. */
  error?: string | null;
}
export type CarrierNewsHandler = (tx: DbOrTx, news: CarrierNews) => Promise<void>;

const newsHandlers = new Map<TCarrierDocType, CarrierNewsHandler[]>();

/**
 * A document module's hook for carrier news (registered when its routes file loads; carrier-link never
 * imports consolidation or master-bl): the handler runs in the transaction that records the news, so what it
 * writes (the carrier MBL no., a notification event) commits with it.
 */
export function onCarrierNews(docType: TCarrierDocType, handler: CarrierNewsHandler) {
  const list = newsHandlers.get(docType) ?? [];
  list.push(handler);
  newsHandlers.set(docType, list);
}

export async function tellNews(tx: DbOrTx, news: CarrierNews) {
  for (const h of newsHandlers.get(news.exchange.doc_type) ?? []) await h(tx, news);
}

export interface EnqueueRequest {
  kind: TCarrierExchangeKind;
  docType: TCarrierDocType;
  docId: number;
  docNo: string;
  carrierCode: string;
  action: TCarrierLinkAction;
  body: unknown;
}

const versionOf = (c: ConnectionRow, standard: TCarrierStandard) =>
  standard === 'BOOKING' ? c.booking_version : c.ebl_version;

export const carrierLinkService = {
  /** The enabled connection of a carrier for a standard, or null (→ file export as today). */
  async connectionFor(db: DbOrTx, carrierCode: string, standard: TCarrierStandard) {
    const c = await repo.connectionByCode(db, carrierCode);
    if (!c?.enabled || !versionOf(c, standard)) return null;
    return {
      id: c.id,
      carrier_code: c.carrier_code,
      booking_version: c.booking_version,
      ebl_version: c.ebl_version,
    };
  },

  /**
   * Queues a request in the caller's transaction (the outbox job sends it after commit), creating the exchange
   * on first use. The body is validated against the DCSA schema first: 422 with the errors, nothing queued.
   * A CREATE on an exchange that ended (cancelled, declined, refused before a reference) starts it afresh.
   */
  async enqueue(tx: DbOrTx, actor: Actor | null, req: EnqueueRequest): Promise<ExchangeRow> {
    const shape = REQUESTS[req.kind][req.action];
    if (!shape) throw new AppError(422, CARRIER_LINK_MSG.actionNotAllowed);
    const conn = await carrierLinkService.connectionFor(tx, req.carrierCode, STANDARD_OF[req.kind]);
    if (!conn) throw new AppError(422, CARRIER_LINK_MSG.notConnected);
    const errors = validateDcsaSchema(shape.standard, shape.schema, req.body);
    if (errors.length) throw dcsaRefusal(errors, CARRIER_LINK_MSG.documentInvalid);
    const by = actor ? actorName(actor) : 'system';
    let x = await repo.exchangeOfDoc(tx, req.docType, req.docId, req.kind);
    if (!x) {
      if (req.action !== 'CREATE') throw new AppError(422, CARRIER_LINK_MSG.notSent);
      x = await repo.insertExchange(tx, {
        connection_id: conn.id,
        kind: req.kind,
        doc_type: req.docType,
        doc_id: req.docId,
        doc_no: req.docNo,
        created_by: by,
        updated_by: by,
      });
      if (!x) throw conflict();
    } else if (req.action === 'CREATE') {
      // A new request for the document: the earlier exchange's carrier references and news are history.
      x = await repo.updateExchange(tx, x.id, {
        connection_id: conn.id,
        doc_no: req.docNo,
        carrier_ref: null,
        carrier_booking_reference: null,
        transport_document_reference: null,
        carrier_status: null,
        carrier_sub_status: null,
        carrier_document: null,
        carrier_document_at: null,
        reviewed_at: null,
        next_poll_at: null,
        poll_quiet: 0,
        updated_by: by,
      });
    } else if (x.connection_id !== conn.id) {
      throw new AppError(422, CARRIER_LINK_MSG.actionNotAllowed);
    }
    await repo.queue(tx, {
      exchange_id: x.id,
      action: req.action,
      method: shape.method,
      path: shape.path,
      body: req.body,
      by,
    });
    const updated = await repo.updateExchange(tx, x.id, {
      link_state: 'SENDING',
      last_error: null,
      attempts: 0,
      updated_by: by,
    });
    await repo.addEvent(tx, {
      exchange_id: x.id,
      source: actor ? 'USER' : 'PORTAL',
      event: 'QUEUED',
      detail: { action: req.action },
      user_name: actor ? actorName(actor) : null,
    });
    return updated;
  },

  /** The exchanges of a document with their history (the carrier's latest document included). */
  async exchangesOf(db: DbOrTx, docType: TCarrierDocType, docId: number) {
    const rows = await repo.exchangesOfDoc(db, docType, docId);
    const ids = rows.map((r) => r.e.id);
    const [events, open] = await Promise.all([repo.eventsOf(db, ids), repo.openRequests(db, ids)]);
    return rows.map(({ e, carrier_code }) => ({
      ...presentExchange(
        e,
        carrier_code,
        events.filter((v) => v.exchange_id === e.id),
        open.find((o) => o.exchange_id === e.id),
      ),
      doc_no: e.doc_no,
      carrier_document: e.carrier_document as unknown,
    }));
  },

  /** Marks the carrier's latest document as reviewed (differences accepted or dismissed) with a history line. */
  async markReviewed(tx: DbOrTx, actor: Actor, exchangeId: number, note: string) {
    const x = await repo.exchangeById(tx, exchangeId, true);
    if (!x) throw notFound();
    await repo.updateExchange(tx, x.id, {
      reviewed_at: new Date().toISOString(),
      updated_by: actorName(actor),
    });
    await repo.addEvent(tx, {
      exchange_id: x.id,
      source: 'USER',
      event: 'REVIEWED',
      carrier_status: x.carrier_status,
      detail: { note: note.slice(0, 500) },
      user_name: actorName(actor),
    });
  },

  // --- connection maintenance (carrier maintenance, funcId admin) ---

  async getConnection(db: Db, config: AppConfig, carrierId: number): Promise<TCarrierConnection> {
    const carrier = await repo.carrierById(db, carrierId);
    if (!carrier) throw notFound();
    const c = await repo.connectionByCarrierId(db, carrierId);
    if (!c) throw notFound(CARRIER_LINK_MSG.connectionNotFound);
    return presentConnection(c, notificationUrls(config, c.carrier_code));
  },

  async saveConnection(
    db: Db,
    config: AppConfig,
    actor: Actor,
    carrierId: number,
    input: z.output<typeof ZCarrierConnectionSave>,
  ): Promise<TCarrierConnection> {
    const carrier = await repo.carrierById(db, carrierId);
    if (!carrier) throw notFound();
    const problems: { field: string; msgKey: string }[] = [];
    if (input.auth_kind === 'OAUTH2') {
      if (!input.token_url)
        problems.push({ field: 'token_url', msgKey: CARRIER_LINK_MSG.oauthFieldsRequired });
      if (!input.client_id)
        problems.push({ field: 'client_id', msgKey: CARRIER_LINK_MSG.oauthFieldsRequired });
    }
    if (!input.booking_version && !input.ebl_version)
      problems.push({ field: 'booking_version', msgKey: CARRIER_LINK_MSG.standardRequired });
    if (input.version === undefined && !input.secret)
      problems.push({ field: 'secret', msgKey: CARRIER_LINK_MSG.secretRequired });
    for (const field of ['base_url', 'token_url'] as const) {
      const url = input[field];
      if (!url) continue;
      try {
        await carrierAddressPolicy.resolve(url);
      } catch (e) {
        if (!(e instanceof PublicAddressError)) throw e;
        // An unknown host may become known (a carrier's new API name); an internal address never may.
        if (e.reason === 'not_allowed') problems.push({ field, msgKey: CARRIER_LINK_MSG.urlNotAllowed });
      }
    }
    if (problems.length) throw badRequest(problems, problems[0].msgKey);
    const by = actorName(actor);
    const values = {
      base_url: input.base_url.replace(/\/+$/, ''),
      auth_kind: input.auth_kind,
      token_url: input.auth_kind === 'OAUTH2' ? input.token_url : null,
      client_id: input.auth_kind === 'OAUTH2' ? input.client_id : null,
      api_key_header: input.auth_kind === 'API_KEY' ? (input.api_key_header ?? 'x-api-key') : null,
      booking_version: input.booking_version,
      ebl_version: input.ebl_version,
      enabled: input.enabled,
      // Saved credentials are untried until used or tested; held requests go back to the queue.
      credential_state: 'UNTESTED' as const,
      credential_error: null,
      ...(input.secret && { secret_enc: encryptSecret(config, input.secret) }),
      ...(input.inbound_secret && { inbound_secret_hash: hashInboundSecret(input.inbound_secret) }),
      updated_by: by,
    };
    const saved = await db.transaction(async (tx) => {
      const existing = await repo.connectionByCarrierId(tx, carrierId);
      let id: number;
      if (input.version === undefined) {
        if (existing) throw conflict();
        const row = await repo.insertConnection(tx, { ...values, carrier_id: carrierId, created_by: by });
        if (!row) throw conflict();
        id = row.id;
      } else {
        if (!existing) throw notFound(CARRIER_LINK_MSG.connectionNotFound);
        const row = await repo.updateConnectionIfVersion(tx, existing.id, input.version, values);
        if (!row) throw conflict();
        id = row.id;
        const released = await repo.releaseConnection(tx, id);
        for (const exchangeId of released)
          await repo.addEvent(tx, {
            exchange_id: exchangeId,
            source: 'USER',
            event: 'RELEASED',
            user_name: by,
          });
      }
      return repo.connectionById(tx, id);
    });
    if (!saved) throw notFound(CARRIER_LINK_MSG.connectionNotFound);
    return presentConnection(saved, notificationUrls(config, saved.carrier_code));
  },

  /**
   * Tries the stored credentials: a fresh OAuth2 token (or the API key) and a GET of a document that does not
   * exist. 404 (or 200) = the carrier took the credentials; 401/403 = refused; no answer = unreachable;
   * anything else = not a DCSA API.
   */
  async testConnection(db: Db, config: AppConfig, carrierId: number): Promise<TCarrierConnectionTestResult> {
    const c = await repo.connectionByCarrierId(db, carrierId);
    if (!c) throw notFound(CARRIER_LINK_MSG.connectionNotFound);
    forgetToken(c);
    const path = c.booking_version
      ? '/v2/bookings/PORTAL-CONNECTION-TEST'
      : '/v3/shipping-instructions/PORTAL-CONNECTION-TEST';
    let result: TCarrierConnectionTestResult;
    try {
      const answer = await callCarrier(config, c, { method: 'GET', path });
      const dcsaShaped =
        answer.status === 200 ||
        (answer.status === 404 && validateDcsaSchema('BKG', 'ErrorResponse', answer.json).length === 0);
      result = dcsaShaped
        ? {
            ok: true,
            credential_state: 'OK',
            message_key: CARRIER_LINK_MSG.testOk,
            detail: `HTTP ${answer.status}`,
          }
        : answer.status >= 500
          ? {
              ok: false,
              credential_state: c.credential_state,
              message_key: CARRIER_LINK_MSG.testUnreachable,
              detail: `HTTP ${answer.status}`,
            }
          : {
              ok: false,
              credential_state: c.credential_state,
              message_key: CARRIER_LINK_MSG.testNonsense,
              detail: `HTTP ${answer.status}`,
            };
    } catch (e) {
      if (e instanceof CarrierCredentialsRefused)
        result = {
          ok: false,
          credential_state: 'REFUSED',
          message_key: CARRIER_LINK_MSG.testRefused,
          detail: e.message,
        };
      else if (e instanceof CarrierUnreachable)
        result = {
          ok: false,
          credential_state: c.credential_state,
          message_key: CARRIER_LINK_MSG.testUnreachable,
          detail: e.message,
        };
      else throw e;
    }
    if (result.credential_state !== c.credential_state || result.credential_state === 'REFUSED')
      await repo.setCredentialState(
        db,
        c.id,
        result.credential_state,
        result.credential_state === 'REFUSED' ? (result.detail ?? null) : null,
      );
    return result;
  },
};

/** The absolute addresses a carrier posts its notifications to (PUBLIC_BASE_URL + the route). */
export function notificationUrls(config: AppConfig, carrierCode: string) {
  const base = `${config.mail.publicBaseUrl}/api/v1/carrier-link/${encodeURIComponent(carrierCode)}`;
  return {
    booking: `${base}${CARRIER_NOTIFY_PATHS.booking}`,
    shipping_instructions: `${base}${CARRIER_NOTIFY_PATHS.shipping_instructions}`,
    transport_document: `${base}${CARRIER_NOTIFY_PATHS.transport_document}`,
  };
}
