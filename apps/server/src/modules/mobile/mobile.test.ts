import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MobileStandIn, startMobileStandIn } from '../../../../../standins/mobile/mobile-stand-in.mjs';
import { createTestBooking, linkUserToParties } from '../../../test/booking-factory';
import { closedPort } from '../../../test/clamd-stand-in';
import { partyIdOf } from '../../../test/party-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { seedDemoParties } from '../party';

type H = Record<string, string>;
const API_KEY = 'mobile-test-key';
let mobile: MobileStandIn;
let t: TestApp;
let ops: H;
let shipper: H;
let opsUid: string;
let onMobile: string;
let notOnMobile: string;
let otherParty: string;

const get = (app: TestApp, url: string, headers: H) =>
  app.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const post = (app: TestApp, url: string, headers: H) =>
  app.app.inject({ method: 'POST', url: `/api/v1${url}`, headers });
const uidOf = async (app: TestApp, login: string) =>
  (
    await app.db.execute<{ user_uid: string }>(
      sql`select user_uid from users where lower(login_id) = lower(${login})`,
    )
  ).rows[0]?.user_uid;

beforeAll(async () => {
  mobile = await startMobileStandIn({ apiKey: API_KEY });
  t = await createTestApp({ MOBILE_SITE_URL: `${mobile.url}/`, MOBILE_SITE_API_KEY: API_KEY });
  await seedDemoParties(t.db);
  await linkUserToParties(t.db, 'shipper@demo.test', ['CNSZX001']);
  onMobile = (await createTestBooking(t.db)).so_no;
  notOnMobile = (await createTestBooking(t.db)).so_no;
  otherParty = (
    await createTestBooking(t.db, {
      shipper_id: await partyIdOf(t.db, 'CNXMN001'),
      customer_id: await partyIdOf(t.db, 'DEMUC001'),
      consignee_id: await partyIdOf(t.db, 'USNYC001'),
      notify_id: null,
      nomination_agent_id: null,
      release_agent_id: null,
    })
  ).so_no;
  mobile.register(onMobile, 'MSO-0001');
  mobile.register(otherParty);
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
  opsUid = (await uidOf(t, 'ops@demo.test')) as string;
});
afterAll(async () => {
  await t.close();
  await mobile.close();
});

describe('GET /Shipment/GetMobileSite', () => {
  it('answers the configured address as the first item', async () => {
    const res = await get(t, '/Shipment/GetMobileSite', ops);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ pkey: 'MOBILE_SITE', pvalue: mobile.url }]);
  });

  it('answers 404 msgMobileSiteNotFound when no mobile site is configured, on every hand-off call', async () => {
    const bare = await createTestApp({ MOBILE_SITE_URL: '' });
    try {
      const token = bearer(await sessionToken(bare, 'ops@demo.test'));
      await seedDemoParties(bare.db);
      const so = (await createTestBooking(bare.db)).so_no;
      const uid = await uidOf(bare, 'ops@demo.test');
      for (const res of [
        await get(bare, '/Shipment/GetMobileSite', token),
        await get(bare, `/Shipment/CheckSOExistsInMobile/${so}`, token),
        await post(bare, `/Shipment/AddTokenForRedirectMobileSite?user_uid=${uid}`, token),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().msgKey).toBe('msgMobileSiteNotFound');
      }
    } finally {
      await bare.close();
    }
  });

  it('needs the booking function id', async () => {
    const finance = bearer(await sessionToken(t, 'finance@demo.test'));
    expect((await get(t, '/Shipment/GetMobileSite', finance)).statusCode).toBe(403);
  });
});

describe('GET /Shipment/CheckSOExistsInMobile/:so_no', () => {
  it("answers the mobile site's master SO number", async () => {
    const res = await get(t, `/Shipment/CheckSOExistsInMobile/${onMobile}`, ops);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ master_so_no: 'MSO-0001' });
    // an external user on a booking of their own party
    expect((await get(t, `/Shipment/CheckSOExistsInMobile/${onMobile}`, shipper)).json()).toEqual({
      master_so_no: 'MSO-0001',
    });
  });

  it('answers 404 msgMobileSoNotFound when the mobile site does not hold the SO', async () => {
    const res = await get(t, `/Shipment/CheckSOExistsInMobile/${notOnMobile}`, ops);
    expect(res.statusCode).toBe(404);
    expect(res.json().msgKey).toBe('msgMobileSoNotFound');
  });

  it('answers 404 msgSoNotFound for a booking the user may not see or that does not exist', async () => {
    const hidden = await get(t, `/Shipment/CheckSOExistsInMobile/${otherParty}`, shipper);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().msgKey).toBe('msgSoNotFound');
    const missing = await get(t, '/Shipment/CheckSOExistsInMobile/SONOSUCH999', ops);
    expect(missing.json().msgKey).toBe('msgSoNotFound');
    expect((await get(t, '/Shipment/CheckSOExistsInMobile/bad%20so', ops)).statusCode).toBe(400);
  });

  it('answers 502 msgMobileSiteUnavailable when the mobile site cannot be reached', async () => {
    const down = await createTestApp({ MOBILE_SITE_URL: `http://127.0.0.1:${await closedPort()}` });
    try {
      await seedDemoParties(down.db);
      const so = (await createTestBooking(down.db)).so_no;
      const res = await get(
        down,
        `/Shipment/CheckSOExistsInMobile/${so}`,
        bearer(await sessionToken(down, 'ops@demo.test')),
      );
      expect(res.statusCode).toBe(502);
      expect(res.json().msgKey).toBe('msgMobileSiteUnavailable');
    } finally {
      await down.close();
    }
  });
});

describe('POST /Shipment/AddTokenForRedirectMobileSite', () => {
  it('answers a one-time token that opens the SO on the mobile site once', async () => {
    const before = mobile.tokensIssued();
    const res = await post(t, `/Shipment/AddTokenForRedirectMobileSite?user_uid=${opsUid}`, ops);
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(mobile.tokensIssued()).toBe(before + 1);
    const open = `${mobile.url}/?soNo=${onMobile}&token=${token}&row_no=2`;
    const page = await fetch(open);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(onMobile);
    expect(html).toContain('MSO-0001');
    expect((await fetch(open)).status).toBe(401);
    // the portal may open the page with the master SO number instead
    const again = (await post(t, `/Shipment/AddTokenForRedirectMobileSite?user_uid=${opsUid}`, ops)).json()
      .token;
    const byMaster = await fetch(`${mobile.url}/?soNo=MSO-0001&token=${again}&row_no=1`);
    expect(byMaster.status).toBe(200);
  });

  it('answers 400 msgMobileInvalidUser without a user uid and 403 for another user', async () => {
    for (const url of [
      '/Shipment/AddTokenForRedirectMobileSite',
      '/Shipment/AddTokenForRedirectMobileSite?user_uid=nope',
    ]) {
      const res = await post(t, url, ops);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msgKey).toBe('msgMobileInvalidUser');
    }
    const other = await post(t, `/Shipment/AddTokenForRedirectMobileSite?user_uid=${opsUid}`, shipper);
    expect(other.statusCode).toBe(403);
    expect(other.json().msgKey).toBe('msgMobileInvalidUser');
  });

  it('answers 502 msgMobileAddTokenFail when the mobile site refuses or answers nonsense', async () => {
    // wrong API key: the stand-in refuses with 401
    const wrongKey = await createTestApp({ MOBILE_SITE_URL: mobile.url, MOBILE_SITE_API_KEY: 'wrong' });
    // a site answering 200 without a token
    const broken: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((r) => broken.listen(0, '127.0.0.1', r));
    const address = broken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const nonsense = await createTestApp({ MOBILE_SITE_URL: `http://127.0.0.1:${port}` });
    try {
      for (const app of [wrongKey, nonsense]) {
        const uid = await uidOf(app, 'ops@demo.test');
        const res = await post(
          app,
          `/Shipment/AddTokenForRedirectMobileSite?user_uid=${uid}`,
          bearer(await sessionToken(app, 'ops@demo.test')),
        );
        expect(res.statusCode).toBe(502);
        expect(res.json().msgKey).toBe('msgMobileAddTokenFail');
      }
    } finally {
      await wrongKey.close();
      await nonsense.close();
      await new Promise<void>((r) => broken.close(() => r()));
    }
  });
});
