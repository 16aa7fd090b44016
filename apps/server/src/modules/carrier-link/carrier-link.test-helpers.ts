import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  type CarrierDcsaOptions,
  type CarrierDcsaStandIn,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  DEMO_NOTIFY_SECRET,
  startCarrierDcsaStandIn,
} from '../../../../../standins/carrier-dcsa/carrier-dcsa-stand-in.mjs';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { validateDcsaSchema } from '../../platform/dcsa';

type InjectAnswer = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A fixed test key (32 bytes): tests never write a key file. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

export interface CarrierTestRig {
  t: TestApp;
  standIn: CarrierDcsaStandIn;
  admin: { authorization: string };
  ops: { authorization: string };
  /** The portal's notification base for a carrier code. */
  notifyBase(code: string): string;
  /** The carrier's id in carrier maintenance. */
  carrierId(code: string): Promise<number>;
  /** PUT /Carrier/{id}/connection: creates or updates (reads the version) the connection to the stand-in. */
  connect(code: string, over?: Record<string, unknown>): Promise<InjectAnswer>;
  close(): Promise<void>;
}

/**
 * The portal (listening on a free port, so the stand-in's notifications reach it) and the carrier DCSA stand-in
 * in-process, with fast retries and 127.0.0.1 allowed as a carrier address.
 */
export async function carrierTestRig(carrier: Partial<CarrierDcsaOptions> = {}): Promise<CarrierTestRig> {
  const t = await createTestApp({
    CARRIER_LINK_ALLOW_PRIVATE: '127.0.0.1',
    CARRIER_LINK_RETRY_MS: '400',
    CARRIER_LINK_RETRY_CAP_MS: '800',
    CARRIER_LINK_POLL_MS: '60000',
    SECRETS_KEY: TEST_SECRETS_KEY,
    PUBLIC_BASE_URL: 'https://portal.example.com',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const notifyBase = (code: string) => `http://127.0.0.1:${port}/api/v1/carrier-link/${code}`;
  const standIn = await startCarrierDcsaStandIn({
    port: 0,
    carriers: [
      {
        code: 'COSU',
        auth: { kind: 'OAUTH2', clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET },
        notifyBaseUrl: notifyBase('COSU'),
        notifySecret: DEMO_NOTIFY_SECRET,
        confirmDelayMs: 0,
        draftDelayMs: 0,
        issueDelayMs: 0,
        notifyDelayMs: 0,
        ...carrier,
      },
    ],
  });
  const admin = bearer(await sessionToken(t, 'admin@demo.test'));
  const ops = bearer(await sessionToken(t, 'ops@demo.test'));
  const carrierId = async (code: string) => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id from carriers where carrier_code = ${code}`,
    );
    return rows[0].id;
  };
  const connect = async (code: string, over: Record<string, unknown> = {}) => {
    const id = await carrierId(code);
    const current = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Carrier/${id}/connection`,
      headers: admin,
    });
    const base = standIn.baseUrl(code);
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/Carrier/${id}/connection`,
      headers: admin,
      payload: {
        base_url: base,
        auth_kind: 'OAUTH2',
        token_url: `${base}/oauth/token`,
        client_id: DEMO_CLIENT_ID,
        secret: DEMO_CLIENT_SECRET,
        inbound_secret: DEMO_NOTIFY_SECRET,
        booking_version: '2.0',
        ebl_version: '3.0',
        enabled: true,
        ...(current.statusCode === 200 && { version: current.json().version }),
        ...over,
      },
    });
  };
  return {
    t,
    standIn,
    admin,
    ops,
    notifyBase,
    carrierId,
    connect,
    close: async () => {
      await standIn.close();
      await t.close();
    },
  };
}

/** The schema of what the portal sent, by method and path (the YAML's operations). */
function schemaOfRequest(method: string, path: string): ['BKG' | 'EBL', string] | null {
  if (method === 'POST' && path === '/v2/bookings') return ['BKG', 'CreateBooking'];
  if (method === 'PUT' && path.startsWith('/v2/bookings/')) return ['BKG', 'UpdateBooking'];
  if (method === 'PATCH' && path.startsWith('/v2/bookings/')) return ['BKG', 'CancelBookingRequest'];
  if (method === 'POST' && path === '/v3/shipping-instructions') return ['EBL', 'CreateShippingInstructions'];
  if (method === 'PUT' && path.startsWith('/v3/shipping-instructions/'))
    return ['EBL', 'UpdateShippingInstructions'];
  if (method === 'PATCH' && path.startsWith('/v3/shipping-instructions/'))
    return ['EBL', 'CancelShippingInstructionsUpdate'];
  if (method === 'PATCH' && path.startsWith('/v3/transport-documents/'))
    return ['EBL', 'ApproveTransportDocument'];
  return null;
}

/**
 * Every body the portal sent the stand-in, validated by the test itself against the YAML (the portal's own
 * validator is platform/dcsa's ajv over the same files; the stand-in checks too: `valid`). Answers how many.
 */
export function expectEverySentMessageValid(standIn: CarrierDcsaStandIn, carrier = 'COSU'): number {
  let n = 0;
  for (const r of standIn.received({ carrier })) {
    if (r.method === 'GET' || r.path.endsWith('/oauth/token')) continue;
    // A carrier that was down (or refused the credentials) answered before reading the body.
    if (r.body === undefined || r.body === null) continue;
    const schema = schemaOfRequest(r.method, r.path);
    expect(schema, `${r.method} ${r.path} is an operation of the YAML`).not.toBeNull();
    if (!schema) continue;
    expect(validateDcsaSchema(schema[0], schema[1], r.body), `${r.method} ${r.path}`).toEqual([]);
    // The stand-in's own check, where it made one (a carrier in 'nonsense' mode answers without reading).
    expect(r.valid, `the stand-in found ${r.method} ${r.path} invalid`).not.toBe(false);
    expect(r.headers['idempotency-key'], 'Idempotency-Key').toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers['api-version']).toBe(r.path.startsWith('/v2/') ? '2' : '3');
    n++;
  }
  return n;
}
