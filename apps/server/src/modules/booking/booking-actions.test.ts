import {
  BOOKING_ACTION_NAMES,
  BOOKING_ACTIONS,
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  type TBookingAction,
  type TBookingStatus,
} from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBooking, type FactoryBooking, linkUserToParties } from '../../../test/booking-factory';
import { partyIdOf } from '../../../test/party-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { sailingSchedules } from '../sailing-schedule';
import { shippingOrders } from './booking.tables';

let t: TestApp;
type H = Record<string, string>;
let ops: H;
let shipper: H;
let agent: H;

const api = (method: 'GET' | 'POST', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });

const act = (
  soNo: string,
  action: string,
  headers: H,
  body: { version?: number; reason?: string | null } = {},
) => api('POST', `/Booking/${soNo}/actions/${action}`, headers, { version: 1, ...body });

/** A booking in `status` whose sub-states let `action` pass its own preconditions. */
async function bookingFor(
  status: TBookingStatus,
  action: TBookingAction,
  over: Partial<FactoryBooking> = {},
) {
  const preOf: Partial<Record<TBookingAction, Partial<FactoryBooking>>> = {
    submit_si: {
      space_status: 'RELEASED_SO',
      job_no: `JBT${Math.random()}`.slice(0, 14),
      hbl_no: 'HBTEST',
    },
    reverse_si: { si_status: 'SUBMITTED', si_submitted_at: new Date().toISOString() },
  };
  const pre = preOf[action] ?? {};
  return createTestBooking(t.db, {
    status,
    is_e_booking: status !== 'NEW_MANUAL',
    ...(status === 'CANCEL_PENDING' && { status_before_cancel: 'CONFIRMED', cancel_reason: 'Changed plans' }),
    ...pre,
    ...over,
  });
}

const actorFor = (action: TBookingAction) => (BOOKING_ACTIONS[action].by === 'internal' ? ops : shipper);
const reasonFor = (action: TBookingAction) => (BOOKING_ACTIONS[action].reason ? 'Customer asked' : undefined);

beforeAll(async () => {
  t = await createTestApp();
  await linkUserToParties(t.db, 'shipper@demo.test', ['CNSZX001']);
  await linkUserToParties(t.db, 'agent@demo.test', ['DEHAM001']);
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
  shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
  agent = bearer(await sessionToken(t, 'agent@demo.test'));
});
afterAll(async () => t?.close());

describe('transition table', () => {
  for (const status of BOOKING_STATUSES) {
    for (const action of BOOKING_ACTION_NAMES) {
      const allowed = action in BOOKING_TRANSITIONS[status];
      it(`${status} × ${action} → ${allowed ? 'moves' : '422'}`, async () => {
        const so = await bookingFor(status, action);
        const res = await act(so.so_no, action, actorFor(action), { reason: reasonFor(action) });
        if (!allowed) {
          expect(res.statusCode, res.body).toBe(422);
          expect(res.json()).toMatchObject({
            msgKey: 'msgBookingActionNotAllowed',
            params: { action, status },
          });
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        const target = BOOKING_TRANSITIONS[status][action] ?? status;
        const body = res.json();
        expect(body.status).toBe(target);
        expect(body.version).toBe(2);
        const hist = (await api('GET', `/Booking/${so.so_no}/history`, ops)).json();
        expect(hist[0]).toMatchObject({ action, from_status: status, to_status: target });
      });
    }
  }
});

describe('action rules', () => {
  it('refuses actions meant for the other side with 403', async () => {
    const so = await createTestBooking(t.db, { status: 'NEW_E_BOOKING', is_e_booking: true });
    const byShipper = await act(so.so_no, 'confirm', shipper);
    expect(byShipper.statusCode).toBe(403);
    expect(byShipper.json().msgKey).toBe('msgBookingActionNotForProfile');
    const byOps = await act(so.so_no, 'request_cancel', ops, { reason: 'x' });
    expect(byOps.statusCode).toBe(403);
    expect(byOps.json().msgKey).toBe('msgBookingActionNotForProfile');
  });

  it('requires a reason where the action needs one', async () => {
    const so = await createTestBooking(t.db, { status: 'CONFIRMED' });
    for (const reason of [undefined, '   ']) {
      const res = await act(so.so_no, 'cancel', ops, { reason });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'reason', msgKey: 'msgReasonRequired' }]);
    }
  });

  it('refuses a stale version with 409 and an unknown action with 400', async () => {
    const so = await createTestBooking(t.db, { status: 'NEW_MANUAL' });
    const stale = await act(so.so_no, 'confirm', ops, { version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msgKey).toBe('msgRecordNotLatest');
    expect((await act(so.so_no, 'explode', ops)).statusCode).toBe(400);
  });

  it('hides other parties’ bookings: 404 for the action, the history and the validation', async () => {
    // The agent user books for CNSHA001 (and DEHAM001 here); this booking's agent is NLRTM001.
    const so = await createTestBooking(t.db, {
      status: 'NEW_E_BOOKING',
      is_e_booking: true,
      nomination_agent_id: await partyIdOf(t.db, 'NLRTM001'),
    });
    const res = await act(so.so_no, 'request_cancel', agent, { reason: 'Not mine' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msgKey).toBe('msgSoNotFound');
    expect((await api('GET', `/Booking/${so.so_no}/history`, agent)).statusCode).toBe(404);
    expect((await act('NO-SUCH-SO', 'confirm', ops)).statusCode).toBe(404);
    // The shipper's own booking: the request goes through and keeps where it came from.
    const own = await act(so.so_no, 'request_cancel', shipper, { reason: 'Order cancelled' });
    expect(own.statusCode, own.body).toBe(200);
    const [row] = await t.db.select().from(shippingOrders).where(eq(shippingOrders.so_id, so.so_id));
    expect(row).toMatchObject({
      status: 'CANCEL_PENDING',
      status_before_cancel: 'NEW_E_BOOKING',
      cancel_reason: 'Order cancelled',
    });
  });

  it('reject_cancel returns to the status held before the request and records the reason', async () => {
    const so = await createTestBooking(t.db, { status: 'AMEND_PENDING', is_e_booking: true });
    await act(so.so_no, 'request_cancel', shipper, { reason: 'Please cancel' });
    const res = await act(so.so_no, 'reject_cancel', ops, { version: 2, reason: 'Cargo already loaded' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'AMEND_PENDING', cancel_reason: null, version: 3 });
    const hist = (await api('GET', `/Booking/${so.so_no}/history`, ops)).json();
    expect(hist[0]).toMatchObject({
      action: 'reject_cancel',
      from_status: 'CANCEL_PENDING',
      to_status: 'AMEND_PENDING',
      reason: 'Cargo already loaded',
    });
  });

  it('confirm runs the booking rules on the stored booking and changes nothing when they fail', async () => {
    const bad = await createTestBooking(t.db, { status: 'NEW_MANUAL', cargo_ready_date: '2026-12-20' });
    const res = await act(bad.so_no, 'confirm', ops);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'etd', msgKey: 'msgEtdBeforeCargoReady' });
    const [row] = await t.db.select().from(shippingOrders).where(eq(shippingOrders.so_id, bad.so_id));
    expect(row).toMatchObject({ status: 'NEW_MANUAL', version: 1, confirmed_at: null });
    expect((await api('GET', `/Booking/${bad.so_no}/history`, ops)).json()).toEqual([]);

    const good = await createTestBooking(t.db, { status: 'NEW_MANUAL' });
    expect((await act(good.so_no, 'confirm', ops)).statusCode).toBe(200);
    const [done] = await t.db.select().from(shippingOrders).where(eq(shippingOrders.so_id, good.so_id));
    expect(done.confirmed_at).not.toBeNull();
    expect(done.updated_by).toBe('ops@demo.test');
  });
});

describe('sub-states', () => {
  it('submit_si needs released space, a job and a pending SI; reverse_si needs a submitted SI', async () => {
    const pending = await createTestBooking(t.db, { status: 'CONFIRMED', job_no: 'JB1', hbl_no: 'HB1' });
    expect((await act(pending.so_no, 'submit_si', ops)).json().msgKey).toBe('msgSpaceNotReleased');
    const noJob = await createTestBooking(t.db, { status: 'CONFIRMED', space_status: 'RELEASED_SO' });
    expect((await act(noJob.so_no, 'submit_si', ops)).json().msgKey).toBe('msgJobNotAssigned');
    const done = await createTestBooking(t.db, {
      status: 'CONFIRMED',
      space_status: 'RELEASED_SO',
      job_no: 'JB2',
      si_status: 'SUBMITTED',
    });
    expect((await act(done.so_no, 'submit_si', ops)).json().msgKey).toBe('msgSiAlreadySubmitted');
    const open = await createTestBooking(t.db, { status: 'CONFIRMED' });
    const rev = await act(open.so_no, 'reverse_si', ops);
    expect(rev.statusCode).toBe(422);
    expect(rev.json().msgKey).toBe('msgSiNotSubmitted');

    const ok = await createTestBooking(t.db, {
      status: 'CONFIRMED',
      space_status: 'RELEASED_SO',
      job_no: 'JB3',
    });
    const sub = await act(ok.so_no, 'submit_si', ops);
    expect(sub.json()).toMatchObject({ si_status: 'SUBMITTED', status: 'CONFIRMED' });
    expect(sub.json().si_submitted_at).not.toBeNull();
    const back = await act(ok.so_no, 'reverse_si', ops, { version: 2 });
    expect(back.json()).toMatchObject({ si_status: 'PENDING', si_submitted_at: null });
    const hist = (await api('GET', `/Booking/${ok.so_no}/history`, ops)).json();
    expect(hist.map((h: { action: string }) => h.action)).toEqual(['reverse_si', 'submit_si']);
    expect(hist[1].changes).toEqual({ si_status: { from: 'PENDING', to: 'SUBMITTED' } });
  });

  it('submit_booking marks the carrier booking submitted once', async () => {
    const so = await createTestBooking(t.db, { status: 'CONFIRMED' });
    const res = await act(so.so_no, 'submit_booking', ops);
    expect(res.json()).toMatchObject({ carrier_booking_status: 'SUBMITTED' });
    expect(res.json().carrier_submitted_at).not.toBeNull();
    expect((await act(so.so_no, 'submit_booking', ops, { version: 2 })).statusCode).toBe(422);
  });

  it('assign_job numbers job and HBL at the ETD, and refuses a second time', async () => {
    const so = await createTestBooking(t.db, {
      status: 'CONFIRMED',
      etd: '2026-12-10',
      handling_office: 'HKG',
    });
    const res = await act(so.so_no, 'assign_job', ops);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().job_no).toMatch(/^JBHKG2612\d{5}$/);
    expect(res.json().hbl_no).toMatch(/^HBHKG2612\d{5}$/);
    const again = await act(so.so_no, 'assign_job', ops, { version: 2 });
    expect(again.statusCode).toBe(422);
    expect(again.json().msgKey).toBe('msgJobAlreadyAssigned');
    const hist = (await api('GET', `/Booking/${so.so_no}/history`, ops)).json();
    expect(hist[0].changes.job_no).toEqual({ from: null, to: res.json().job_no });
  });

  it('assign_job skips a job# and an HBL# that imported orders already carry (a job# taken twice merges two jobs)', async () => {
    const book = () =>
      createTestBooking(t.db, { status: 'CONFIRMED', etd: '2026-12-11', handling_office: 'HKG' });
    const first = (await act((await book()).so_no, 'assign_job', ops)).json() as {
      job_no: string;
      hbl_no: string;
    };
    const next = (no: string, k: number) =>
      no.slice(0, -5) + String(Number(no.slice(-5)) + k).padStart(5, '0');
    // Orders brought in from another system with the numbers the sequences would hand out next.
    await createTestBooking(t.db, {
      status: 'CONFIRMED',
      job_no: next(first.job_no, 1),
      hbl_no: next(first.hbl_no, 1),
    });
    await createTestBooking(t.db, { status: 'CONFIRMED', job_no: next(first.job_no, 2), hbl_no: 'HB-OTHER' });
    const res = await act((await book()).so_no, 'assign_job', ops);
    expect(res.statusCode, res.body).toBe(200);
    // Before: the job# of the imported order, silently shared (and its HBL#).
    expect(res.json()).toMatchObject({ job_no: next(first.job_no, 3), hbl_no: next(first.hbl_no, 2) });
  });

  it('assign_job on a TBC sailing uses the projected ETD, else the sailing ETD', async () => {
    const [tbc] = await t.db
      .insert(sailingSchedules)
      .values({
        carrier_code: 'MAEU',
        vessel_name: 'TBC VESSEL',
        voyage: 'TBC',
        pol: 'CNSHA',
        pod: 'USLAX',
        etd: '2027-01-31',
        eta: '2027-02-20',
        is_tbc: true,
      })
      .returning();
    const projected = await createTestBooking(t.db, {
      status: 'CONFIRMED',
      sailing_id: tbc.sailing_schedule_id,
      projected_etd: '2027-03-05',
    });
    const a = await act(projected.so_no, 'assign_job', ops);
    expect(a.json().job_no).toMatch(/^JBHKG2703/);
    expect(a.json().hbl_no).toMatch(/^HBHKG2703/);
    const fallback = await createTestBooking(t.db, {
      status: 'CONFIRMED',
      sailing_id: tbc.sailing_schedule_id,
    });
    expect((await act(fallback.so_no, 'assign_job', ops)).json().job_no).toMatch(/^JBHKG2701/);
    const missing = await createTestBooking(t.db, { status: 'CONFIRMED', sailing_id: 999_999 });
    const res = await act(missing.so_no, 'assign_job', ops);
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgSailingRequired');
  });
});

describe('booking validation by job and by party', () => {
  it('recovering a booking whose job is closed asks to re-open the job', async () => {
    const so = await createTestBooking(t.db, { status: 'CANCELLED', job_no: 'JBCLOSED1', job_closed: true });
    const res = await act(so.so_no, 'recover', ops);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      msgKey: 'msgBookingValidationByJob',
      params: { list: so.so_no, action: 'recover' },
      details: [{ field: so.so_no, msgKey: 'msgBookingValidationByJob' }],
    });
    const v = await api('POST', '/Booking/validate', ops, { action: 'recover', so_nos: [so.so_no] });
    expect(v.json()).toEqual([
      { res: 'JOB', so_no: so.so_no, action: 'recover', party_type_name: null, party_code: null },
    ]);
  });

  it('a party that is not fully approved or inactive blocks moving the booking on, not cancelling it', async () => {
    const pending = await partyIdOf(t.db, 'CNXMN001'); // approval status P
    const so = await createTestBooking(t.db, { status: 'NEW_MANUAL', notify_id: pending });
    const res = await act(so.so_no, 'confirm', ops);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      msgKey: 'msgBookingValidationByParty',
      params: { list: `CNXMN001 (${so.so_no})`, action: 'confirm' },
    });
    expect(res.json().details[0].params).toMatchObject({
      party_code: 'CNXMN001',
      party_type_name: 'Notify party',
    });

    const inactive = await createTestBooking(t.db, { status: 'NEW_MANUAL' });
    await t.db.execute(sql`update parties set status = 'I' where party_code = 'CNSHA001'`);
    try {
      const v = await api('POST', '/Booking/validate', ops, {
        action: 'confirm',
        so_nos: [so.so_no, inactive.so_no, 'NO-SUCH'],
      });
      expect(v.statusCode).toBe(200);
      const rows = v.json() as { so_no: string; party_code: string; party_type_name: string; res: string }[];
      expect(rows).toContainEqual({
        res: 'PARTY',
        so_no: so.so_no,
        action: 'confirm',
        party_type_name: 'Notify party',
        party_code: 'CNXMN001',
      });
      expect(rows).toContainEqual({
        res: 'PARTY',
        so_no: inactive.so_no,
        action: 'confirm',
        party_type_name: 'Nomination agent',
        party_code: 'CNSHA001',
      });
      // Cancelling stays possible.
      const cancel = await act(so.so_no, 'cancel', ops, { reason: 'Party not approved' });
      expect(cancel.statusCode, cancel.body).toBe(200);
    } finally {
      await t.db.execute(sql`update parties set status = 'A' where party_code = 'CNSHA001'`);
    }
  });
});
