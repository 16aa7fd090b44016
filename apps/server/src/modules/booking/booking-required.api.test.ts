import { BOOKING_OWN_PARTY_OPTION_KEY, BOOKING_STEP_REQUIREMENTS, SAILING_FIELDS } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkUserToParties } from '../../../test/booking-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { apiOf, fieldErrors, partyIds, validBooking } from './booking.fixture.test-helpers';

/**
 * Which fields a booking needs when (docs/booking.md "Required fields"): a shipper's e-booking needs the cargo
 * and the parties, not the sailing; operations need the sailing to confirm and to save a confirmed booking.
 */
let t: TestApp;
let ops: Record<string, string>;
let shipper: Record<string, string>;
let ids: Record<string, number>;
let api: ReturnType<typeof apiOf>;

const NO_SAILING = Object.fromEntries(SAILING_FIELDS.map((f) => [f, null]));
const sailing = {
  carrier_code: 'MAEU',
  vessel_name: 'Maersk Kotka',
  voyage: '612S',
  cfs_closing: '2027-03-06T12:00',
  cy_closing: '2027-03-08T18:00',
  vgm_closing: '2027-03-08T12:00',
  si_closing: '2027-03-07T17:00',
};
const sailingRequired = Object.fromEntries(SAILING_FIELDS.map((f) => [f, 'msgFieldRequired']));

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  ids = await partyIds(t);
  await linkUserToParties(t.db, 'shipper@demo.test', ['CNSZX001']);
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
});
afterAll(() => t?.close());

describe('required fields by side, status and step', () => {
  it('an empty e-booking is refused for the cargo and parties only, not for the sailing', async () => {
    const res = await api('POST', '/Booking', shipper, {});
    expect(res.statusCode).toBe(400);
    const fields = Object.keys(fieldErrors(res.json()));
    expect(fields).toEqual(expect.arrayContaining(['shipper_id', 'consignee_id', 'pol', 'etd', 'equipment']));
    for (const f of SAILING_FIELDS) expect(fields).not.toContain(f);
  });

  it('a shipper saves an e-booking without carrier, vessel, voyage and closings; confirming needs them', async () => {
    const created = await api('POST', '/Booking', shipper, validBooking(ids, NO_SAILING));
    expect(created.statusCode, created.body).toBe(201);
    const b = created.json();
    expect(b.status).toBe('NEW_E_BOOKING');
    for (const f of SAILING_FIELDS) expect(b[f]).toBeNull();

    // The shipper may edit it again without the sailing.
    const edited = await api('PUT', `/Booking/${b.so_no}`, shipper, {
      ...validBooking(ids, NO_SAILING),
      version: b.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const refused = await api('POST', `/Booking/${b.so_no}/actions/confirm`, ops, { version: 2 });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(fieldErrors(refused.json())).toEqual(sailingRequired);
    // In the order of contracts' step table (the screen's summary lists them so, and focuses the first).
    expect(refused.json().details.map((d: { field: string }) => d.field)).toEqual([
      ...BOOKING_STEP_REQUIREMENTS.confirm.fields,
    ]);

    const filled = await api('PUT', `/Booking/${b.so_no}`, ops, {
      ...validBooking(ids, sailing),
      version: 2,
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const confirmed = await api('POST', `/Booking/${b.so_no}/actions/confirm`, ops, { version: 3 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('CONFIRMED');

    // A confirmed booking keeps its sailing: clearing the voyage is refused.
    const cleared = await api('PUT', `/Booking/${b.so_no}`, ops, {
      ...validBooking(ids, { ...sailing, voyage: '' }),
      version: 4,
    });
    expect(cleared.statusCode, cleared.body).toBe(400);
    expect(fieldErrors(cleared.json())).toEqual({ voyage: 'msgFieldRequired' });
  });

  it('operations save a new manual booking without the sailing', async () => {
    const res = await api('POST', '/Booking', ops, validBooking(ids, NO_SAILING));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'NEW_MANUAL', carrier_code: null, si_closing: null });
  });

  it('an unknown carrier is still refused when one is given', async () => {
    const res = await api('POST', '/Booking', ops, validBooking(ids, { carrier_code: 'ZZZZ' }));
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res.json())).toMatchObject({ carrier_code: 'msgCarrierUnknown' });
  });
});

describe('the own-party lookup (issue 39)', () => {
  const lookup = (headers: Record<string, string>, body: Record<string, unknown>) =>
    api('POST', '/Master/GetInSelectionOptions', headers, {
      fetchOptionKey: BOOKING_OWN_PARTY_OPTION_KEY,
      ...body,
    });
  const codes = (res: { json: () => { text: string }[] }) => res.json().map((o) => o.text.split(' - ')[0]);

  it('offers a shipper only its own parties, whatever it types or asks by id; operations get every party', async () => {
    // No text: the shipper's own parties (what the new e-booking prefills).
    const own = await lookup(shipper, {});
    expect(own.statusCode, own.body).toBe(200);
    expect(codes(own)).toEqual(['CNSZX001']);
    expect(own.json()[0].value).toBe(String(ids.CNSZX001));
    // Another party by code, or by id (a label look-up), is not offered.
    const other = await lookup(shipper, { searchText: 'HKCUS001' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual([]);
    const byId = await lookup(shipper, { searchValue: [String(ids.HKCUS001), String(ids.CNSZX001)] });
    expect(codes(byId)).toEqual(['CNSZX001']);
    // Operations (internal) are not limited.
    const opsHits = await lookup(ops, { searchText: 'HKCUS001' });
    expect(codes(opsHits)).toContain('HKCUS001');
  });

  it('what the lookup offers, Save accepts: an e-booking for the offered party is created', async () => {
    const [offered] = (await lookup(shipper, {})).json();
    const res = await api('POST', '/Booking', shipper, {
      ...validBooking(ids, NO_SAILING),
      shipper_id: Number(offered.value),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
