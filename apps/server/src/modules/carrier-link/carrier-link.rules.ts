import type {
  TCarrierExchangeKind,
  TCarrierLinkAction,
  TCarrierStandard,
  TDcsaStatusCode,
} from '@portal/contracts';
import { DCSA_FINAL_STATUSES } from '@portal/contracts';
import type { DcsaStandard } from '../../platform/dcsa';

/** What each exchange kind's action is at the carrier: method, path and the schema of the body. */
export interface RequestShape {
  method: 'POST' | 'PUT' | 'PATCH';
  /** `{ref}` / `{tdRef}` are filled when the request is sent. */
  path: string;
  standard: DcsaStandard;
  schema: string;
  /** Schema of a 2xx answer that must carry something (the carrier's reference), else none. */
  answerSchema?: string;
}

export const REQUESTS: Record<TCarrierExchangeKind, Partial<Record<TCarrierLinkAction, RequestShape>>> = {
  BOOKING: {
    CREATE: {
      method: 'POST',
      path: '/v2/bookings',
      standard: 'BKG',
      schema: 'CreateBooking',
      answerSchema: 'CreateBookingResponse',
    },
    UPDATE: { method: 'PUT', path: '/v2/bookings/{ref}', standard: 'BKG', schema: 'UpdateBooking' },
    CANCEL: { method: 'PATCH', path: '/v2/bookings/{ref}', standard: 'BKG', schema: 'CancelBookingRequest' },
  },
  SI: {
    CREATE: {
      method: 'POST',
      path: '/v3/shipping-instructions',
      standard: 'EBL',
      schema: 'CreateShippingInstructions',
      answerSchema: 'CreateShippingInstructionsResponse',
    },
    UPDATE: {
      method: 'PUT',
      path: '/v3/shipping-instructions/{ref}',
      standard: 'EBL',
      schema: 'UpdateShippingInstructions',
    },
    CANCEL: {
      method: 'PATCH',
      path: '/v3/shipping-instructions/{ref}',
      standard: 'EBL',
      schema: 'CancelShippingInstructionsUpdate',
    },
  },
  TD: {
    APPROVE: {
      method: 'PATCH',
      path: '/v3/transport-documents/{tdRef}',
      standard: 'EBL',
      schema: 'ApproveTransportDocument',
    },
  },
};

/** The standard a kind belongs to (the connection must speak it). */
export const STANDARD_OF: Record<TCarrierExchangeKind, TCarrierStandard> = {
  BOOKING: 'BOOKING',
  SI: 'EBL',
  TD: 'EBL',
};

/** GET of the carrier's current document (polling, and a notification without the document). */
export const DOCUMENT_GET: Record<
  TCarrierExchangeKind,
  { path: string; standard: DcsaStandard; schema: string }
> = {
  BOOKING: { path: '/v2/bookings/{ref}', standard: 'BKG', schema: 'Booking' },
  SI: { path: '/v3/shipping-instructions/{ref}', standard: 'EBL', schema: 'ShippingInstructions' },
  TD: { path: '/v3/transport-documents/{tdRef}', standard: 'EBL', schema: 'TransportDocument' },
};

/** The inbound notification schema of a kind. */
export const NOTIFICATION_SCHEMA: Record<TCarrierExchangeKind, { standard: DcsaStandard; schema: string }> = {
  BOOKING: { standard: 'BKG', schema: 'BookingNotification' },
  SI: { standard: 'EBL', schema: 'ShippingInstructionsNotification' },
  TD: { standard: 'EBL', schema: 'TransportDocumentNotification' },
};

/** Fills `{ref}` / `{tdRef}` of a path from the exchange's references (null when one is not known yet). */
export function resolvePath(
  path: string,
  x: {
    kind: TCarrierExchangeKind;
    carrier_ref: string | null;
    carrier_booking_reference: string | null;
    transport_document_reference: string | null;
  },
): string | null {
  const ref = x.kind === 'BOOKING' ? (x.carrier_booking_reference ?? x.carrier_ref) : x.carrier_ref;
  if (path.includes('{ref}') && !ref) return null;
  if (path.includes('{tdRef}') && !x.transport_document_reference) return null;
  return path
    .replace('{ref}', encodeURIComponent(ref ?? ''))
    .replace('{tdRef}', encodeURIComponent(x.transport_document_reference ?? ''));
}

/** True when nothing more is expected from the carrier about this exchange. */
export const isFinal = (kind: TCarrierExchangeKind, status: string | null) =>
  !!status && (DCSA_FINAL_STATUSES[kind] as readonly string[]).includes(status as TDcsaStatusCode);

/** Backoff after the n-th failed attempt: base, doubling, capped. */
export const retryDelayMs = (attempts: number, baseMs: number, capMs: number) =>
  Math.min(capMs, baseMs * 2 ** Math.max(0, Math.min(30, attempts - 1)));

/** Poll interval after `quiet` polls that found nothing new: the interval, doubling, capped at a day. */
export const pollDelayMs = (quiet: number, baseMs: number) =>
  Math.min(24 * 3_600_000, baseMs * 2 ** Math.max(0, Math.min(20, quiet)));
