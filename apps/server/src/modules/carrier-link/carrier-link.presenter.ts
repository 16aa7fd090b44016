import type { TCarrierConnection, TCarrierExchange } from '@portal/contracts';
import type { ConnectionRow, ExchangeEventRow, ExchangeRow, OutboxRow } from './carrier-link.repository';

/** What leaves the server of a connection: never a secret, only whether one is stored. */
export function presentConnection(
  c: ConnectionRow,
  notification_urls: TCarrierConnection['notification_urls'],
): TCarrierConnection {
  return {
    carrier_id: c.carrier_id,
    carrier_code: c.carrier_code,
    base_url: c.base_url,
    auth_kind: c.auth_kind,
    token_url: c.token_url,
    client_id: c.client_id,
    api_key_header: c.api_key_header,
    has_secret: !!c.secret_enc,
    has_inbound_secret: !!c.inbound_secret_hash,
    booking_version: c.booking_version === '2.0' ? '2.0' : null,
    ebl_version: c.ebl_version === '3.0' ? '3.0' : null,
    enabled: c.enabled,
    credential_state: c.credential_state,
    credential_error: c.credential_error,
    notification_urls,
    updated_at: c.updated_at,
    updated_by: c.updated_by,
    version: c.version,
  };
}

/** A history line's detail as one short text: the action, the HTTP status, the error, the note. */
function detailText(d: Record<string, unknown> | null): string | null {
  if (!d) return null;
  const parts = [d.action, d.http !== undefined ? `HTTP ${d.http}` : undefined, d.error, d.note, d.reason]
    .filter((p) => typeof p === 'string' || typeof p === 'number')
    .map(String);
  return parts.length ? parts.join(' · ').slice(0, 600) : null;
}

export function presentExchange(
  x: ExchangeRow,
  carrierCode: string,
  events: ExchangeEventRow[],
  open: OutboxRow | undefined,
): TCarrierExchange {
  return {
    id: x.id,
    kind: x.kind,
    carrier_code: carrierCode,
    carrier_ref: x.carrier_ref,
    carrier_booking_reference: x.carrier_booking_reference,
    transport_document_reference: x.transport_document_reference,
    carrier_status: x.carrier_status,
    carrier_sub_status: x.carrier_sub_status,
    link_state: x.link_state,
    last_error: x.last_error,
    attempts: open?.attempts ?? 0,
    next_attempt_at: open?.state === 'PENDING' ? open.next_attempt_at : null,
    carrier_document_at: x.carrier_document_at,
    reviewed_at: x.reviewed_at,
    updated_at: x.updated_at,
    version: x.version,
    events: events.map((e) => ({
      at: e.at,
      source: e.source,
      event: e.event,
      carrier_status: e.carrier_status,
      detail: detailText(e.detail),
      user_name: e.user_name,
    })),
  };
}
