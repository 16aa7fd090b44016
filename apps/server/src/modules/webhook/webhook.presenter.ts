import type { TWebhookDeliveryRecord, TWebhookEndpointRecord } from '@portal/contracts';
import type { WebhookDeliveryRow, WebhookEndpointView } from './webhook.repository';

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

/** An endpoint as the admin screen shows it: the secret never leaves, only its last 4 characters. */
export function presentWebhookEndpoint(r: WebhookEndpointView): TWebhookEndpointRecord {
  return {
    id: r.id,
    party_id: r.party_id,
    party_code: r.party_code,
    party_name: r.party_name,
    url: r.url,
    event_codes: r.event_codes,
    description: r.description,
    active: r.active,
    secret_hint: `…${r.secret.slice(-4)}`,
    version: r.version,
    created_at: r.created_at,
    created_by: r.created_by,
    updated_at: r.updated_at,
    updated_by: r.updated_by,
  };
}

/** One line of the delivery log (the body stays on the server). */
export function presentWebhookDelivery(r: WebhookDeliveryRow): TWebhookDeliveryRecord {
  return {
    id: r.id,
    event_code: r.event_code,
    doc_code: r.doc_code,
    status: r.status,
    attempts: r.attempts,
    last_status_code: r.last_status_code,
    last_response: r.last_response,
    test: r.test,
    created_at: iso(r.created_at) as string,
    last_attempt_at: iso(r.last_attempt_at),
    next_attempt_at: r.status === 'queued' ? iso(r.next_attempt_at) : null,
    delivered_at: iso(r.delivered_at),
  };
}
