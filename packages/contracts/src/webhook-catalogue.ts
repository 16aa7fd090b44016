import { NOTIFICATION_EVENT_CODES, NOTIFICATION_EVENTS } from './notification-events';

// Webhook constants without zod (issue 20: the webhook screens import them without the schemas); webhook.ts
// re-exports everything here.

/** Event code of the "send test event" button (not in the catalogue; every endpoint may receive it). */
export const WEBHOOK_TEST_EVENT = 'WEBHOOK_TEST';
/**
 * Event codes a customer's endpoint may subscribe to: the catalogue's events that reach the parties on a
 * document (audience `parties`); internal pipelines (party, registration) are never sent out.
 */
export const WEBHOOK_EVENT_CODES: string[] = NOTIFICATION_EVENT_CODES.filter((c) =>
  (NOTIFICATION_EVENTS[c].audiences as readonly string[]).includes('parties'),
);
/** Header with `sha256=` + hex HMAC-SHA256 of the raw body, keyed with the endpoint's secret. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-portal-signature';
/** Header with the event code. */
export const WEBHOOK_EVENT_HEADER = 'x-portal-event';
/** Header with the delivery id (the same on every retry of one delivery). */
export const WEBHOOK_DELIVERY_HEADER = 'x-portal-delivery';
/** Delivery states: queued (waiting for its first or next attempt), delivered (a 2xx), failed (gave up). */
export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'delivered', 'failed'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** How long a delivery is retried before it is marked failed. */
export const WEBHOOK_RETRY_HOURS = 24;
export const WEBHOOK_SECRET_MIN = 16;

/** True for an absolute http: or https: URL with a host (anything else is refused). */
export function isWebhookUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !u.username;
  } catch {
    return false;
  }
}
