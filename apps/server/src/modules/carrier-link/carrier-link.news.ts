import type { TCarrierExchangeKind } from '@portal/contracts';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../platform/db/client';
import { counter } from '../../platform/metrics/registry';
import { type ExchangeRow, carrierLinkRepository as repo } from './carrier-link.repository';
import { isFinal } from './carrier-link.rules';
import { tellNews } from './carrier-link.service';

/** Requests to carriers by outcome (sent, retry, failed, held), per carrier. */
export const requestCounter = counter(
  'portal_carrier_link_requests_total',
  'Requests sent to carriers by outcome',
  ['carrier', 'outcome'],
);
/** Carrier notifications by outcome (accepted, replayed, unauthorised, invalid, unknown), per carrier. */
export const notificationCounter = counter(
  'portal_carrier_link_notifications_total',
  'Notifications received from carriers by outcome',
  ['carrier', 'outcome'],
);
/** Polls of carriers by outcome (news, quiet, error), per carrier. */
export const pollCounter = counter(
  'portal_carrier_link_polls_total',
  'Polls of carrier documents by outcome',
  ['carrier', 'outcome'],
);

/** What the carrier said about an exchange (a notification's data or a GET's document). */
export interface Incoming {
  source: 'CARRIER' | 'POLL';
  status: string | null;
  subStatus: string | null;
  carrier_ref?: string | null;
  carrier_booking_reference?: string | null;
  transport_document_reference?: string | null;
  /** The full document, when the news brought it. */
  document?: unknown;
  /** Notification id (history detail). */
  notificationId?: string;
}

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** A carrier's document (Booking / ShippingInstructions / TransportDocument) as news. */
export function incomingOfDocument(
  kind: TCarrierExchangeKind,
  doc: Json,
  source: 'CARRIER' | 'POLL',
): Incoming {
  if (kind === 'BOOKING')
    return {
      source,
      status: str(doc.bookingStatus),
      subStatus: str(doc.bookingCancellationStatus) ?? str(doc.amendedBookingStatus),
      carrier_ref: str(doc.carrierBookingRequestReference),
      carrier_booking_reference: str(doc.carrierBookingReference),
      document: doc,
    };
  if (kind === 'SI')
    return {
      source,
      status: str(doc.shippingInstructionsStatus),
      subStatus: str(doc.updatedShippingInstructionsStatus),
      carrier_ref: str(doc.shippingInstructionsReference),
      transport_document_reference: str(doc.transportDocumentReference),
      document: doc,
    };
  return {
    source,
    status: str(doc.transportDocumentStatus),
    subStatus: null,
    transport_document_reference: str(doc.transportDocumentReference),
    document: doc,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Records the carrier's news on an exchange (locked by the caller): statuses, references, the document, a
 * history line, the next poll, and tells the document's module. Answers whether anything changed.
 */
export async function recordNews(
  tx: DbOrTx,
  config: AppConfig,
  x: ExchangeRow,
  n: Incoming,
): Promise<boolean> {
  const refs = {
    ...(n.carrier_ref && { carrier_ref: n.carrier_ref }),
    ...(n.carrier_booking_reference && { carrier_booking_reference: n.carrier_booking_reference }),
    ...(n.transport_document_reference && { transport_document_reference: n.transport_document_reference }),
  };
  const documentChanged = n.document !== undefined && !same(n.document, x.carrier_document);
  const statusChanged = n.status !== x.carrier_status || n.subStatus !== x.carrier_sub_status;
  const refsChanged = Object.entries(refs).some(([k, v]) => x[k as keyof typeof refs] !== v);
  const changed = statusChanged || documentChanged || refsChanged;
  const open = await repo.countOpenRequests(tx, x.id);
  const final = isFinal(x.kind, n.status);
  const updated = await repo.updateExchange(tx, x.id, {
    carrier_status: n.status,
    carrier_sub_status: n.subStatus,
    ...refs,
    ...(documentChanged && {
      carrier_document: n.document,
      carrier_document_at: new Date().toISOString(),
      reviewed_at: null,
    }),
    last_news_at: new Date().toISOString(),
    ...(open === 0 && { link_state: 'SYNCED' as const, last_error: null }),
    poll_quiet: 0,
    next_poll_at: final ? null : new Date(Date.now() + config.carrierLink.pollMs).toISOString(),
  });
  if (n.source === 'CARRIER' || changed)
    await repo.addEvent(tx, {
      exchange_id: x.id,
      source: n.source,
      event: n.source === 'CARRIER' ? 'NOTIFIED' : 'POLLED',
      carrier_status: n.subStatus ?? n.status,
      detail: n.notificationId ? { id: n.notificationId } : null,
    });
  if (changed)
    await tellNews(tx, {
      what: 'STATUS',
      source: n.source,
      exchange: updated,
      previous: { carrier_status: x.carrier_status, carrier_sub_status: x.carrier_sub_status },
    });
  return changed;
}

/** Asks the poll job for a GET of this exchange's document at once (a notification came without it). */
export async function pollSoon(tx: DbOrTx, exchangeId: number) {
  await repo.setNextPoll(tx, exchangeId, 0, 0);
  await repo.wakePoll(tx, exchangeId);
}
