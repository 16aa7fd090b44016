import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBooking } from '../../../test/booking-factory';
import { type ClamdStandIn, closedPort, EICAR, startClamdStandIn } from '../../../test/clamd-stand-in';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { demoSignaturePng } from '../../modules/signature';

// Security review (issue 37) L6: every byte a user stores goes through the virus scan document uploads get.
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const infectedPng = () => Buffer.concat([demoSignaturePng('Test Person'), Buffer.from(EICAR, 'latin1')]);

describe('with clamd configured', () => {
  let t: TestApp;
  let clamd: ClamdStandIn;
  let ops: Record<string, string>;
  beforeAll(async () => {
    clamd = await startClamdStandIn();
    t = await createTestApp({ CLAMD_HOST: '127.0.0.1', CLAMD_PORT: String(clamd.port) });
    ops = bearer(await sessionToken(t, 'ops@demo.test'));
  });
  afterAll(async () => {
    await t.close();
    await clamd.close();
  });
  const call = (method: 'PUT' | 'POST' | 'GET', url: string, payload?: object) =>
    t.app.inject(
      payload
        ? { method, url: `/api/v1${url}`, headers: ops, payload }
        : { method, url: `/api/v1${url}`, headers: ops },
    );

  it('refuses a signature PNG carrying the EICAR string with 422 msgVirusDetected and keeps none', async () => {
    const before = clamd.scanned();
    const kept = (await call('GET', '/Users/Signature')).json();
    const res = await call('PUT', '/Users/Signature', { image: dataUrl('image/png', infectedPng()) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().msgKey).toBe('msgVirusDetected');
    expect(clamd.scanned()).toBeGreaterThan(before);
    expect((await call('GET', '/Users/Signature')).json()).toEqual(kept);
    const clean = await call('PUT', '/Users/Signature', {
      image: dataUrl('image/png', demoSignaturePng('Test Person')),
    });
    expect(clean.statusCode, clean.body).toBe(200);
  });

  it('refuses a booking remark whose inline image carries the EICAR string', async () => {
    const so = await createTestBooking(t.db, {});
    const html = `<p>see</p><img src="${dataUrl('image/gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.from(EICAR, 'latin1')]))}">`;
    const res = await call('POST', `/Booking/${so.so_no}/remarks`, { html, visible_to: 'ALL' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().msgKey).toBe('msgVirusDetected');
    expect((await call('GET', `/Booking/${so.so_no}/remarks`)).json()).toHaveLength(0);
    const before = clamd.scanned();
    const ok = await call('POST', `/Booking/${so.so_no}/remarks`, {
      html: `<p>ok</p><img src="${dataUrl('image/png', demoSignaturePng('x'))}">`,
      visible_to: 'ALL',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(clamd.scanned()).toBe(before + 1);
  });
});

describe('with clamd configured but unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CLAMD_HOST: '127.0.0.1', CLAMD_PORT: String(await closedPort()) });
  });
  afterAll(() => t.close());

  it('refuses to store a signature unscanned: 503 msgVirusScanUnavailable (fail closed)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/Users/Signature',
      headers: bearer(await sessionToken(t, 'ops@demo.test')),
      payload: { image: dataUrl('image/png', demoSignaturePng('Test Person')) },
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().msgKey).toBe('msgVirusScanUnavailable');
  });
});
