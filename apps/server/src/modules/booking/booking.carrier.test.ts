import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkUserToParties } from '../../../test/booking-factory';
import { bearer, sessionToken } from '../../../test/test-app';
import { validateDcsa } from '../../platform/dcsa';
import { sendDueCarrierRequests } from '../carrier-link';
import {
  type CarrierTestRig,
  carrierTestRig,
  expectEverySentMessageValid,
} from '../carrier-link/carrier-link.test-helpers';

// An FCL booking's carrier booking over DCSA against the carrier stand-in (issue 42): send, confirm, accept the
// differences (all of them the booking's own fields), amend, cancel, decline, the refusals, and the request file
// for a carrier without a connection; every message the portal sent validated against the YAML here.

let rig: CarrierTestRig;
/** CONFIRMED FCL bookings of COSU (the connected carrier), by SO#. */
let fcl: string[];

beforeAll(async () => {
  rig = await carrierTestRig();
  expect((await rig.connect('COSU')).statusCode).toBe(200);
  const { rows } = await rig.t.db.execute<{ so_no: string }>(
    sql`select so_no from shipping_orders where status = 'CONFIRMED' and service_type = 'FCL'
        and carrier_code = 'COSU' order by so_no`,
  );
  fcl = rows.map((r) => r.so_no);
  expect(fcl.length).toBeGreaterThanOrEqual(2);
}, 60_000);
afterAll(async () => rig?.close());

const get = (no: string, path: string, headers = rig.ops) =>
  rig.t.app.inject({ method: 'GET', url: `/api/v1/Booking/${no}${path ? `/${path}` : ''}`, headers });
const view = async (no: string) => {
  const res = await get(no, 'carrier');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const post = (no: string, what: string, payload: Record<string, unknown>, headers = rig.ops) =>
  rig.t.app.inject({ method: 'POST', url: `/api/v1/Booking/${no}/carrier/${what}`, headers, payload });
const events = async (no: string, code: string) => {
  const { rows } = await rig.t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from notification_events where doc_code = ${no} and event_code = ${code}`,
  );
  return rows[0].n;
};
const order = async (no: string) => {
  const { rows } = await rig.t.db.execute<Record<string, string | number | null>>(
    sql`select so_id, version, carrier_booking_status, vessel_name, voyage, etd::text as etd,
               to_char(cy_closing, 'YYYY-MM-DD"T"HH24:MI') as cy_closing,
               to_char(si_closing, 'YYYY-MM-DD"T"HH24:MI') as si_closing
          from shipping_orders where so_no = ${no}`,
  );
  return rows[0];
};
/** Sends what is queued, then waits for the stand-in's notifications to reach the portal. */
const flush = async () => {
  await sendDueCarrierRequests(rig.t.db);
  await rig.standIn.idle('COSU');
};

describe('FCL booking carrier booking (DCSA Booking 2.0)', () => {
  it('sends a booking, the carrier confirms, the user accepts the differences, amends and cancels', async () => {
    const no = fcl[0];
    let v = await view(no);
    expect(v).toMatchObject({ connected: true, carrier_code: 'COSU', exchange: null, blocked: null });
    // The manual "Submit booking" gives way to "Send to carrier" (which sets the same state).
    const page = await get(no, '');
    expect(page.json().allowed_actions).not.toContain('submit_booking');
    const manual = await rig.t.app.inject({
      method: 'POST',
      url: `/api/v1/Booking/${no}/actions/submit_booking`,
      headers: rig.ops,
      payload: { version: v.version },
    });
    expect(manual.statusCode).toBe(422);
    expect(manual.json().msgKey).toBe('msgCarrierLinkSendInstead');
    expect(v.can).toMatchObject({ send: true, amend: false, cancel: false, accept: false });
    const before = await order(no);

    const started = performance.now();
    const sent = await post(no, 'send', { version: v.version });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().exchange).toMatchObject({ kind: 'BOOKING', link_state: 'SENDING' });
    // The booking's own carrier-booking state follows (the Carrier Booking tab), with a new version.
    const submitted = await order(no);
    expect(submitted).toMatchObject({
      carrier_booking_status: 'SUBMITTED',
      version: Number(before.version) + 1,
    });
    expect(sent.json().version).toBe(submitted.version);
    await flush();
    v = await view(no);
    console.log(
      `[carrier-link] FCL booking send → CONFIRMED: ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(v.exchange).toMatchObject({ carrier_status: 'CONFIRMED', link_state: 'SYNCED', last_error: null });
    expect(v.exchange.carrier_booking_reference).toBeTruthy();
    expect(await events(no, 'SO_CARRIER_CONFIRMED')).toBe(1);

    // The carrier's booking reference and cut-offs are the booking's own fields: all acceptable.
    const cbr = v.differences.find((d: { field: string }) => d.field === 'carrier_booking_no');
    expect(cbr).toMatchObject({ carrier: v.exchange.carrier_booking_reference, acceptable: true });
    expect(v.differences.every((d: { acceptable: boolean }) => d.acceptable)).toBe(true);
    expect(v.can.accept).toBe(true);
    const fields = v.differences.map((d: { field: string }) => d.field);
    expect((await post(no, 'accept', { version: v.version + 1, fields })).statusCode).toBe(409);
    expect((await post(no, 'accept', { version: v.version, fields: ['nonsense'] })).statusCode).toBe(400);
    const accepted = await post(no, 'accept', { version: v.version, fields });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = accepted.json();
    expect(after.differences).toEqual([]);
    expect(after.can.accept).toBe(false);
    expect(after.version).toBe(v.version + 1);
    const stored = await order(no);
    for (const d of v.differences as { field: string; carrier: string }[]) {
      if (d.field === 'vessel_name' || d.field === 'voyage' || d.field === 'etd')
        expect(stored[d.field]).toBe(d.carrier);
      if (d.field === 'cy_cutoff') expect(stored.cy_closing).toBe(d.carrier);
      if (d.field === 'si_cutoff') expect(stored.si_closing).toBe(d.carrier);
    }
    const { rows: boxes } = await rig.t.db.execute<{ carrier_booking_no: string | null }>(
      sql`select carrier_booking_no from so_containers where so_id = ${stored.so_id}`,
    );
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.every((b) => b.carrier_booking_no === v.exchange.carrier_booking_reference)).toBe(true);
    const { rows: hist } = await rig.t.db.execute<{ action: string }>(
      sql`select action from status_history where entity_type = 'booking' and entity_id = ${no}
          and action like 'carrier_%' order by id`,
    );
    expect(hist.map((h) => h.action)).toEqual(['carrier_send', 'carrier_accept']);

    // Amend: the booking again, as an UPDATE of the confirmed booking.
    expect(after.can).toMatchObject({ send: false, amend: true, cancel: false });
    expect((await post(no, 'send', { version: after.version })).statusCode).toBe(200);
    await flush();
    v = await view(no);
    expect(v.exchange).toMatchObject({
      carrier_status: 'CONFIRMED',
      carrier_sub_status: 'AMENDMENT_CONFIRMED',
    });

    // Cancel follows the booking's own cancel.
    const refused = await post(no, 'cancel', { version: v.version });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msgKey).toBe('msgCarrierLinkActionNotAllowed');
    const { rows: cancelled } = await rig.t.db.execute<{ version: number }>(
      sql`update shipping_orders set status = 'CANCELLED', version = version + 1 where so_no = ${no}
          returning version`,
    );
    const cancel = await post(no, 'cancel', { version: cancelled[0].version, reason: 'shipper withdrew' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await flush();
    v = await view(no);
    expect(v.exchange.carrier_status).toBe('CANCELLED');
    expect(v.can).toMatchObject({ send: false, amend: false, cancel: false });

    const sentToCarrier = rig.standIn
      .received({ carrier: 'COSU' })
      .filter((r) => r.path.startsWith('/v2/bookings'));
    expect(sentToCarrier.map((r) => r.method)).toEqual(expect.arrayContaining(['POST', 'PUT', 'PATCH']));
    // The request names the booking: its SO# as customer reference, FCL, the booking's sailing.
    // (A POST the carrier link timed out on a loaded machine is retried: the stand-in keeps the aborted one
    // without a body, so the request read is the one that arrived whole.)
    const create = sentToCarrier.find((r) => r.method === 'POST' && r.body)?.body as Record<string, unknown>;
    expect(create).toMatchObject({ cargoMovementTypeAtOrigin: 'FCL', carrierCode: 'COSU' });
    expect(create.references).toEqual(expect.arrayContaining([{ type: 'CR', value: no }]));
    expect(expectEverySentMessageValid(rig.standIn)).toBeGreaterThanOrEqual(3);
    expect(rig.standIn.problems()).toEqual([]);
  }, 60_000);

  it('a declined booking is shown as such and ops hear of it; the booking may be sent again', async () => {
    const no = fcl[1];
    rig.standIn.setCarrier('COSU', { mode: 'decline' });
    try {
      let v = await view(no);
      expect((await post(no, 'send', { version: v.version })).statusCode).toBe(200);
      await flush();
      v = await view(no);
      expect(['REJECTED', 'DECLINED']).toContain(v.exchange.carrier_status);
      expect(await events(no, 'SO_CARRIER_DECLINED')).toBe(1);
      expect(v.can.send).toBe(true);
    } finally {
      rig.standIn.setCarrier('COSU', { mode: 'normal' });
    }
  }, 60_000);

  it('refuses an LCL booking, a booking not confirmed, a stale version and a customer profile', async () => {
    const pick = async (where: ReturnType<typeof sql>) => {
      const { rows } = await rig.t.db.execute<{ so_no: string; version: number }>(
        sql`select so_no, version from shipping_orders where ${where} order by so_no limit 1`,
      );
      return rows[0];
    };
    const lcl = await pick(sql`service_type = 'LCL' and carrier_code = 'COSU' and status = 'CONFIRMED'`);
    if (lcl) {
      expect((await view(lcl.so_no)).blocked).toBe('msgCarrierLinkLclWithPlan');
      const res = await post(lcl.so_no, 'send', { version: lcl.version });
      expect(res.statusCode).toBe(422);
      expect(res.json().msgKey).toBe('msgCarrierLinkLclWithPlan');
      expect((await get(lcl.so_no, 'dcsa/booking')).statusCode).toBe(422);
    }
    const fresh = await pick(
      sql`service_type = 'FCL' and carrier_code = 'COSU' and status = 'NEW_E_BOOKING'`,
    );
    const nv = await view(fresh.so_no);
    expect(nv).toMatchObject({ blocked: 'msgCarrierLinkActionNotAllowed' });
    expect(nv.can.send).toBe(false);
    const early = await post(fresh.so_no, 'send', { version: fresh.version });
    expect(early.statusCode).toBe(422);
    expect(early.json().msgKey).toBe('msgCarrierLinkActionNotAllowed');

    const v = await view(fcl[2] ?? fcl[1]);
    expect((await post(fcl[2] ?? fcl[1], 'send', { version: v.version + 5 })).statusCode).toBe(409);
    expect((await post(fcl[2] ?? fcl[1], 'send', { version: 0 })).statusCode).toBe(400);

    // A shipper of the booking sees the panel but may not act.
    await linkUserToParties(rig.t.db, 'shipper@demo.test', ['CNSZX001']);
    const shipper = bearer(await sessionToken(rig.t, 'shipper@demo.test'));
    const own = await pick(
      sql`service_type = 'FCL' and shipper_id = (select party_id from parties where party_code = 'CNSZX001')`,
    );
    const seen = await get(own.so_no, 'carrier', shipper);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().can).toEqual({ send: false, amend: false, cancel: false, accept: false });
    expect((await post(own.so_no, 'send', { version: own.version }, shipper)).statusCode).toBe(403);
    // Nobody else's booking: 404.
    expect((await get('SO-NOT-THERE', 'carrier')).statusCode).toBe(404);
  });

  it('writes a valid DCSA booking request for every FCL demo booking (the file of a carrier without a connection)', async () => {
    const { rows } = await rig.t.db.execute<{ so_no: string }>(
      sql`select so_no from shipping_orders where service_type = 'FCL' order by so_no`,
    );
    expect(rows.length).toBeGreaterThan(3);
    for (const { so_no } of rows) {
      const res = await get(so_no, 'dcsa/booking');
      expect(res.statusCode, `${so_no}: ${res.body}`).toBe(200);
      expect(res.headers['content-disposition']).toContain(`${so_no}-dcsa-booking-2.0.json`);
      expect(validateDcsa('booking-2.0', res.json())).toEqual([]);
    }
  });
});
