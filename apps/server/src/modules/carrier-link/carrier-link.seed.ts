import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import type { DbOrTx } from '../../platform/db/client';
import { encryptSecret, hashInboundSecret } from './carrier-link.secrets';
import { carrierConnections } from './carrier-link.tables';

/** The demo carrier connected to the carrier DCSA stand-in (standins/carrier-dcsa: its demo carrier). */
export const DEMO_CARRIER_LINK = {
  carrierCode: 'COSU',
  clientId: 'portal-demo',
  clientSecret: 'Dcsa-Demo-Secret-2026',
  notifySecret: 'Dcsa-Notify-Secret-2026',
};

/**
 * Demo data (docs/carrier-link.md "Demo"): COSCO (COSU, the carrier of the demo plans' sailings) is connected
 * to the carrier DCSA stand-in that `npm start` runs in demo mode (CARRIER_DCSA_STANDIN_PORT, default 9195):
 * OAuth2 with the stand-in's demo client, both standards, the stand-in's notification secret. The secret is
 * encrypted with the key of this start's configuration (SECRETS_KEY or the key file under DATA_DIR).
 */
export async function seedDemoCarrierConnection(db: DbOrTx): Promise<void> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from carriers where carrier_code = ${DEMO_CARRIER_LINK.carrierCode}`,
  );
  if (!rows[0]) return;
  const config = loadConfig();
  const base = `http://127.0.0.1:${Number(process.env.CARRIER_DCSA_STANDIN_PORT ?? 9195)}/${DEMO_CARRIER_LINK.carrierCode}`;
  await db
    .insert(carrierConnections)
    .values({
      carrier_id: rows[0].id,
      base_url: base,
      auth_kind: 'OAUTH2',
      token_url: `${base}/oauth/token`,
      client_id: DEMO_CARRIER_LINK.clientId,
      secret_enc: encryptSecret(config, DEMO_CARRIER_LINK.clientSecret),
      booking_version: '2.0',
      ebl_version: '3.0',
      inbound_secret_hash: hashInboundSecret(DEMO_CARRIER_LINK.notifySecret),
      enabled: true,
      created_by: 'system',
      updated_by: 'system',
    })
    .onConflictDoNothing();
}
