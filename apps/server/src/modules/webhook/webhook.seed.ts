import { NOTIFICATION_EVENTS, type TNotificationEventCode, WEBHOOK_EVENT_CODES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { webhookEndpoints } from './webhook.tables';

/** The demo endpoint's secret (README "Webhooks"; the receiver stand-in checks it when given). */
export const DEMO_WEBHOOK_SECRET = 'Demo-Webhook-Secret-2026';

/**
 * Demo data: Pacific Star (HKSHP001, the demo shipper's party) sends every booking event to the webhook
 * receiver stand-in that `npm start` runs in demo mode (WEBHOOK_STANDIN_PORT, default 9193), so "Send test
 * event" and the delivery log show something at once.
 */
export async function seedDemoWebhooks(db: DbOrTx): Promise<void> {
  const { rows } = await db.execute<{ party_id: number }>(
    sql`select party_id from parties where party_code = 'HKSHP001'`,
  );
  if (!rows[0]) return;
  const port = Number(process.env.WEBHOOK_STANDIN_PORT ?? 9193);
  await db.insert(webhookEndpoints).values({
    party_id: rows[0].party_id,
    url: `http://127.0.0.1:${port}/hook/pacific-star`,
    secret: DEMO_WEBHOOK_SECRET,
    // Booking events only: a shipper is no plan's customer nor a bill's consignee (issue 39 added those codes).
    event_codes: WEBHOOK_EVENT_CODES.filter((c) =>
      NOTIFICATION_EVENTS[c as TNotificationEventCode].module.startsWith('booking'),
    ),
    description: 'Demo: the webhook receiver stand-in',
    created_by: 'system',
    updated_by: 'system',
  });
}
