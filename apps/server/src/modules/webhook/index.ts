/** The webhook module's public entry: what other modules (notification), app.ts, main.ts and the seeds may use. */
export {
  deliverDueWebhooks,
  signWebhookBody,
  WEBHOOK_DELIVER_JOB,
} from './webhook.delivery';
export { webhookRoutes } from './webhook.routes';
export { DEMO_WEBHOOK_SECRET, seedDemoWebhooks } from './webhook.seed';
export { enqueueWebhookEvent, type WebhookEvent } from './webhook.service';
export { webhookDeliveries, webhookEndpoints } from './webhook.tables';
