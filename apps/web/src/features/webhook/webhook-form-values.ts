import type { TCreateWebhookEndpointRequest, TWebhookEndpointRecord } from '@portal/contracts';

/** The endpoint form's values (the party as the SearchSelect's string value). */
export interface WebhookFormValues {
  party_id: string | null;
  url: string;
  secret: string;
  event_codes: string[];
  description: string;
  active: boolean;
}

/** Form values for a loaded endpoint (the secret is never loaded), or the defaults of a new one. */
export function toFormValues(w: TWebhookEndpointRecord | null): WebhookFormValues {
  return {
    party_id: w ? String(w.party_id) : null,
    url: w?.url ?? '',
    secret: '',
    event_codes: w?.event_codes ?? [],
    description: w?.description ?? '',
    active: w?.active ?? true,
  };
}

/** The request body; an empty secret on an edit keeps the stored one (the server ignores it). */
export function toRequest(values: Record<string, unknown>): TCreateWebhookEndpointRequest {
  const v = values as Partial<WebhookFormValues>;
  return {
    party_id: Number(v.party_id ?? 0),
    url: (v.url ?? '').trim(),
    secret: v.secret ?? '',
    event_codes: v.event_codes ?? [],
    description: v.description ?? '',
    active: v.active ?? true,
  };
}
