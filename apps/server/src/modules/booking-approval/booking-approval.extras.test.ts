import { APPROVAL_LIST_KEYS, type TCompareRow } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { apiOf, partyIds, validBooking } from '../booking/booking.fixture.test-helpers';
import { routingTemplates } from '../routing-template';
import { markBest } from './booking-approval.compare';
import { bookingInState, type DemoLane, demoLane, getOf } from './booking-approval.test-helpers';

let t: TestApp;
type H = Record<string, string>;
let ops: H;
let agent: H;
let lane: DemoLane;
let get: ReturnType<typeof getOf>;
let ids: Record<string, number>;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  get = getOf(t);
  lane = await demoLane(t.db);
  ids = await partyIds(t);
  [ops, agent] = await Promise.all(
    ['ops@demo.test', 'agent@demo.test'].map(async (u) => bearer(await sessionToken(t, u))),
  );
});
afterAll(async () => t?.close());

describe('demo approval data', () => {
  it('puts demo bookings in every approval state, one pending agent@ and consignee@', async () => {
    const { rows } = await t.db.execute<{ approval_status: string }>(
      sql`select distinct approval_status from shipping_orders where approval_status is not null order by 1`,
    );
    expect(rows.map((r) => r.approval_status)).toEqual([
      'APPROVED',
      'BOOKING_ADVICE',
      'PENDING_CUSTOMER',
      'REJECTED',
      'REQUEST_FOR_APPROVAL',
    ]);
    for (const h of [agent, bearer(await sessionToken(t, 'consignee@demo.test'))]) {
      const list = (await get('/BookingApproval/list/pending_customer_approval', h)).json();
      expect(list.rows.map((r: { so_no: string }) => r.so_no)).toContain('DEMOSHA012');
    }
    const tab = (await get('/BookingApproval/DEMOSHA012', agent)).json();
    expect(tab.proposals.length).toBeGreaterThan(1);
    expect(tab.allowed_actions).toEqual(['approve', 'reject']);
  });
});

describe('lists and dashboard', () => {
  it('answers every list and 404 for an unknown one', async () => {
    for (const key of APPROVAL_LIST_KEYS) {
      const res = await get(`/BookingApproval/list/${key}`, ops);
      expect(res.statusCode, key).toBe(200);
    }
    const bad = await get('/BookingApproval/list/nope', ops);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().msgKey).toBe('msgBookingListUnknown');
  });

  it('ages request, customer and rejected rows from the approval clock and counts the colours', async () => {
    const before = (await get('/BookingApproval/dashboard', ops)).json();
    const yellowAt = new Date(Date.now() - 30 * 3_600_000).toISOString();
    const redAt = new Date(Date.now() - 50 * 3_600_000).toISOString();
    const y = await bookingInState(t.db, lane, 'PENDING_CUSTOMER', 1, { approval_status_at: yellowAt });
    await bookingInState(t.db, lane, 'PENDING_CUSTOMER', 1, { approval_status_at: redAt });
    await bookingInState(t.db, lane, 'REJECTED', 1, { approval_status_at: yellowAt });
    const pending = await bookingInState(t.db, lane, 'NONE', 0, { confirmed_at: redAt });
    const after = (await get('/BookingApproval/dashboard', ops)).json();
    const delta = (key: string, f: 'count' | 'yellow' | 'red') =>
      after.lists.find((l: { key: string }) => l.key === key)[f] -
      before.lists.find((l: { key: string }) => l.key === key)[f];
    expect([
      delta('pending_customer_approval', 'count'),
      delta('pending_customer_approval', 'yellow'),
    ]).toEqual([2, 1]);
    expect(delta('pending_customer_approval', 'red')).toBe(1);
    expect(delta('booking_rejected', 'red')).toBe(1); // rejected: red after 1 day
    expect(delta('pending_for_approval', 'red')).toBe(1);
    expect(delta('search_booking_approval', 'count')).toBe(4);
    const row = (await get(`/BookingApproval/list/pending_customer_approval?q=${y.so_no}`, ops)).json()
      .rows[0];
    expect(new Date(row.ageing_since).toISOString()).toBe(yellowAt);
    const p = (await get(`/BookingApproval/list/pending_for_approval?q=${pending.so_no}`, ops)).json()
      .rows[0];
    expect(new Date(p.ageing_since).toISOString()).toBe(redAt);
    const exp = await get('/BookingApproval/list/booking_rejected/export', ops);
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('rate and sailing comparison', () => {
  it('prices candidate sailings and marks the cheapest and fastest', async () => {
    const so = await bookingInState(t.db, lane, 'REQUEST_FOR_APPROVAL', 1, { cargo_ready_date: today });
    const res = await get(`/BookingApproval/${so.so_no}/compare`, ops);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      pol: 'CNSHA',
      pod: 'USLAX',
      equipment: [{ container_type: '40HQ', qty: 1 }],
    });
    const byCarrier = Object.fromEntries(body.rows.map((r: TCompareRow) => [r.carrier_code, r]));
    expect(byCarrier.COSU).toMatchObject({
      total_rate: '2700.00',
      cheapest: true,
      proposed: true,
      earliest_ship_date: today,
      est_ship_date: lane.cosu.etd,
    });
    expect(byCarrier.MSCU).toMatchObject({
      total_rate: '2750.00',
      cheapest: false,
      proposed: false,
      is_tbc: true,
    });
    const fastest = Math.min(...body.rows.map((r: TCompareRow) => r.transit_days));
    for (const r of body.rows) expect(r.fastest).toBe(r.transit_days === fastest);
    const many = await get(`/BookingApproval/compare?so_nos=${so.so_no},${so.so_no}`, ops);
    expect(many.json()).toHaveLength(1);
  });

  it('answers no record or no rate found when no sailing fits, and needs compareso', async () => {
    const so = await bookingInState(t.db, lane, 'NONE', 0, {
      pol: 'HKHKG',
      pod: 'SGSIN',
      cargo_ready_date: today,
    });
    const res = await get(`/BookingApproval/${so.so_no}/compare`, ops);
    expect(res.statusCode).toBe(404);
    expect(res.json().msgKey).toBe('msgNoRateFound');
    expect((await get(`/BookingApproval/${so.so_no}/compare`, agent)).statusCode).toBe(403);
  });

  it('marks the cheapest within the most common currency', () => {
    const row = (over: Partial<TCompareRow>) =>
      ({ transit_days: 10, currency: 'USD', total_rate: '1', ...over }) as TCompareRow;
    const rows = markBest([
      row({ total_rate: '100.00', currency: 'EUR', transit_days: 5 }),
      row({ total_rate: '300.00' }),
      row({ total_rate: '200.00' }),
      row({ total_rate: null, currency: null }),
    ]);
    expect(rows.map((r) => r.cheapest)).toEqual([false, false, true, false]);
    expect(rows.map((r) => r.fastest)).toEqual([true, false, false, false]);
  });
});

describe('routing templates on bookings', () => {
  it('finds the demo template of HKCUS001 and USLAX001, 200 with null when none applies', async () => {
    const res = await get(
      `/Booking/routing-template?customer_id=${ids.HKCUS001}&consignee_id=${ids.USLAX001}`,
      ops,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pod: 'USLAX', can_overwrite: true, eta_validation: true });
    const none = await get(`/Booking/routing-template?consignee_id=${ids.DEMUC001}`, ops);
    // "No template" is a normal answer on every new booking, not an error (it was a 404 and a console error).
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toBeNull();
  });

  it('refuses a booking that overwrites a locked template and checks its ETA order', async () => {
    await t.db.insert(routingTemplates).values([
      {
        name: 'Locked NYC',
        customer_party_id: ids.HKCUS001,
        consignee_party_id: ids.USNYC001,
        pod: 'SGSIN',
        fd: 'HKHKG',
        effective_from: '2020-01-01',
        can_overwrite: false,
        eta_validation: false,
      },
      {
        name: 'ETA checked',
        customer_party_id: null,
        consignee_party_id: ids.NLAMS001,
        pld: 'SGSIN',
        effective_from: '2020-01-01',
        can_overwrite: true,
        eta_validation: true,
      },
    ]);
    const api = apiOf(t);
    const locked = await api('POST', '/Booking', ops, validBooking(ids, { consignee_id: ids.USNYC001 }));
    expect(locked.statusCode, locked.body).toBe(422);
    expect(locked.json()).toMatchObject({
      msgKey: 'msgRoutingTemplateLocked',
      details: [{ field: 'fd', msgKey: 'msgRoutingTemplateLocked', params: { value: 'HKHKG' } }],
    });
    // The demo template of HKCUS001 → USLAX001 (POD USLAX) can be overwritten: a booking to SGSIN is fine.
    const ok = await api('POST', '/Booking', ops, validBooking(ids));
    expect(ok.statusCode, ok.body).toBe(201);
    const etas = await api(
      'POST',
      '/Booking',
      ops,
      validBooking(ids, { consignee_id: ids.NLAMS001, pld_eta: '2027-03-20', fd_eta: '2027-03-18' }),
    );
    expect(etas.statusCode).toBe(400);
    expect(etas.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['pld_eta', 'fd_eta']),
    );
  });
});
