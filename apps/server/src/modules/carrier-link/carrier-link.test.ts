import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NOTIFY_SECRET } from '../../../../../standins/carrier-dcsa/carrier-dcsa-stand-in.mjs';
import { validateDcsaSchema } from '../../platform/dcsa';
import { registry } from '../../platform/metrics/registry';
import { carrierLink, pollCarrierDocuments, sendDueCarrierRequests } from '.';
import {
  type CarrierTestRig,
  carrierTestRig,
  expectEverySentMessageValid,
} from './carrier-link.test-helpers';

// Carrier connectivity core (issue 42) against the carrier DCSA stand-in: the connection an admin keeps,
// faults (outage, nonsense, credentials refused), refusals both ways, replayed and unknown notifications,
// polling. The round trip through a plan is consolidation.carrier.test.ts.

let rig: CarrierTestRig;
let consolId: number;
let consolNo: string;
let n = 0;

beforeAll(async () => {
  rig = await carrierTestRig();
  expect((await rig.connect('COSU')).statusCode).toBe(200);
  const { rows } = await rig.t.db.execute<{ consol_id: number; consol_no: string }>(
    sql`select consol_id, consol_no from consol_plans where status = 'APPROVED' order by consol_no limit 1`,
  );
  ({ consol_id: consolId, consol_no: consolNo } = rows[0]);
}, 60_000);
afterAll(async () => rig?.close());

/** A valid CreateBooking (the DCSA publication's own example), queued for a document of its own. */
async function queueBooking(body?: unknown) {
  const docId = 900_000 + ++n;
  const example = (await import('../../platform/dcsa')).dcsaExamples('booking-2.0')[0].value;
  const x = await rig.t.db.transaction((tx) =>
    carrierLink.enqueue(tx, null, {
      kind: 'BOOKING',
      docType: 'CONSOL',
      docId,
      docNo: `TEST-${docId}`,
      carrierCode: 'COSU',
      action: 'CREATE',
      body: body ?? example,
    }),
  );
  return x;
}
const exchange = async (id: number) => {
  const { rows } = await rig.t.db.execute<{
    link_state: string;
    carrier_status: string | null;
    carrier_ref: string | null;
    last_error: string | null;
    attempts: number;
  }>(
    sql`select link_state, carrier_status, carrier_ref, last_error, attempts from carrier_exchanges where id = ${id}`,
  );
  return rows[0];
};
const outbox = async (exchangeId: number) =>
  (
    await rig.t.db.execute<{ state: string; attempts: number }>(
      sql`select state, attempts from carrier_outbox where exchange_id = ${exchangeId} order by id`,
    )
  ).rows;
/** Seconds from the last failed attempt (its RETRY history line, same transaction) to the next attempt. */
const backoffSeconds = async (exchangeId: number) => {
  const { rows } = await rig.t.db.execute<{ s: string }>(
    sql`select extract(epoch from o.next_attempt_at - e.at)::text as s from carrier_outbox o,
          (select at from carrier_exchange_events where exchange_id = ${exchangeId} and event = 'RETRY'
           order by id desc limit 1) e
        where o.exchange_id = ${exchangeId} and o.state = 'PENDING'`,
  );
  return Number(rows[0]?.s);
};
/** The retry's wait is proven by backoffSeconds; the test does not sleep it out. */
const makeDue = (exchangeId: number) =>
  rig.t.db.execute(sql`update carrier_outbox set next_attempt_at = now() where exchange_id = ${exchangeId}
    and state = 'PENDING'`);
const metric = async (name: string, labels: Record<string, string>) => {
  const m = (await registry.getSingleMetric(name)?.get())?.values ?? [];
  return m
    .filter((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x))
    .reduce((s, v) => s + v.value, 0);
};

describe('carrier connection (carrier maintenance)', () => {
  it('saves, answers without secrets, tests the credentials, refuses internal addresses and non-admins', async () => {
    const id = await rig.carrierId('COSU');
    const saved = await rig.connect('COSU');
    expect(saved.statusCode, saved.body).toBe(200);
    const c = saved.json();
    expect(c).toMatchObject({
      carrier_code: 'COSU',
      auth_kind: 'OAUTH2',
      has_secret: true,
      has_inbound_secret: true,
      credential_state: 'UNTESTED',
      notification_urls: {
        booking: 'https://portal.example.com/api/v1/carrier-link/COSU/v2/booking-notifications',
      },
    });
    expect(JSON.stringify(c)).not.toContain('Dcsa-');
    const { rows } = await rig.t.db.execute<{ secret_enc: string; inbound_secret_hash: string }>(
      sql`select secret_enc, inbound_secret_hash from carrier_connections where carrier_id = ${id}`,
    );
    expect(rows[0].secret_enc).not.toContain('Dcsa');
    expect(rows[0].inbound_secret_hash).toMatch(/^[0-9a-f]{64}$/);

    const test = await rig.t.app.inject({
      method: 'POST',
      url: `/api/v1/Carrier/${id}/connection/test`,
      headers: rig.admin,
    });
    expect(test.json()).toMatchObject({
      ok: true,
      credential_state: 'OK',
      message_key: 'msgCarrierLinkTestOk',
    });

    const internal = await rig.connect('COSU', { base_url: 'http://10.1.2.3/dcsa' });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().msgKey).toBe('msgCarrierLinkUrlNotAllowed');
    const noOauth = await rig.connect('COSU', { token_url: null });
    expect(noOauth.json().msgKey).toBe('msgCarrierLinkOauthFieldsRequired');
    const stale = await rig.connect('COSU', { version: 1 });
    expect(stale.statusCode).toBe(409);
    const opsTry = await rig.t.app.inject({
      method: 'GET',
      url: `/api/v1/Carrier/${id}/connection`,
      headers: rig.ops,
    });
    expect(opsTry.statusCode).toBe(403);
  });

  it('a wrong secret: the test says refused, requests are HELD and not retried until the connection is saved', async () => {
    const id = await rig.carrierId('COSU');
    expect((await rig.connect('COSU', { secret: 'not-the-secret' })).statusCode).toBe(200);
    const test = await rig.t.app.inject({
      method: 'POST',
      url: `/api/v1/Carrier/${id}/connection/test`,
      headers: rig.admin,
    });
    expect(test.json()).toMatchObject({
      ok: false,
      credential_state: 'REFUSED',
      message_key: 'msgCarrierLinkTestRefused',
    });

    // Saving again (same wrong secret) makes it UNTESTED; the outbox then finds out by itself.
    expect((await rig.connect('COSU', { secret: 'not-the-secret' })).statusCode).toBe(200);
    const x = await queueBooking();
    await sendDueCarrierRequests(rig.t.db);
    expect(await exchange(x.id)).toMatchObject({ link_state: 'REFUSED' });
    expect(await outbox(x.id)).toEqual([{ state: 'HELD', attempts: 1 }]);
    const conn = await rig.t.app.inject({
      method: 'GET',
      url: `/api/v1/Carrier/${id}/connection`,
      headers: rig.admin,
    });
    expect(conn.json().credential_state).toBe('REFUSED');
    const posts = () => rig.standIn.received({ carrier: 'COSU', path: '/v2/bookings' }).length;
    const before = posts();
    await sendDueCarrierRequests(rig.t.db);
    expect(posts()).toBe(before);
    expect(await outbox(x.id)).toEqual([{ state: 'HELD', attempts: 1 }]);

    // Edited with the right secret: the held request goes again.
    expect((await rig.connect('COSU')).statusCode).toBe(200);
    await sendDueCarrierRequests(rig.t.db);
    expect(await outbox(x.id)).toEqual([{ state: 'SENT', attempts: 2 }]);
    expect((await exchange(x.id)).carrier_ref).toBeTruthy();
    await rig.standIn.idle('COSU');
    expect(expectEverySentMessageValid(rig.standIn)).toBeGreaterThan(0);
  }, 60_000);
});

describe('outbox faults', () => {
  it('carrier down: retried with backoff, "waiting for carrier" with the last error, then recovers', async () => {
    const retriesBefore = await metric('portal_carrier_link_requests_total', {
      carrier: 'COSU',
      outcome: 'retry',
    });
    rig.standIn.setCarrier('COSU', { mode: 'down' });
    const x = await queueBooking();
    await sendDueCarrierRequests(rig.t.db);
    expect(await exchange(x.id)).toMatchObject({
      link_state: 'SENDING',
      last_error: 'HTTP 503',
      attempts: 1,
    });
    // Backoff: the next attempt is CARRIER_LINK_RETRY_MS (400 in tests) after the failed one, then doubling.
    expect(await backoffSeconds(x.id)).toBe(0.4);
    await makeDue(x.id);
    await sendDueCarrierRequests(rig.t.db);
    expect((await outbox(x.id))[0]).toEqual({ state: 'PENDING', attempts: 2 });
    expect(await backoffSeconds(x.id)).toBe(0.8);
    expect(await metric('portal_carrier_link_requests_total', { carrier: 'COSU', outcome: 'retry' })).toBe(
      retriesBefore + 2,
    );
    const view = (await carrierLink.exchangesOf(rig.t.db, 'CONSOL', (x as { doc_id: number }).doc_id))[0];
    expect(view).toMatchObject({ link_state: 'SENDING', last_error: 'HTTP 503', attempts: 2 });
    expect(view.next_attempt_at).toBeTruthy();

    rig.standIn.setCarrier('COSU', { mode: 'normal' });
    await makeDue(x.id);
    await sendDueCarrierRequests(rig.t.db);
    await rig.standIn.idle('COSU');
    expect((await outbox(x.id))[0]).toMatchObject({ state: 'SENT', attempts: 3 });
    expect(await exchange(x.id)).toMatchObject({ carrier_status: 'CONFIRMED', last_error: null });
  }, 60_000);

  it('an answer that is not DCSA (nonsense) is retried, not taken', async () => {
    rig.standIn.setCarrier('COSU', { mode: 'nonsense' });
    try {
      const x = await queueBooking();
      await sendDueCarrierRequests(rig.t.db);
      const e = await exchange(x.id);
      expect(e.link_state).toBe('SENDING');
      expect(e.carrier_ref).toBeNull();
      expect(e.last_error).toMatch(/not a CreateBookingResponse|HTTP/);
    } finally {
      rig.standIn.setCarrier('COSU', { mode: 'normal' });
    }
  });

  it('a body that fails the YAML: 422 with the errors, nothing queued', async () => {
    const { rows: before } = await rig.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from carrier_outbox`,
    );
    await expect(queueBooking({ receiptTypeAtOrigin: 'XX' })).rejects.toMatchObject({
      statusCode: 422,
      msgKey: 'msgCarrierLinkDocumentInvalid',
    });
    const { rows: after } = await rig.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from carrier_outbox`,
    );
    expect(after[0].n).toBe(before[0].n);
  });

  it('the carrier refuses a request (DCSA 4xx): FAILED with the carrier error text, later requests not sent', async () => {
    // A PUT of a booking reference the carrier does not know: the stand-in answers 404 in DCSA's shape.
    const x = await queueBooking();
    await sendDueCarrierRequests(rig.t.db);
    await rig.standIn.idle('COSU');
    await rig.t.db.execute(sql`update carrier_exchanges set carrier_ref = 'NO-SUCH-REF', carrier_booking_reference = null
      where id = ${x.id}`);
    const example = (await import('../../platform/dcsa')).dcsaExamples('booking-2.0')[0].value as object;
    await rig.t.db.transaction((tx) =>
      carrierLink.enqueue(tx, null, {
        kind: 'BOOKING',
        docType: 'CONSOL',
        docId: x.doc_id,
        docNo: x.doc_no,
        carrierCode: 'COSU',
        action: 'UPDATE',
        body: example,
      }),
    );
    await sendDueCarrierRequests(rig.t.db);
    const e = await exchange(x.id);
    expect(e.link_state).toBe('FAILED');
    expect(e.last_error).toMatch(/^HTTP 404/);
    expect((await outbox(x.id)).map((o) => o.state)).toEqual(['SENT', 'FAILED']);
  }, 60_000);
});

describe('notifications in', () => {
  /** The latest notification the portal accepted for a booking it knows. */
  const deliveredKnown = async () => {
    await rig.standIn.idle('COSU');
    const { rows: refs } = await rig.t.db.execute<{ carrier_ref: string }>(
      sql`select carrier_ref from carrier_exchanges where carrier_ref is not null`,
    );
    const known = new Set(refs.map((r) => r.carrier_ref));
    const good = rig.standIn
      .notifications({ carrier: 'COSU', kind: 'booking' })
      .filter((x) => x.state === 'delivered' && known.has(x.body.data.carrierBookingRequestReference))
      .at(-1);
    if (!good) throw new Error('no delivered notification of a known booking');
    return good;
  };

  it('refuses a wrong secret (401), a body that fails the schema (400) and an unknown document (404) in DCSA shape', async () => {
    const good = await deliveredKnown();
    const { rows: before } = await rig.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from carrier_exchange_events`,
    );

    const wrongSecret = await rig.standIn.notify({
      carrier: 'COSU',
      body: good.body,
      secret: 'wrong-secret-123456',
    });
    expect(wrongSecret.status).toBe(401);
    expect(validateDcsaSchema('BKG', 'ErrorResponse', JSON.parse(wrongSecret.body))).toEqual([]);
    const noSecret = await rig.standIn.notify({ carrier: 'COSU', body: good.body, secret: '' });
    expect(noSecret.status).toBe(401);

    const junk = await rig.standIn.notify({
      carrier: 'COSU',
      body: { ...good.body, id: 'junk-1', data: { bookingStatus: 42 } },
    });
    expect(junk.status).toBe(400);
    const refusal = JSON.parse(junk.body);
    expect(validateDcsaSchema('BKG', 'ErrorResponse', refusal)).toEqual([]);
    expect(refusal.errors[0].errorCodeMessage).toMatch(/bookingStatus/);
    const notJson = await rig.standIn.notify({ carrier: 'COSU', body: '{not json' });
    expect(notJson.status).toBe(400);

    const unknown = await rig.standIn.notify({
      carrier: 'COSU',
      body: {
        ...good.body,
        id: `unknown-${Date.now()}`,
        data: { bookingStatus: 'CONFIRMED', carrierBookingRequestReference: 'NOBODY-KNOWS-THIS' },
      },
    });
    expect(unknown.status).toBe(404);
    expect(validateDcsaSchema('BKG', 'ErrorResponse', JSON.parse(unknown.body))).toEqual([]);

    const { rows: after } = await rig.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from carrier_exchange_events`,
    );
    expect(after[0].n).toBe(before[0].n);
  });

  it('a replayed notification is accepted once', async () => {
    const good = await deliveredKnown();
    const { rows: before } = await rig.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from carrier_exchange_events where event = 'NOTIFIED'`,
    );
    const again = await rig.standIn.replay(good.id);
    expect(again.status).toBe(204);
    const { rows: after } = await rig.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from carrier_exchange_events where event = 'NOTIFIED'`,
    );
    expect(after[0].n).toBe(before[0].n);
    const { rows } = await rig.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from carrier_notifications where notification_id = ${good.id}`,
    );
    expect(rows[0].n).toBe(1);
    expect(DEMO_NOTIFY_SECRET).toBeTruthy();
  });
});

describe('polling where the carrier sends no notifications', () => {
  it('finds the confirmation by GET', async () => {
    rig.standIn.setCarrier('COSU', { notifications: false });
    try {
      const x = await queueBooking();
      await sendDueCarrierRequests(rig.t.db);
      await rig.standIn.advance('COSU', { all: true });
      expect((await exchange(x.id)).carrier_status).toBeNull();
      await rig.t.db.execute(sql`update carrier_exchanges set next_poll_at = now() where id = ${x.id}`);
      const r = await pollCarrierDocuments(rig.t.db);
      expect(r.news).toBeGreaterThanOrEqual(1);
      expect(await exchange(x.id)).toMatchObject({ carrier_status: 'CONFIRMED', link_state: 'SYNCED' });
      const ev = await carrierLink.exchangesOf(rig.t.db, 'CONSOL', x.doc_id);
      expect(ev[0].events.map((e) => e.event)).toContain('POLLED');
      expect(ev[0].carrier_document).toBeTruthy();
    } finally {
      rig.standIn.setCarrier('COSU', { notifications: true });
    }
  }, 60_000);

  it('every request the portal sent in this file was valid against the YAML', () => {
    expect(expectEverySentMessageValid(rig.standIn)).toBeGreaterThan(3);
    expect(rig.standIn.problems()).toEqual([]);
    void consolId;
    void consolNo;
  });
});
