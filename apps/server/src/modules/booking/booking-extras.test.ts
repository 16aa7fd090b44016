import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBooking, linkUserToParties } from '../../../test/booking-factory';
import { partyIdOf } from '../../../test/party-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { recordHistory } from '../../platform/audit/history';
import { parties } from '../party';
import { sailingSchedules } from '../sailing-schedule';
import { internalActor } from './booking.fixture.test-helpers';
import { houseDocData } from './house-doc.pdf';

let t: TestApp;
type H = Record<string, string>;
let ops: H;
let shipper: H;
let consignee: H;

/** Small limits so the tests can cross them cheaply. */
const LIMITS = { REMARK_IMAGE_MAX_KB: '1', REMARK_HTML_MAX_MB: '0.05', REMARK_TEXT_MAX_CHARS: '200' };

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });

/** A PNG of about `bytes` bytes as a data: URI (the content is not decoded, only measured). */
const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp(LIMITS);
  await linkUserToParties(t.db, 'shipper@demo.test', ['CNSZX001']);
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
  consignee = bearer(await sessionToken(t, 'consignee@demo.test'));
});
afterAll(async () => t?.close());

describe('related panels', () => {
  it('lists sailings on the lane near the ETD, related bookings the actor sees and the sailing history', async () => {
    const sailing = (etd: string, over: Partial<typeof sailingSchedules.$inferInsert> = {}) => ({
      carrier_code: 'MAEU',
      vessel_name: `REL ${etd}`,
      voyage: '777E',
      pol: 'CNSHA',
      pod: 'USLAX',
      etd,
      eta: '2027-06-30',
      cy_cutoff: '2027-06-01 12:00:00',
      ...over,
    });
    await t.db
      .insert(sailingSchedules)
      .values([
        sailing('2027-06-05'),
        sailing('2027-06-20', { is_tbc: true }),
        sailing('2027-07-15'),
        sailing('2027-06-06', { status: 'C' }),
        sailing('2027-06-07', { pod: 'USNYC' }),
      ]);
    const main = await createTestBooking(t.db, {
      etd: '2027-06-10',
      eta: '2027-06-30',
      master_so_no: 'MSO-REL-1',
    });
    const lane = await createTestBooking(t.db, { etd: '2027-06-18', eta: '2027-07-05' });
    const far = await createTestBooking(t.db, { etd: '2027-08-30', eta: '2027-09-20' });
    const other = await partyIdOf(t.db, 'HKSHP001');
    const sameMaster = await createTestBooking(t.db, {
      etd: '2027-10-01',
      eta: '2027-10-20',
      master_so_no: 'MSO-REL-1',
      shipper_id: other,
      customer_id: other,
      consignee_id: await partyIdOf(t.db, 'USNYC001'),
      nomination_agent_id: await partyIdOf(t.db, 'NLRTM001'),
    });
    await recordHistory(t.db, {
      entityType: 'booking',
      entityId: main.so_no,
      action: 'update',
      changes: { vessel_name: { from: 'A', to: 'B' }, po_no: { from: null, to: 'PO1' } },
      actor: { uid: internalActor.user_uid, name: 'Oscar Ops' },
    });
    await recordHistory(t.db, {
      entityType: 'booking',
      entityId: main.so_no,
      action: 'update',
      changes: { po_no: { from: 'PO1', to: 'PO2' } },
      actor: { uid: internalActor.user_uid, name: 'Oscar Ops' },
    });

    const res = await api('GET', `/Booking/${main.so_no}/related`, ops);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const vessels = body.sailings.map((s: { vessel_name: string }) => s.vessel_name);
    expect(vessels).toContain('REL 2027-06-05');
    expect(vessels).toContain('REL 2027-06-20');
    expect(vessels).not.toContain('REL 2027-07-15');
    expect(vessels).not.toContain('REL 2027-06-06');
    expect(vessels).not.toContain('REL 2027-06-07');
    const tbc = body.sailings.find((s: { vessel_name: string }) => s.vessel_name === 'REL 2027-06-20');
    expect(tbc).toMatchObject({ is_tbc: true, etd: '2027-06-20' });
    expect(body.sailings[0].cy_cutoff).toBe('2027-06-01T12:00');
    const sos = body.bookings.map((b: { so_no: string; relation: string }) => `${b.so_no}:${b.relation}`);
    expect(sos).toContain(`${lane.so_no}:LANE`);
    expect(sos).toContain(`${sameMaster.so_no}:MASTER_SO`);
    expect(sos.join()).not.toContain(far.so_no);
    expect(sos.join()).not.toContain(main.so_no);
    expect(body.consols).toEqual([]);
    expect(body.sailing_history).toHaveLength(1);
    expect(body.sailing_history[0].changes).toEqual({ vessel_name: { from: 'A', to: 'B' } });

    // The shipper sees only bookings of its own parties.
    const mine = (await api('GET', `/Booking/${main.so_no}/related`, shipper)).json();
    const mineSos = mine.bookings.map((b: { so_no: string }) => b.so_no);
    expect(mineSos).toContain(lane.so_no);
    expect(mineSos).not.toContain(sameMaster.so_no);
    expect((await api('GET', `/Booking/${sameMaster.so_no}/related`, shipper)).statusCode).toBe(404);
  });
});

describe('ISF profiles', () => {
  const profile = (over: Record<string, unknown> = {}) => ({
    name: 'Westcoast Buyer',
    address1: '1200 E Carson St',
    city: 'Long Beach',
    state: 'CA',
    zip: '90810',
    country: 'US',
    countryOfOrigin: 'CN',
    ...over,
  });

  it('creates, lists (own only, searchable) and deletes; another user’s or a missing one fails', async () => {
    const created = await api('POST', '/IsfProfile', shipper, profile());
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({ name: 'Westcoast Buyer', state: 'CA', country: 'US', countryOfOrigin: 'CN' });
    await api(
      'POST',
      '/IsfProfile',
      shipper,
      profile({ name: 'Shenzhen Seller', city: 'Shenzhen', state: null, zip: '518057', country: 'CN' }),
    );
    const opsOwn = await api('POST', '/IsfProfile', ops, profile({ name: 'Ops profile' }));
    expect(opsOwn.statusCode).toBe(201);

    const list = (await api('GET', '/IsfProfile', shipper)).json();
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Shenzhen Seller', 'Westcoast Buyer']);
    const found = (await api('GET', '/IsfProfile?q=west', shipper)).json();
    expect(found.map((x: { name: string }) => x.name)).toEqual(['Westcoast Buyer']);

    const foreign = await api('DELETE', `/IsfProfile/${opsOwn.json().isf_profile_id}`, shipper);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msgKey).toBe('msgDeleteIsfProfileFail');
    expect((await api('DELETE', '/IsfProfile/99999999', shipper)).json().msgKey).toBe(
      'msgDeleteIsfProfileFail',
    );
    expect((await api('DELETE', `/IsfProfile/${p.isf_profile_id}`, shipper)).statusCode).toBe(200);
    expect((await api('GET', '/IsfProfile', shipper)).json()).toHaveLength(1);
  });

  it('applies the US/CA state and ZIP rules', async () => {
    const bad = await api('POST', '/IsfProfile', shipper, profile({ state: 'C1', zip: '9081' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { field: 'state', msgKey: 'msgStateInvalid' },
        { field: 'zip', msgKey: 'msgZipInvalid' },
      ]),
    );
    const ca = await api(
      'POST',
      '/IsfProfile',
      shipper,
      profile({ country: 'CA', state: 'ON', zip: 'M5V 2T6' }),
    );
    expect(ca.statusCode, ca.body).toBe(201);
    const missing = await api(
      'POST',
      '/IsfProfile',
      shipper,
      profile({ name: '', countryOfOrigin: undefined }),
    );
    expect(missing.statusCode).toBe(400);
  });
});

describe('remarks', () => {
  it('sanitises HTML, keeps inline images and hides internal remarks from external users', async () => {
    const so = await createTestBooking(t.db, {});
    const dirty =
      '<p style="color:#f00;position:fixed">Hello <b>team</b><script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">bad</a><a href="https://example.com">good</a>' +
      `<img src="x" onerror="alert(2)"><img src="data:image/svg+xml;base64,PHN2Zz4=">` +
      `<img src="${png(30)}" onload="x()"><ul><li>one</li></ul><iframe src="https://evil"></iframe>`;
    const res = await api('POST', `/Booking/${so.so_no}/remarks`, ops, { html: dirty, visible_to: 'ALL' });
    expect(res.statusCode, res.body).toBe(201);
    const html: string = res.json().html;
    expect(html).not.toMatch(/script|onerror|onload|javascript:|svg|iframe|position/i);
    expect(html).toContain('<b>team</b>');
    expect(html).toContain('style="color:#f00"');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>',
    );
    expect(html).toContain(`<img src="${png(30)}" />`);
    expect(html).toContain('<ul><li>one</li></ul>');

    await api('POST', `/Booking/${so.so_no}/remarks`, ops, {
      html: '<p>Internal note</p>',
      visible_to: 'INTERNAL',
    });
    const forShipper = (await api('GET', `/Booking/${so.so_no}/remarks`, shipper)).json();
    expect(forShipper).toHaveLength(1);
    expect(forShipper[0]).toMatchObject({ visible_to: 'ALL', can_delete: false, created_by: 'Oscar Ops' });
    expect((await api('GET', `/Booking/${so.so_no}/remarks`, ops)).json()).toHaveLength(2);

    const internalByShipper = await api('POST', `/Booking/${so.so_no}/remarks`, shipper, {
      html: '<p>x</p>',
      visible_to: 'INTERNAL',
    });
    expect(internalByShipper.statusCode).toBe(403);
    const empty = await api('POST', `/Booking/${so.so_no}/remarks`, ops, { html: '<script>x</script>' });
    expect(empty.statusCode).toBe(400);
    // Another party's booking stays hidden.
    expect((await api('GET', `/Booking/${so.so_no}/remarks`, consignee)).statusCode).toBe(200);
    const hidden = await createTestBooking(t.db, {
      consignee_id: await partyIdOf(t.db, 'USNYC001'),
      nomination_agent_id: await partyIdOf(t.db, 'NLRTM001'),
    });
    expect((await api('GET', `/Booking/${hidden.so_no}/remarks`, consignee)).statusCode).toBe(404);
  });

  it('lets the author or an internal user delete a remark', async () => {
    const so = await createTestBooking(t.db, {});
    const byOps = (await api('POST', `/Booking/${so.so_no}/remarks`, ops, { html: '<p>ops</p>' })).json();
    const internal = (
      await api('POST', `/Booking/${so.so_no}/remarks`, ops, { html: '<p>i</p>', visible_to: 'INTERNAL' })
    ).json();
    const mine = (await api('POST', `/Booking/${so.so_no}/remarks`, shipper, { html: '<p>mine</p>' })).json();
    expect(mine.can_delete).toBe(true);
    expect((await api('DELETE', `/Booking/${so.so_no}/remarks/${byOps.id}`, shipper)).statusCode).toBe(403);
    expect((await api('DELETE', `/Booking/${so.so_no}/remarks/${internal.id}`, shipper)).statusCode).toBe(
      404,
    );
    expect((await api('DELETE', `/Booking/${so.so_no}/remarks/${mine.id}`, shipper)).statusCode).toBe(200);
    expect((await api('DELETE', `/Booking/${so.so_no}/remarks/${byOps.id}`, ops)).statusCode).toBe(200);
    expect((await api('DELETE', `/Booking/${so.so_no}/remarks/${byOps.id}`, ops)).statusCode).toBe(404);
  });

  it('enforces the configured limits and tells the editor about them', async () => {
    const limits = await api('GET', '/Booking/remark-limits', shipper);
    expect(limits.json()).toEqual({ imageMaxKb: 1, htmlMaxMb: 0.05, textMaxChars: 200 });
    const so = await createTestBooking(t.db, {});
    const url = `/Booking/${so.so_no}/remarks`;
    const image = await api('POST', url, ops, { html: `<p>x</p><img src="${png(1100)}">` });
    expect(image.statusCode).toBe(413);
    expect(image.json()).toMatchObject({ msgKey: 'msgRemarkImageTooLarge', params: { max: 1 } });
    expect((await api('POST', url, ops, { html: `<img src="${png(1000)}">` })).statusCode).toBe(201);
    const text = await api('POST', url, ops, { html: `<p>${'a'.repeat(201)}</p>` });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ msgKey: 'msgRemarkTextTooLong', params: { max: 200 } });
    expect((await api('POST', url, ops, { html: `<p>${'&amp;'.repeat(200)}</p>` })).statusCode).toBe(201);
    const big = await api('POST', url, ops, { html: `<p>x</p>${'<b></b>'.repeat(8000)}` });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ msgKey: 'msgRemarkTooLarge', params: { max: 0.05 } });
  });
});

describe('VGM', () => {
  it('generates one VERMAS D16A message per ready container, records them and lists newest first', async () => {
    const so = await createTestBooking(t.db, { status: 'CONFIRMED', gross_weight: '24000' }, [
      {
        container_no: 'MSKU1234565',
        seal_no: 'SL001',
        carrier_booking_no: 'MAEU240001',
        package_qty: 100,
        gross_weight: '12000',
        vgm_weight: '15820.5',
        vgm_method: 'SM1',
      },
      {
        container_no: 'TGHU0000002',
        seal_no: 'SL002',
        carrier_booking_no: 'MAEU240001',
        gross_weight: '12000',
      },
    ]);
    const sent = await api('POST', `/Booking/${so.so_no}/vgm`, ops);
    expect(sent.statusCode, sent.body).toBe(201);
    const [msg] = sent.json();
    expect(sent.json()).toHaveLength(1);
    expect(msg).toMatchObject({
      container_no: 'MSKU1234565',
      vgm_weight: '15820.500',
      vgm_method: 'SM1',
      status: 'SENT',
    });
    const segments: string[] = msg.payload.split('\n');
    expect(segments[0]).toBe("UNA:+.? '");
    expect(segments[1]).toMatch(
      new RegExp(`^UNB\\+UNOC:3\\+FWDHKG:ZZZ\\+MAEU:ZZZ\\+\\d{6}:\\d{4}\\+${msg.message_ref}'$`),
    );
    expect(segments[2]).toBe(`UNH+${msg.message_ref}+VERMAS:D:16A:UN:SMDG10'`);
    expect(segments).toContain("RFF+BN:MAEU240001'");
    expect(segments).toContain("EQD+CN+MSKU1234565:6346:5+45G1:6346:5+++5'");
    expect(segments).toContain("SEL+SL001+SH'");
    expect(segments).toContain("MEA+AAE+VGM+KGM:15820.500'");
    expect(segments).toContain(`DOC+SM1:VGM:306+${msg.message_ref}'`);
    const unhAt = segments.findIndex((s) => s.startsWith('UNH+'));
    const untAt = segments.findIndex((s) => s.startsWith('UNT+'));
    expect(segments[untAt]).toBe(`UNT+${untAt - unhAt + 1}+${msg.message_ref}'`);
    expect(segments[segments.length - 1]).toBe(`UNZ+1+${msg.message_ref}'`);

    const again = (await api('POST', `/Booking/${so.so_no}/vgm`, ops)).json();
    const list = (await api('GET', `/Booking/${so.so_no}/vgm`, shipper)).json();
    expect(list.map((m: { id: number }) => m.id)).toEqual([again[0].id, msg.id]);
    expect(again[0].message_ref).not.toBe(msg.message_ref);
    const hist = (await api('GET', `/Booking/${so.so_no}/history`, ops)).json();
    expect(hist[0]).toMatchObject({ action: 'send_vgm', from_status: 'CONFIRMED', to_status: 'CONFIRMED' });

    expect((await api('POST', `/Booking/${so.so_no}/vgm`, shipper)).statusCode).toBe(403);
    const none = await createTestBooking(t.db, { status: 'CONFIRMED' }, [{ container_no: 'MSKU1234565' }]);
    const refused = await api('POST', `/Booking/${none.so_no}/vgm`, ops);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msgKey).toBe('msgVgmNoContainer');
  });
});

describe('house doc', () => {
  it('refuses without an HBL number and renders a PDF with the CJK font otherwise', async () => {
    const none = await createTestBooking(t.db, {});
    const refused = await api('GET', `/Booking/${none.so_no}/house-doc`, ops);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msgKey).toBe('msgHblNotAssigned');

    const [cn] = await t.db
      .update(parties)
      .set({ full_name: '深圳光明之星电子有限公司' })
      .where(eq(parties.party_code, 'CNSZX001'))
      .returning();
    const so = await createTestBooking(
      t.db,
      { hbl_no: 'HBHKG261200042', job_no: 'JBHKG261200042', shipper_id: cn.party_id, status: 'CONFIRMED' },
      [{ container_no: 'MSKU1234565', seal_no: 'SL9', package_qty: 100, gross_weight: '1000', cbm: '10' }],
    );
    const times: number[] = [];
    let res = await api('GET', `/Booking/${so.so_no}/house-doc`, shipper);
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      res = await api('GET', `/Booking/${so.so_no}/house-doc`, shipper);
      times.push(performance.now() - t0);
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="HBHKG261200042.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansSC-Regular/);
    expect(raw).toContain('/FontFile2');
    // The title (document information) carries the HBL number.
    expect(raw).toContain('(House Bill of Lading HBHKG261200042)');
    times.sort((a, b) => a - b);
    expect(times[Math.ceil(times.length * 0.95) - 1]).toBeLessThan(1500);
  });

  it('hides shipper and consignee addresses when the booking says so', async () => {
    const so = await createTestBooking(t.db, { hbl_no: 'HBHIDE1', hide_party_address: true });
    const d = await houseDocData(t.db, internalActor, so.so_no);
    expect(d.shipper.address).toEqual([]);
    expect(d.consignee.address).toEqual([]);
    expect(d.places.pol).toMatch(/CNSHA/);
    const shown = await createTestBooking(t.db, { hbl_no: 'HBSHOW1' });
    const s = await houseDocData(t.db, internalActor, shown.so_no);
    expect(s.shipper.address.length).toBeGreaterThan(0);
    expect(s.consignee.address.join(' ')).toContain('Long Beach');
  });
});
