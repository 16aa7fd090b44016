import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CARRIER_CLAUSE,
  type CarrierDcsaStandIn,
  startCarrierDcsaStandIn,
  validateAgainst,
} from '../../../../../standins/carrier-dcsa/carrier-dcsa-stand-in.mjs';
import { dcsaExamples, validateDcsa } from './index';

// The carrier stand-in (standins/carrier-dcsa) proven on its own: a tiny HTTP receiver plays the portal's
// notification endpoints; every message the stand-in sends is checked here against the YAML with the
// stand-in's own validator (and the transport document also with the portal's, an independent one).

type Hit = {
  path: string;
  headers: IncomingHttpHeaders;
  body: { id: string; data: Record<string, unknown> };
};
const hits: Hit[] = [];
/** Statuses the fake portal answers next (then 204). */
let answers: number[] = [];
let portal: Server;
let carrier: CarrierDcsaStandIn;
const NOTIFY_SECRET = 'notify-secret-of-test';

// biome-ignore lint/suspicious/noExplicitAny: DCSA JSON answers read field by field
type Json = any;
const bookingExample = () => structuredClone(dcsaExamples('booking-2.0')[0].value) as Json;
const siExample = () => structuredClone(dcsaExamples('ebl-si-3.0')[0].value) as Json;

beforeAll(async () => {
  portal = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') });
      res.writeHead(answers.shift() ?? 204);
      res.end();
    });
  });
  await new Promise<void>((r) => portal.listen(0, '127.0.0.1', r));
  const notifyBaseUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}/api/v1/carrier-link/TSTA`;
  carrier = await startCarrierDcsaStandIn({
    carriers: [
      {
        code: 'TSTA',
        auth: { kind: 'OAUTH2', clientId: 'portal', clientSecret: 'right-secret' },
        notifyBaseUrl,
        notifySecret: NOTIFY_SECRET,
        confirmDelayMs: null,
        draftDelayMs: null,
        issueDelayMs: null,
        notifyDelayMs: 0,
        notifyRetryMs: 20,
      },
      { code: 'TSTK', auth: { kind: 'API_KEY', key: 'the-key' }, notifications: false, confirmDelayMs: null },
    ],
  });
});

afterAll(async () => {
  await carrier.close();
  await new Promise((r) => portal.close(r));
});

beforeEach(async () => {
  await carrier.idle();
  carrier.reset();
  hits.length = 0;
  answers = [];
});

const base = () => carrier.baseUrl('TSTA');
async function token(secret = 'right-secret') {
  const r = await fetch(`${base()}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'portal',
      client_secret: secret,
    }),
  });
  return { status: r.status, body: (await r.json()) as Json };
}
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const { body: t } = await token();
  const r = await fetch(`${base()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${t.access_token}`,
      'content-type': 'application/json',
      'api-version': path.startsWith('/v3/') ? '3' : '2',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : undefined) as Json };
}
const control = async (path: string, body: unknown = {}) =>
  (await fetch(`${carrier.url}/_control${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json())) as Json;

/** The notifications the fake portal got (once delivered), each checked against its schema in the YAML. */
async function received(kind: 'booking' | 'si' | 'td') {
  const [spec, schema, path] =
    kind === 'booking'
      ? (['BKG', 'BookingNotification', '/v2/booking-notifications'] as const)
      : kind === 'si'
        ? (['EBL', 'ShippingInstructionsNotification', '/v3/shipping-instructions-notifications'] as const)
        : (['EBL', 'TransportDocumentNotification', '/v3/transport-document-notifications'] as const);
  await carrier.idle();
  const mine = hits.filter((h) => h.path === `/api/v1/carrier-link/TSTA${path}`);
  for (const h of mine) {
    expect(validateAgainst(spec, schema, h.body)).toEqual([]);
    expect(h.headers.authorization).toBe(`Bearer ${NOTIFY_SECRET}`);
    expect(h.headers['content-type']).toBe('application/json');
  }
  return mine.map((h) => h.body as Json);
}

describe('carrier DCSA stand-in', () => {
  it('issues tokens for the right client only and refuses calls without credentials in DCSA error shape', async () => {
    expect((await token('wrong')).status).toBe(401);
    expect((await token('wrong')).body).toMatchObject({ error: 'invalid_client' });
    const ok = await token();
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    // Client credentials as HTTP Basic work too.
    const basic = await fetch(`${base()}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('portal:right-secret').toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(basic.status).toBe(200);

    const none = await fetch(`${base()}/v2/bookings/x`);
    expect(none.status).toBe(401);
    const err = await none.json();
    expect(validateAgainst('BKG', 'ErrorResponse', err)).toEqual([]);
    expect(err).toMatchObject({ httpMethod: 'GET', statusCode: 401, requestUri: '/TSTA/v2/bookings/x' });
    const forged = await fetch(`${base()}/v2/bookings/x`, { headers: { authorization: 'Bearer forged' } });
    expect(forged.status).toBe(401);

    // An API-key carrier: the header or nothing; an unknown reference is a 404 in DCSA's shape.
    const keyed = carrier.baseUrl('TSTK');
    expect((await fetch(`${keyed}/v2/bookings/x`, { headers: { 'x-api-key': 'nope' } })).status).toBe(401);
    const unknown = await fetch(`${keyed}/v2/bookings/x`, { headers: { 'x-api-key': 'the-key' } });
    expect(unknown.status).toBe(404);
    expect(validateAgainst('BKG', 'ErrorResponse', await unknown.json())).toEqual([]);
  });

  it('takes a booking request, confirms it on advance and notifies the portal with valid booking notifications', async () => {
    const created = await call('POST', '/v2/bookings', bookingExample(), { 'idempotency-key': 'k-1' });
    expect(created.status).toBe(202);
    expect(validateAgainst('BKG', 'CreateBookingResponse', created.body)).toEqual([]);
    const cbrr = created.body.carrierBookingRequestReference;
    expect(cbrr).toMatch(/^[0-9a-f-]{36}$/);
    const got = await call('GET', `/v2/bookings/${cbrr}`);
    expect(got.status).toBe(200);
    expect(got.body.bookingStatus).toBe('RECEIVED');
    expect(validateAgainst('BKG', 'Booking', got.body)).toEqual([]);

    expect(await carrier.advance('TSTA')).toMatchObject({ done: [`process booking ${cbrr}`], pending: [] });
    const notes = await received('booking');
    expect(notes.map((n) => n.data.bookingStatus)).toEqual(['RECEIVED', 'CONFIRMED']);
    expect(new Set(notes.map((n) => n.id)).size).toBe(2);
    const note = notes[1];
    expect(note).toMatchObject({
      specversion: '1.0',
      type: 'org.dcsa.booking.v2',
      source: base(),
      datacontenttype: 'application/json',
    });
    const booking = note.data.booking;
    expect(note.data.carrierBookingReference).toBe(booking.carrierBookingReference);
    expect(booking.carrierBookingReference).toMatch(/^TSTA[A-Z0-9]{8}$/);
    expect(booking.vessel).toMatchObject({
      name: expect.any(String),
      vesselIMONumber: expect.stringMatching(/^\d{7}$/),
    });
    expect(booking.carrierExportVoyageNumber).toBeTruthy();
    expect(booking.transportPlan[0]).toMatchObject({
      transportPlanStage: 'MNC',
      loadLocation: { UNLocationCode: 'DEBRV' },
    });
    expect(booking.shipmentCutOffTimes.map((c: Json) => c.cutOffDateTimeCode)).toEqual(['DCO', 'VCO', 'FCO']);
    expect(booking.confirmedEquipments.length).toBeGreaterThan(0);
    // The confirmed booking answers by either reference.
    const byCbr = await call('GET', `/v2/bookings/${booking.carrierBookingReference}`);
    expect(byCbr.body).toEqual(booking);

    // The same Idempotency-Key again: the first answer, nothing new.
    const again = await call('POST', '/v2/bookings', bookingExample(), { 'idempotency-key': 'k-1' });
    expect(again).toEqual(created);
    expect(carrier.received({ path: '/v2/bookings' }).filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(Object.values(carrier.state()).flatMap((c: Json) => c.bookings)).toHaveLength(1);

    // Amend after confirmation, then cancel the confirmed booking: the standard's sub-statuses in order.
    const cbr = booking.carrierBookingReference;
    expect(
      (await call('PUT', `/v2/bookings/${cbr}`, { ...bookingExample(), carrierBookingReference: cbr }))
        .status,
    ).toBe(202);
    await carrier.advance('TSTA');
    expect(
      (await call('PATCH', `/v2/bookings/${cbr}`, { bookingCancellationStatus: 'CANCELLATION_RECEIVED' }))
        .status,
    ).toBe(202);
    await carrier.advance('TSTA');
    expect(
      (await received('booking'))
        .slice(2)
        .map((n) => [n.data.bookingStatus, n.data.amendedBookingStatus, n.data.bookingCancellationStatus]),
    ).toEqual([
      ['CONFIRMED', 'AMENDMENT_RECEIVED', undefined],
      ['CONFIRMED', 'AMENDMENT_CONFIRMED', undefined],
      ['CONFIRMED', 'AMENDMENT_CONFIRMED', 'CANCELLATION_RECEIVED'],
      ['CANCELLED', 'AMENDMENT_CONFIRMED', 'CANCELLATION_CONFIRMED'],
    ]);
    const twice = await call('PATCH', `/v2/bookings/${cbr}`, {
      bookingCancellationStatus: 'CANCELLATION_RECEIVED',
    });
    expect(twice.status).toBe(409);
    expect(validateAgainst('BKG', 'ErrorResponse', twice.body)).toEqual([]);
    expect(carrier.problems()).toEqual([]);
  });

  it('refuses a booking request that fails the schema with a 400 ErrorResponse and stores nothing', async () => {
    const bad = { ...bookingExample(), receiptTypeAtOrigin: 'XYZ' };
    delete bad.requestedEquipments;
    const r = await call('POST', '/v2/bookings', bad);
    expect(r.status).toBe(400);
    expect(validateAgainst('BKG', 'ErrorResponse', r.body)).toEqual([]);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ property: 'receiptTypeAtOrigin', jsonPath: '$.receiptTypeAtOrigin' }),
        expect.objectContaining({ property: 'requestedEquipments', jsonPath: '$.requestedEquipments' }),
      ]),
    );
    expect((carrier.state().TSTA as Json).bookings).toEqual([]);
    expect(carrier.received({ carrier: 'TSTA', path: '/v2/bookings' })[0]).toMatchObject({
      valid: false,
      status: 400,
    });
    expect(hits).toEqual([]);
    // A cancellation with a value the standard does not allow, and one of an unknown booking.
    const created = await call('POST', '/v2/bookings', bookingExample());
    const ref = created.body.carrierBookingRequestReference;
    expect((await call('PATCH', `/v2/bookings/${ref}`, { bookingStatus: 'GONE' })).status).toBe(400);
    expect((await call('PATCH', '/v2/bookings/nope', { bookingStatus: 'CANCELLED' })).status).toBe(404);
    expect((await call('PATCH', `/v2/bookings/${ref}`, { bookingStatus: 'CANCELLED' })).status).toBe(202);
    expect((await call('PATCH', `/v2/bookings/${ref}`, { bookingStatus: 'CANCELLED' })).status).toBe(409);
  });

  it('rejects a booking whose reference starts with DECLINE, and every booking in decline mode', async () => {
    const declined = bookingExample();
    declined.references = [{ type: 'CR', value: 'DECLINE-0001' }];
    const a = await call('POST', '/v2/bookings', declined);
    await carrier.advance('TSTA');
    let last = (await received('booking')).at(-1);
    expect(last.data).toMatchObject({
      bookingStatus: 'REJECTED',
      carrierBookingRequestReference: a.body.carrierBookingRequestReference,
    });
    expect(last.data.carrierBookingReference).toBeUndefined();
    expect(last.data.feedbacks[0]).toMatchObject({ severity: 'ERROR', code: 'PROPERTY_VALUE_MUST_CHANGE' });

    expect(await control('/carriers/TSTA', { mode: 'decline' })).toMatchObject({ mode: 'decline' });
    await call('POST', '/v2/bookings', bookingExample());
    await control('/carriers/TSTA/advance');
    last = (await received('booking')).at(-1);
    expect(last.data.bookingStatus).toBe('REJECTED');
  });

  it('drafts a transport document from shipping instructions, then approves and issues it', async () => {
    const created = await call('POST', '/v2/bookings', bookingExample());
    await carrier.advance('TSTA');
    const booking = (await received('booking')).at(-1).data.booking;
    const si = siExample();
    for (const ci of si.consignmentItems) ci.carrierBookingReference = booking.carrierBookingReference;
    si.utilizedTransportEquipments[0].seals = [{ number: 'TBA' }];
    const posted = await call('POST', '/v3/shipping-instructions', si);
    expect(posted.status).toBe(202);
    expect(validateAgainst('EBL', 'CreateShippingInstructionsResponse', posted.body)).toEqual([]);
    const siRef = posted.body.shippingInstructionsReference;
    expect((await received('si')).map((n) => [n.type, n.data.shippingInstructionsStatus])).toEqual([
      ['org.dcsa.shipping-instructions.v3', 'RECEIVED'],
    ]);

    await carrier.advance('TSTA');
    const draftNote = (await received('td')).at(-1);
    expect(draftNote.data).toMatchObject({
      transportDocumentStatus: 'DRAFT',
      shippingInstructionsReference: siRef,
    });
    const td = draftNote.data.transportDocument;
    const tdRef = draftNote.data.transportDocumentReference;
    expect(tdRef.length).toBeLessThanOrEqual(20);
    expect(validateDcsa('ebl-td-3.0', td)).toEqual([]);
    // The draft comes from the SI and the booking it names, and says some things the shipper did not.
    expect(td.transports.vesselVoyages[0]).toEqual({
      vesselName: booking.vessel.name,
      carrierExportVoyageNumber: booking.carrierExportVoyageNumber,
    });
    expect(td.transports.portOfLoading.UNLocationCode).toBe('DEBRV');
    expect(td.documentParties.shipper.partyName).toBe(si.documentParties.shipper.partyName);
    expect(td.consignmentItems).toHaveLength(si.consignmentItems.length);
    expect(td.carrierClauses).toEqual([CARRIER_CLAUSE]);
    expect(td.utilizedTransportEquipments[0].seals[0]).toMatchObject({
      number: expect.stringMatching(/^TSTA\d{7}$/),
      source: 'CAR',
    });
    const fetched = await call('GET', `/v3/transport-documents/${tdRef}`);
    expect(fetched.body).toEqual(td);
    const siNow = await call('GET', `/v3/shipping-instructions/${siRef}`);
    expect(validateAgainst('EBL', 'ShippingInstructions', siNow.body)).toEqual([]);
    expect(siNow.body.transportDocumentReference).toBe(tdRef);

    // An amendment request: a new draft of the same document.
    const update = { ...si, shippingInstructionsReference: siRef };
    expect((await call('PUT', `/v3/shipping-instructions/${siRef}`, update)).status).toBe(202);
    await carrier.advance('TSTA');
    expect((await received('si')).map((n) => n.data.updatedShippingInstructionsStatus)).toEqual([
      undefined,
      'UPDATE_RECEIVED',
      'UPDATE_CONFIRMED',
    ]);
    expect(
      (await received('td')).map((n) => [n.data.transportDocumentReference, n.data.transportDocumentStatus]),
    ).toEqual([
      [tdRef, 'DRAFT'],
      [tdRef, 'DRAFT'],
    ]);

    const approve = await call('PATCH', `/v3/transport-documents/${tdRef}`, {
      transportDocumentStatus: 'APPROVED',
    });
    expect(approve.status).toBe(202);
    await carrier.advance('TSTA');
    expect((await received('td')).map((n) => n.data.transportDocumentStatus)).toEqual([
      'DRAFT',
      'DRAFT',
      'APPROVED',
      'ISSUED',
    ]);
    const issued = (await received('td')).at(-1).data.transportDocument;
    expect(issued).toMatchObject({ transportDocumentStatus: 'ISSUED', issueDate: expect.any(String) });
    const again = await call('PATCH', `/v3/transport-documents/${tdRef}`, {
      transportDocumentStatus: 'APPROVED',
    });
    expect(again.status).toBe(409);
    expect(validateAgainst('EBL', 'ErrorResponse', again.body)).toEqual([]);
    expect((await call('GET', '/v3/transport-documents/NOPE')).status).toBe(404);
    expect((await call('PUT', `/v3/shipping-instructions/${siRef}`, update)).status).toBe(409);
    expect(created.status).toBe(202);
    expect(carrier.problems()).toEqual([]);
  });

  it('replays a notification unchanged, retries a failed delivery and sends what a test asks', async () => {
    answers = [503, 503];
    await call('POST', '/v2/bookings', bookingExample());
    await carrier.idle();
    const [rec] = carrier.notifications({ kind: 'booking' });
    expect(rec.state).toBe('delivered');
    expect(rec.attempts.map((a) => a.status)).toEqual([503, 503, 204]);
    expect(hits).toHaveLength(3);

    const replayed = await control(`/replay/${rec.id}`);
    expect(replayed.status).toBe(204);
    expect(hits).toHaveLength(4);
    expect(hits[3].body).toEqual(hits[2].body);

    const sent = await control('/notify', {
      carrier: 'TSTA',
      kind: 'transport-document',
      body: { junk: true },
    });
    expect(sent.status).toBe(204);
    expect(hits[4]).toMatchObject({
      path: '/api/v1/carrier-link/TSTA/v3/transport-document-notifications',
      body: { junk: true },
    });
  });

  it('answers 503 in down mode and 2xx nonsense in nonsense mode', async () => {
    await control('/carriers/TSTA', { mode: 'down' });
    const down = await call('POST', '/v2/bookings', bookingExample());
    expect(down.status).toBe(503);
    expect(validateAgainst('BKG', 'ErrorResponse', down.body)).toEqual([]);
    await control('/carriers/TSTA', { mode: 'nonsense' });
    const nonsense = await call('POST', '/v2/bookings', bookingExample());
    expect(nonsense.status).toBe(202);
    expect(validateAgainst('BKG', 'CreateBookingResponse', nonsense.body)).not.toEqual([]);
    await control('/carriers/TSTA', { mode: 'normal' });
    expect((await call('POST', '/v2/bookings', bookingExample())).status).toBe(202);
    const log = (await fetch(`${carrier.url}/_control/received?carrier=TSTA&path=/v2/bookings`).then((r) =>
      r.json(),
    )) as Json;
    expect(log.requests.map((r: Json) => r.status)).toEqual([503, 202, 202]);
    expect(log.requests[2].headers).toMatchObject({
      'api-version': '2',
      authorization: expect.stringMatching(/^Bearer /),
    });
  });
});
