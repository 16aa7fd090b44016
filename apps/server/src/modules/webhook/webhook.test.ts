import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../../standins/webhook-receiver/webhook-receiver-stand-in.mjs';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { startJobRunner } from '../../platform/jobs/job-runner';
import {
  deliverDueWebhooks,
  nextRetrySeconds,
  WEBHOOK_DELIVER_JOB,
  webhookBackoffSeconds,
} from './webhook.delivery';
import { enqueueWebhookEvent, type WebhookEvent } from './webhook.service';

let t: TestApp;
let admin: Record<string, string>;
let shipper: Record<string, string>;
let receiver: WebhookReceiver;
let partyA: number;
let partyB: number;
let demoEndpoints: { party_code: string; n: number; url: string }[] = [];
const url = '/api/v1/Webhook';
const SECRET = 'a-very-secret-key-0001';

const api = (
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: path,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function endpoint(over: Record<string, unknown> = {}) {
  const res = await api('POST', url, admin, {
    party_id: partyA,
    url: `${receiver.url}/hook/a`,
    secret: SECRET,
    event_codes: ['BOOKING_CONFIRMED'],
    description: 'ERP',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; version: number };
}

const event = (over: Partial<WebhookEvent> = {}): WebhookEvent => ({
  eventCode: 'BOOKING_CONFIRMED',
  module: 'booking',
  subModule: 'booking',
  docCode: 'SO-WH-1',
  documents: { so_no: 'SO-WH-1' },
  href: '/BMS/shipping_order/SO-WH-1',
  partyIds: [partyA],
  ...over,
});

const deliveriesOf = async (id: string) =>
  (await api('GET', `${url}/${id}/deliveries`, admin)).json().rows as {
    id: string;
    status: string;
    attempts: number;
    last_status_code: number | null;
    last_response: string | null;
    event_code: string;
    next_attempt_at: string | null;
  }[];

beforeAll(async () => {
  // The receiver stand-in listens on 127.0.0.1, an internal address that must be allowed explicitly.
  t = await createTestApp({
    PUBLIC_BASE_URL: 'https://portal.example.com',
    WEBHOOK_ALLOW_PRIVATE: '127.0.0.1',
  });
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
  receiver = await startWebhookReceiver({ port: 0, secrets: [SECRET] });
  const { rows } = await t.db.execute<{ party_id: number }>(
    sql`select party_id from parties order by party_id limit 2`,
  );
  [partyA, partyB] = rows.map((r) => r.party_id);
  ({ rows: demoEndpoints } = await t.db.execute<{ party_code: string; n: number; url: string }>(
    sql`select p.party_code, cardinality(e.event_codes) as n, e.url from webhook_endpoints e
        join parties p on p.party_id = e.party_id`,
  ));
  // The demo seed's endpoint (Pacific Star → the stand-in) would receive these tests' events too.
  await t.db.execute(sql`delete from webhook_endpoints`);
});
afterAll(async () => {
  await receiver?.close();
  await t.close();
});

describe('webhook endpoints', () => {
  it('the demo seed gives Pacific Star an endpoint for every booking event', () => {
    expect(demoEndpoints).toEqual([
      { party_code: 'HKSHP001', n: 12, url: 'http://127.0.0.1:9193/hook/pacific-star' },
    ]);
  });

  it('refuses a URL that is not http(s), an unknown event code, an unknown party, and non-admins', async () => {
    for (const bad of [
      'ftp://example.com/x',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'example.com/hook',
      'http://user:pw@example.com/',
    ]) {
      const res = await api('POST', url, admin, {
        party_id: partyA,
        url: bad,
        secret: SECRET,
        event_codes: ['BOOKING_CONFIRMED'],
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().details).toContainEqual(
        expect.objectContaining({ field: 'url', msgKey: 'msgWebhookUrlInvalid' }),
      );
    }
    const evt = await api('POST', url, admin, {
      party_id: partyA,
      url: 'https://x.example/h',
      secret: SECRET,
      event_codes: ['PARTY_SUBMITTED'],
    });
    expect(evt.statusCode).toBe(400);
    expect(evt.json().msgKey).toBe('msgWebhookEventUnknown');
    const party = await api('POST', url, admin, {
      party_id: 99999999,
      url: 'https://x.example/h',
      secret: SECRET,
      event_codes: ['BOOKING_CONFIRMED'],
    });
    expect(party.json().msgKey).toBe('msgWebhookPartyInvalid');
    const short = await api('POST', url, admin, {
      party_id: partyA,
      url: 'https://x.example/h',
      secret: 'short',
      event_codes: ['BOOKING_CONFIRMED'],
    });
    expect(short.statusCode).toBe(400);
    expect((await api('GET', url, shipper)).statusCode).toBe(403);
    expect((await api('POST', url, shipper, { party_id: partyA })).statusCode).toBe(403);
  });

  it('never answers the secret back, keeps it when an edit leaves it empty, and refuses an old version', async () => {
    const e = await endpoint();
    const got = await api('GET', `${url}/${e.id}`, admin);
    expect(got.json()).toMatchObject({
      secret_hint: '…0001',
      url: `${receiver.url}/hook/a`,
      party_id: partyA,
    });
    expect(got.body).not.toContain(SECRET);
    const list = await api('GET', `${url}?q=hook`, admin);
    expect(list.body).not.toContain(SECRET);
    const upd = await api('PUT', `${url}/${e.id}`, admin, {
      url: `${receiver.url}/hook/b`,
      secret: '',
      event_codes: ['BOOKING_CONFIRMED', 'BOOKING_CANCELLED'],
      active: true,
      version: 1,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ secret_hint: '…0001', version: 2 });
    const history = (await api('GET', `${url}/${e.id}/history`, admin)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['create', 'update']),
    );
    expect(JSON.stringify(history)).not.toContain(SECRET);
    const old = await api('PUT', `${url}/${e.id}`, admin, {
      url: 'ftp://x',
      event_codes: ['BOOKING_CONFIRMED'],
      version: 1,
    });
    expect(old.statusCode).toBe(400);
    const stale = await api('PUT', `${url}/${e.id}`, admin, {
      url: 'https://x.example/h',
      event_codes: ['BOOKING_CONFIRMED'],
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    await api('PUT', `${url}/${e.id}`, admin, {
      url: 'https://x.example/h',
      event_codes: ['BOOKING_CONFIRMED'],
      active: false,
      version: 2,
    });
  });
});

describe('webhook deliveries', () => {
  it("sends an event only to the document's parties' endpoints that want its code, signed", async () => {
    receiver.clear();
    const a = await endpoint({ url: `${receiver.url}/hook/iso-a` });
    const b = await endpoint({ party_id: partyB, url: `${receiver.url}/hook/iso-b` });
    const other = await endpoint({
      url: `${receiver.url}/hook/iso-other`,
      event_codes: ['BOOKING_CANCELLED'],
    });
    const queued = await t.db.transaction((tx) => enqueueWebhookEvent(tx, event()));
    expect(queued).toBe(1);
    expect(await deliverDueWebhooks(t.db)).toEqual({ delivered: 1, failed: 0 });
    const got = receiver.received().filter((r) => r.path.startsWith('/hook/iso'));
    expect(got.map((r) => r.path)).toEqual(['/hook/iso-a']);
    const [r] = got;
    expect(r.signature_ok).toBe(true);
    expect(r.headers['x-portal-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(r.body).digest('hex')}`,
    );
    expect(r.headers['x-portal-event']).toBe('BOOKING_CONFIRMED');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.json).toMatchObject({
      event_code: 'BOOKING_CONFIRMED',
      module: 'booking',
      doc_code: 'SO-WH-1',
      documents: { so_no: 'SO-WH-1' },
      link: 'https://portal.example.com/BMS/shipping_order/SO-WH-1',
      test: false,
    });
    expect(r.headers['x-portal-delivery']).toBe((r.json as { delivery_id: string }).delivery_id);
    expect((await deliveriesOf(a.id))[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
    });
    expect(await deliveriesOf(b.id)).toEqual([]);
    expect(await deliveriesOf(other.id)).toEqual([]);
    // B's own document reaches B only
    await t.db.transaction((tx) =>
      enqueueWebhookEvent(tx, event({ partyIds: [partyB], docCode: 'SO-WH-2' })),
    );
    await deliverDueWebhooks(t.db);
    expect((await deliveriesOf(b.id)).map((d) => d.status)).toEqual(['delivered']);
    expect((await deliveriesOf(a.id)).length).toBe(1);
    // a document with no party, an inactive endpoint: nothing
    expect(await t.db.transaction((tx) => enqueueWebhookEvent(tx, event({ partyIds: [] })))).toBe(0);
    await api('PUT', `${url}/${a.id}`, admin, {
      url: `${receiver.url}/hook/iso-a`,
      event_codes: ['BOOKING_CONFIRMED'],
      active: false,
      version: 1,
    });
    expect(await t.db.transaction((tx) => enqueueWebhookEvent(tx, event()))).toBe(0);
  });

  it('queues nothing for a rolled-back change', async () => {
    const e = await endpoint({ url: `${receiver.url}/hook/rollback` });
    await expect(
      t.db.transaction(async (tx) => {
        expect(await enqueueWebhookEvent(tx, event())).toBeGreaterThan(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveriesOf(e.id)).toEqual([]);
  });

  it('retries a failed delivery with backoff and delivers it later; gives up after 24 hours', async () => {
    const e = await endpoint({ url: `${receiver.url}/flaky/1/retry`, party_id: partyB });
    await t.db.transaction((tx) =>
      enqueueWebhookEvent(tx, event({ partyIds: [partyB], docCode: 'SO-RETRY' })),
    );
    const before = Date.now();
    expect(await deliverDueWebhooks(t.db)).toMatchObject({ failed: 1 });
    let [d] = await deliveriesOf(e.id);
    expect(d).toMatchObject({ status: 'queued', attempts: 1, last_status_code: 503 });
    // Only the status is kept, never what the receiver said.
    expect(d.last_response).toBe('HTTP 503');
    const wait = (Date.parse(d.next_attempt_at as string) - before) / 1000;
    expect(wait).toBeGreaterThan(25);
    expect(wait).toBeLessThan(40);
    // not due yet: nothing is sent
    expect(await deliverDueWebhooks(t.db)).toEqual({ delivered: 0, failed: 0 });
    await t.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where id = ${d.id}`);
    expect(await deliverDueWebhooks(t.db)).toMatchObject({ delivered: 1 });
    [d] = await deliveriesOf(e.id);
    expect(d).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_status_code: 200,
      next_attempt_at: null,
    });
    const sent = receiver.received().filter((r) => r.path === '/flaky/1/retry');
    expect(sent.length).toBe(2);
    expect(sent[0].body).toBe(sent[1].body); // a retry sends the same signed bytes

    const dead = await endpoint({ url: `${receiver.url}/status/500/dead`, party_id: partyB });
    await t.db.transaction((tx) =>
      enqueueWebhookEvent(tx, event({ partyIds: [partyB], docCode: 'SO-DEAD' })),
    );
    await t.db.execute(
      sql`update webhook_deliveries set created_at = now() - interval '23 hours 59 minutes 50 seconds'
          where endpoint_id = ${dead.id}`,
    );
    await deliverDueWebhooks(t.db);
    expect((await deliveriesOf(dead.id))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_status_code: 500,
      next_attempt_at: null,
    });
  });

  it('backs off 30 s, 1, 2, 4 … minutes, at most an hour apart, within 24 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(webhookBackoffSeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
    const queued = new Date('2026-01-01T00:00:00Z');
    expect(nextRetrySeconds(1, queued, new Date('2026-01-01T00:00:10Z'))).toBe(30);
    expect(nextRetrySeconds(20, queued, new Date('2026-01-01T22:00:00Z'))).toBe(3600);
    expect(nextRetrySeconds(20, queued, new Date('2026-01-01T23:30:00Z'))).toBeNull();
  });

  it('sends a test event at once and shows it in the delivery log; a failing endpoint shows its answer', async () => {
    receiver.clear();
    const ok = await endpoint({ url: `${receiver.url}/hook/test-ok` });
    const res = await api('POST', `${url}/${ok.id}/test`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      event_code: 'WEBHOOK_TEST',
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      test: true,
    });
    const [r] = receiver.received();
    expect(r.signature_ok).toBe(true);
    expect(r.json).toMatchObject({ event_code: 'WEBHOOK_TEST', test: true });
    expect((await deliveriesOf(ok.id)).map((d) => d.event_code)).toEqual(['WEBHOOK_TEST']);

    const bad = await endpoint({ url: `${receiver.url}/status/418/test-bad` });
    const failed = await api('POST', `${url}/${bad.id}/test`, admin);
    expect(failed.json()).toMatchObject({ status: 'queued', attempts: 1, last_status_code: 418 });
    const gone = await endpoint({ url: 'http://127.0.0.1:1/nothing-listens' });
    const refused = (await api('POST', `${url}/${gone.id}/test`, admin)).json();
    expect(refused).toMatchObject({ status: 'queued', last_status_code: null });
    expect(refused.last_response).toBe('connection refused');
    expect((await api('POST', `${url}/${crypto.randomUUID()}/test`, admin)).statusCode).toBe(404);
    expect((await api('POST', `${url}/not-a-uuid/test`, admin)).statusCode).toBe(400);
    expect((await api('POST', `${url}/${ok.id}/test`, shipper)).statusCode).toBe(403);
  });
});

describe('webhook delivery job', () => {
  it('posts a committed event through the job queue, woken by the commit', async () => {
    const { rows } = await t.db.execute<{ db: string }>(sql`select current_database() as db`);
    const databaseUrl = inject('adminDbUrl').replace(/\/[^/]*$/, `/${rows[0].db}`);
    const runner = await startJobRunner({
      databaseUrl,
      db: t.db,
      log: () => {},
      pollingIntervalSeconds: 0.5,
    });
    try {
      const e = await endpoint({ url: `${receiver.url}/hook/job`, party_id: partyB });
      await t.db.transaction((tx) =>
        enqueueWebhookEvent(tx, event({ partyIds: [partyB], docCode: 'SO-JOB' })),
      );
      // no direct call: the NOTIFY at commit queues a webhook-deliver job, which posts it
      const until = Date.now() + 20_000;
      while (Date.now() < until && (await deliveriesOf(e.id))[0]?.status !== 'delivered')
        await new Promise((r) => setTimeout(r, 100));
      expect(receiver.received().filter((r) => r.path === '/hook/job')).toHaveLength(1);
      expect((await deliveriesOf(e.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(
        await runner.waitFor(WEBHOOK_DELIVER_JOB, (await runner.runNow(WEBHOOK_DELIVER_JOB)) as string),
      ).toBe('completed');
    } finally {
      await runner.stop();
    }
  }, 60_000);
});
