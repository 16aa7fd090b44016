import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../../standins/webhook-receiver/webhook-receiver-stand-in.mjs';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { configureWebhookAllowList, isAllowedAddress } from './webhook-address';

// Security review (issue 37) L7: webhooks reach public receivers only (unless WEBHOOK_ALLOW_PRIVATE says
// otherwise), checked on save and on every delivery, and the log never echoes what a receiver said.
let t: TestApp;
let admin: Record<string, string>;
let receiver: WebhookReceiver;
let partyId: number;
const SECRET = 'a-very-secret-key-0001';

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await sessionToken(t, 'admin@demo.test'));
  receiver = await startWebhookReceiver({ port: 0, secrets: [SECRET] });
  const { rows } = await t.db.execute<{ party_id: number }>(
    sql`select party_id from parties order by 1 limit 1`,
  );
  partyId = rows[0].party_id;
  await t.db.execute(sql`delete from webhook_endpoints`);
});
afterAll(async () => {
  await receiver?.close();
  await t.close();
});

const create = (url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/Webhook',
    headers: admin,
    payload: { party_id: partyId, url, secret: SECRET, event_codes: ['BOOKING_CONFIRMED'] },
  });

describe('saving a webhook endpoint', () => {
  it('refuses loopback in any spelling, private, link-local, CGNAT, unspecified and multicast hosts', async () => {
    const internal = [
      'http://127.0.0.1:5432/',
      'http://127.1/hook',
      'http://0x7f000001/hook',
      'http://2130706433/hook',
      'http://localhost:8080/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://10.1.2.3/hook',
      'http://172.16.0.1/hook',
      'https://192.168.1.10/hook',
      'http://100.64.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://0.0.0.0/hook',
      'http://224.0.0.1/hook',
    ];
    for (const u of internal) {
      const res = await create(u);
      expect(res.statusCode, u).toBe(400);
      expect(res.json().details, u).toContainEqual(
        expect.objectContaining({ field: 'url', msgKey: 'msgWebhookUrlNotAllowed' }),
      );
    }
  });

  it('accepts a public address', async () => {
    const res = await create('https://93.184.215.14/hook');
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('delivering', () => {
  it('checks the address again on every delivery and sends nothing to an internal one', async () => {
    const saved = (await create('https://93.184.215.14/hook')).json();
    // As if the name now resolved to the receiver on loopback (DNS changed after the endpoint was saved).
    await t.db.execute(
      sql`update webhook_endpoints set url = ${`${receiver.url}/hook/x`} where id = ${saved.id}`,
    );
    receiver.clear();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/Webhook/${saved.id}/test`,
      headers: admin,
    });
    expect(res.json()).toMatchObject({
      status: 'queued',
      last_status_code: null,
      last_response: 'address not allowed',
    });
    expect(receiver.received()).toEqual([]);
  });
});

describe('WEBHOOK_ALLOW_PRIVATE', () => {
  afterEach(() => configureWebhookAllowList([]));

  it('allows only public unicast by default', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '100.64.0.1',
      '169.254.1.1',
      '::1',
      'fd00::1',
      '0.0.0.0',
      '240.0.0.1',
    ])
      expect(isAllowedAddress(a), a).toBe(false);
    for (const a of ['93.184.215.14', '2606:4700::1111']) expect(isAllowedAddress(a), a).toBe(true);
  });

  it('opens the listed CIDRs and addresses, nothing else', () => {
    configureWebhookAllowList(['10.20.0.0/16', '127.0.0.1', 'fd00::/8']);
    expect(isAllowedAddress('10.20.3.4')).toBe(true);
    expect(isAllowedAddress('10.21.3.4')).toBe(false);
    expect(isAllowedAddress('127.0.0.1')).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isAllowedAddress('127.0.0.2')).toBe(false);
    expect(isAllowedAddress('fd12::1')).toBe(true);
    expect(isAllowedAddress('169.254.169.254')).toBe(false);
  });
});
