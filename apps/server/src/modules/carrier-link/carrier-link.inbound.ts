import type { TCarrierExchangeKind, TDcsaErrorResponse } from '@portal/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../platform/db/client';
import { validateDcsaSchema } from '../../platform/dcsa';
import { findNul } from '../../platform/http/nul-guard';
import {
  type Incoming,
  incomingOfDocument,
  notificationCounter,
  pollSoon,
  recordNews,
} from './carrier-link.news';
import { type ExchangeRow, carrierLinkRepository as repo } from './carrier-link.repository';
import { NOTIFICATION_SCHEMA } from './carrier-link.rules';
import { inboundSecretMatches } from './carrier-link.secrets';

/** What the route answers: 204 (accepted, or a replay), or a DCSA ErrorResponse. */
export type InboundAnswer = { status: 204 } | { status: 400 | 401 | 404; body: TDcsaErrorResponse };

const STATUS_TEXT = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found' } as const;

export function dcsaError(
  status: 400 | 401 | 404,
  req: { url: string; requestId: string },
  errors: { errorCodeText: string; errorCodeMessage: string; jsonPath?: string; property?: string }[],
): InboundAnswer {
  return {
    status,
    body: {
      httpMethod: 'POST',
      requestUri: req.url.slice(0, 2000),
      statusCode: status,
      statusCodeText: STATUS_TEXT[status],
      providerCorrelationReference: req.requestId.slice(0, 100),
      errorDateTime: new Date().toISOString(),
      errors: errors.map((e) => ({
        ...e,
        errorCodeText: e.errorCodeText.slice(0, 100),
        errorCodeMessage: e.errorCodeMessage.slice(0, 5000),
      })),
    },
  };
}

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The news of a notification's `data` (the full document inside when the carrier sent it). */
function incomingOfData(kind: TCarrierExchangeKind, data: Json, id: string): Incoming {
  const full =
    kind === 'BOOKING' ? data.booking : kind === 'SI' ? data.shippingInstructions : data.transportDocument;
  const base = incomingOfDocument(kind, data, 'CARRIER');
  return {
    ...base,
    // The document is stored only when the carrier sent it whole; else the poll job GETs it.
    document: full && typeof full === 'object' ? full : undefined,
    notificationId: id,
  };
}

/**
 * A carrier's notification (docs/carrier-link.md "Notifications in"): the connection by the path's carrier
 * code, the bearer secret (SHA-256, constant time), the YAML's schema, the document by its reference, the
 * notification id remembered (a replay is answered 204 and changes nothing), then the news recorded.
 */
export async function receiveNotification(
  db: Db,
  config: AppConfig,
  req: {
    carrierCode: string;
    kind: TCarrierExchangeKind;
    authorization: string | undefined;
    rawBody: string;
    url: string;
    requestId: string;
    log: (fields: Record<string, unknown>, message: string) => void;
  },
): Promise<InboundAnswer> {
  const carrier = req.carrierCode.toUpperCase();
  const conn = await repo.connectionByCode(db, carrier);
  const bearer = /^Bearer\s+(.+)$/i.exec(req.authorization ?? '')?.[1]?.trim();
  if (!conn?.enabled || !inboundSecretMatches(bearer, conn.inbound_secret_hash)) {
    notificationCounter.inc({ carrier, outcome: 'unauthorised' });
    req.log(
      { security: 'carrier_notification_refused', carrier },
      'carrier notification without a valid secret',
    );
    return dcsaError(401, req, [
      {
        errorCodeText: 'Unauthorized',
        errorCodeMessage: 'The notification does not carry a valid bearer secret',
      },
    ]);
  }
  let json: unknown;
  try {
    json = JSON.parse(req.rawBody);
  } catch {
    notificationCounter.inc({ carrier, outcome: 'invalid' });
    req.log({ carrier, reason: 'not JSON' }, 'carrier notification refused');
    return dcsaError(400, req, [{ errorCodeText: 'Invalid JSON', errorCodeMessage: 'The body is not JSON' }]);
  }
  const bad = findNul(json);
  if (bad !== null) {
    notificationCounter.inc({ carrier, outcome: 'invalid' });
    req.log({ carrier, reason: `NUL or lone surrogate at ${bad}` }, 'carrier notification refused');
    return dcsaError(400, req, [
      {
        errorCodeText: 'Invalid character',
        errorCodeMessage: `${bad} holds a character that cannot be stored`,
      },
    ]);
  }
  const schema = NOTIFICATION_SCHEMA[req.kind];
  const errors = validateDcsaSchema(schema.standard, schema.schema, json);
  if (errors.length) {
    notificationCounter.inc({ carrier, outcome: 'invalid' });
    req.log(
      { carrier, reason: errors.slice(0, 5).map((e) => `${e.path} ${e.message}`) },
      `carrier notification refused: not a valid ${schema.schema}`,
    );
    return dcsaError(
      400,
      req,
      errors.slice(0, 20).map((e) => ({
        errorCodeText: 'Invalid input',
        errorCodeMessage: `${e.path} ${e.message}`,
        jsonPath: e.path === '(root)' ? '$' : `$.${e.path}`,
      })),
    );
  }
  const n = json as { id: string; data: Json };
  const outcome = await db.transaction(async (tx) => {
    const x = await exchangeOf(tx, conn.id, req.kind, n.data);
    if (!x) return 'unknown' as const;
    if (!(await repo.rememberNotification(tx, conn.id, n.id))) return 'replayed' as const;
    const incoming = incomingOfData(req.kind, n.data, n.id);
    await recordNews(tx, config, x, incoming);
    if (incoming.document === undefined) await pollSoon(tx, x.id);
    return 'accepted' as const;
  });
  notificationCounter.inc({ carrier, outcome });
  if (outcome === 'unknown') {
    req.log({ carrier, kind: req.kind }, 'carrier notification for an unknown document');
    return dcsaError(404, req, [
      { errorCodeText: 'Not Found', errorCodeMessage: 'No document of this connection has that reference' },
    ]);
  }
  return { status: 204 };
}

/** The exchange a notification is about (a transport document's exchange is made from its SI's). */
async function exchangeOf(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  connectionId: number,
  kind: TCarrierExchangeKind,
  data: Json,
): Promise<ExchangeRow | undefined> {
  if (kind === 'BOOKING') {
    const cbrr = str(data.carrierBookingRequestReference);
    const cbr = str(data.carrierBookingReference);
    return (
      (cbrr && (await repo.exchangeByReference(tx, connectionId, 'BOOKING', 'carrier_ref', cbrr))) ||
      (cbr &&
        (await repo.exchangeByReference(tx, connectionId, 'BOOKING', 'carrier_booking_reference', cbr))) ||
      undefined
    );
  }
  if (kind === 'SI') {
    const sir = str(data.shippingInstructionsReference);
    return (sir && (await repo.exchangeByReference(tx, connectionId, 'SI', 'carrier_ref', sir))) || undefined;
  }
  const tdr = str(data.transportDocumentReference);
  const known =
    tdr && (await repo.exchangeByReference(tx, connectionId, 'TD', 'transport_document_reference', tdr));
  if (known) return known;
  const sir = str(data.shippingInstructionsReference);
  const si = sir && (await repo.exchangeByReference(tx, connectionId, 'SI', 'carrier_ref', sir));
  if (!si || !tdr) return undefined;
  // The carrier's first word on the transport document of these instructions: its exchange starts here.
  const existing = await repo.exchangeOfDoc(tx, si.doc_type, si.doc_id, 'TD');
  if (existing)
    return repo.updateExchange(tx, existing.id, {
      transport_document_reference: tdr,
      connection_id: connectionId,
    });
  const made = await repo.insertExchange(tx, {
    connection_id: connectionId,
    kind: 'TD',
    doc_type: si.doc_type,
    doc_id: si.doc_id,
    doc_no: si.doc_no,
    transport_document_reference: tdr,
    link_state: 'SYNCED',
    created_by: 'carrier',
    updated_by: 'carrier',
  });
  return made ?? (await repo.exchangeOfDoc(tx, si.doc_type, si.doc_id, 'TD'));
}
