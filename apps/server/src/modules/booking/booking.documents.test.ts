import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBooking, linkUserToParties } from '../../../test/booking-factory';
import { multipartForm, tinyPdf } from '../../../test/multipart-form';
import { partyIdOf } from '../../../test/party-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { seedDemoParties } from '../party';

type H = Record<string, string>;
let t: TestApp;
let filesDir: string;
let ops: H;
let shipper: H;
let agent: H;
let ownSo: string;
let otherSo: string;

const call = (method: 'GET' | 'DELETE', url: string, headers: H) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers });
const upload = (soNo: string, headers: H, type = 'CI', name = 'invoice.pdf', content = tinyPdf()) => {
  const body = multipartForm({ document_type: type }, { name, content });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/Document/booking/${soNo}`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'portal-booking-files-'));
  t = await createTestApp({ FILES_DIR: filesDir });
  await seedDemoParties(t.db);
  // The shipper user's own party is CNSZX001 (the factory's default shipper); the agent's is DEHAM001.
  await linkUserToParties(t.db, 'shipper@demo.test', ['CNSZX001']);
  await linkUserToParties(t.db, 'agent@demo.test', ['DEHAM001']);
  const noAgents = { notify_id: null, nomination_agent_id: null, release_agent_id: null };
  ownSo = (await createTestBooking(t.db, noAgents)).so_no;
  // every party column names a party neither the shipper nor the agent user holds
  otherSo = (
    await createTestBooking(t.db, {
      ...noAgents,
      shipper_id: await partyIdOf(t.db, 'CNXMN001'),
      customer_id: await partyIdOf(t.db, 'DEMUC001'),
      consignee_id: await partyIdOf(t.db, 'USNYC001'),
    })
  ).so_no;
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
  agent = bearer(await sessionToken(t, 'agent@demo.test'));
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('booking documents (entity type booking, key so_no)', () => {
  it('uploads, lists, downloads and shows the history of a booking document', async () => {
    const content = tinyPdf('commercial invoice');
    const up = await upload(ownSo, ops, 'CI', 'CI-2026-001.pdf', content);
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({
      entity_type: 'booking',
      entity_id: ownSo,
      document_type: 'CI',
      file_name: 'CI-2026-001.pdf',
    });
    const list = await call('GET', `/Document/booking/${ownSo}`, ops);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { file_name: string }) => d.file_name)).toEqual(['CI-2026-001.pdf']);
    const id = up.json().document_id;
    const down = await call('GET', `/Document/booking/${ownSo}/${id}/download`, ops);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.rawPayload.equals(content)).toBe(true);
    const history = await call('GET', `/Document/booking/${ownSo}/history`, ops);
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('document_upload');
  });

  it('offers the booking document types (packing list, MSDS, DG declaration)', async () => {
    for (const type of ['PL', 'MSDS', 'DGD']) {
      const res = await upload(ownSo, ops, type, `${type}.pdf`, tinyPdf(type));
      expect(res.statusCode, type).toBe(201);
    }
    expect((await upload(ownSo, ops, 'NOPE', 'x.pdf', tinyPdf('x'))).statusCode).toBe(400);
  });

  it('answers 404 for an SO number that does not exist', async () => {
    expect((await call('GET', '/Document/booking/SONOSUCH1', ops)).statusCode).toBe(404);
    expect((await upload('SONOSUCH1', ops)).statusCode).toBe(404);
  });

  it('lets an external user read and upload on bookings of their own parties', async () => {
    const up = await upload(ownSo, shipper, 'PL', 'packing-list.pdf', tinyPdf('packing list by shipper'));
    expect(up.statusCode).toBe(201);
    expect((await call('GET', `/Document/booking/${ownSo}`, shipper)).statusCode).toBe(200);
  });

  it("hides another party's booking documents from an external user (404 on every route)", async () => {
    const mine = await upload(otherSo, ops, 'CI', 'other.pdf', tinyPdf('other party'));
    expect(mine.statusCode).toBe(201);
    const id = mine.json().document_id;
    const version = mine.json().version;
    for (const who of [shipper, agent]) {
      expect((await call('GET', `/Document/booking/${otherSo}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/Document/booking/${otherSo}/history`, who)).statusCode).toBe(404);
      expect((await call('GET', `/Document/booking/${otherSo}/${id}/download`, who)).statusCode).toBe(404);
      expect(
        (await call('DELETE', `/Document/booking/${otherSo}/${id}?version=${version}`, who)).statusCode,
      ).toBe(404);
      expect((await upload(otherSo, who, 'PL', 'intruder.pdf', tinyPdf('intruder'))).statusCode).toBe(404);
    }
    // the agent's own party is not on ownSo either
    expect((await call('GET', `/Document/booking/${ownSo}`, agent)).statusCode).toBe(404);
    const list = await call('GET', `/Document/booking/${otherSo}`, ops);
    expect(list.json().map((d: { file_name: string }) => d.file_name)).toEqual(['other.pdf']);
  });

  it('needs the booking function id', async () => {
    const finance = bearer(await sessionToken(t, 'finance@demo.test'));
    expect((await call('GET', `/Document/booking/${ownSo}`, finance)).statusCode).toBe(403);
  });
});
