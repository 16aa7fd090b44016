import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueCarrierRequests } from '../carrier-link';
import {
  type CarrierTestRig,
  carrierTestRig,
  expectEverySentMessageValid,
} from '../carrier-link/carrier-link.test-helpers';

// The plan's carrier booking over DCSA against the carrier stand-in (issue 42): send, confirm, accept the
// differences, amend, cancel, decline; every message the portal sent validated against the YAML here.

let rig: CarrierTestRig;
let plans: string[];

beforeAll(async () => {
  rig = await carrierTestRig();
  expect((await rig.connect('COSU')).statusCode).toBe(200);
  const { rows } = await rig.t.db.execute<{ consol_no: string }>(
    sql`select consol_no from consol_plans where status in ('APPROVED', 'CONSOL_ADVICE') order by consol_no`,
  );
  plans = rows.map((r) => r.consol_no);
  expect(plans.length).toBeGreaterThanOrEqual(2);
}, 60_000);
afterAll(async () => rig?.close());

const view = async (no: string) => {
  const res = await rig.t.app.inject({
    method: 'GET',
    url: `/api/v1/Consolidation/${no}/carrier`,
    headers: rig.ops,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const post = (no: string, what: string, payload: Record<string, unknown>) =>
  rig.t.app.inject({
    method: 'POST',
    url: `/api/v1/Consolidation/${no}/carrier/${what}`,
    headers: rig.ops,
    payload,
  });
const events = async (no: string, code: string) => {
  const { rows } = await rig.t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from notification_events where doc_code = ${no} and event_code = ${code}`,
  );
  return rows[0].n;
};
/** Sends what is queued, then waits for the stand-in's notifications to reach the portal. */
const flush = async () => {
  await sendDueCarrierRequests(rig.t.db);
  await rig.standIn.idle('COSU');
};

describe('consolidation carrier booking (DCSA Booking 2.0)', () => {
  it('sends a plan, the carrier confirms, the user accepts the differences, amends and cancels', async () => {
    const no = plans[0];
    let v = await view(no);
    expect(v).toMatchObject({ connected: true, carrier_code: 'COSU', exchange: null });
    expect(v.can).toMatchObject({ send: true, amend: false, cancel: false, accept: false });

    const started = performance.now();
    const sent = await post(no, 'send', { version: v.version });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().exchange).toMatchObject({ kind: 'BOOKING', link_state: 'SENDING' });
    await flush();
    v = await view(no);
    const roundTripMs = performance.now() - started;
    console.log(
      `[carrier-link] send → CONFIRMED against the stand-in (0 ms carrier delay): ${roundTripMs.toFixed(0)} ms`,
    );
    expect(v.exchange).toMatchObject({ carrier_status: 'CONFIRMED', link_state: 'SYNCED', last_error: null });
    expect(v.exchange.carrier_ref).toBeTruthy();
    expect(v.exchange.carrier_booking_reference).toBeTruthy();
    expect(v.exchange.events.map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(['QUEUED', 'SENT', 'NOTIFIED']),
    );
    expect(await events(no, 'CARRIER_BOOKING_CONFIRMED')).toBe(1);

    // The carrier's booking reference (and what else it changed) as differences to accept.
    const cbr = v.differences.find((d: { field: string }) => d.field === 'carrier_booking_no');
    expect(cbr).toMatchObject({ carrier: v.exchange.carrier_booking_reference, acceptable: true });
    expect(v.can.accept).toBe(true);
    // Cut-offs are shown beside the sailing's (same 'YYYY-MM-DDTHH:mm' form), never taken into the plan.
    for (const d of v.differences.filter((x: { field: string }) => x.field.endsWith('_cutoff'))) {
      expect(d.acceptable).toBe(false);
      for (const t of [d.ours, d.carrier].filter(Boolean)) expect(t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    }
    const stale = await post(no, 'accept', { version: v.version + 1, fields: ['carrier_booking_no'] });
    expect(stale.statusCode).toBe(409);
    const wrong = await post(no, 'accept', { version: v.version, fields: ['nonsense'] });
    expect(wrong.statusCode).toBe(400);
    const accepted = await post(no, 'accept', { version: v.version, fields: ['carrier_booking_no'] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    v = accepted.json();
    expect(v.differences.find((d: { field: string }) => d.field === 'carrier_booking_no')).toBeUndefined();
    expect(v.can.accept).toBe(false);
    expect(v.exchange.reviewed_at).toBeTruthy();
    const { rows: boxes } = await rig.t.db.execute<{ carrier_booking_no: string | null }>(
      sql`select c.carrier_booking_no from consol_containers c join consol_plans p on p.consol_id = c.consol_id
          where p.consol_no = ${no}`,
    );
    expect(boxes.every((b) => b.carrier_booking_no === v.exchange.carrier_booking_reference)).toBe(true);
    const { rows: hist } = await rig.t.db.execute<{ action: string }>(
      sql`select action from status_history where entity_type = 'consolidation' and entity_id = ${no}
          and action = 'carrier_accept'`,
    );
    expect(hist).toHaveLength(1);

    // Amend: the plan's booking again, as an UPDATE of the confirmed booking.
    expect(v.can).toMatchObject({ send: false, amend: true, cancel: false });
    const amended = await post(no, 'send', { version: v.version });
    expect(amended.statusCode, amended.body).toBe(200);
    await flush();
    v = await view(no);
    expect(v.exchange).toMatchObject({
      carrier_status: 'CONFIRMED',
      carrier_sub_status: 'AMENDMENT_CONFIRMED',
    });

    // Cancel follows the plan's own cancel.
    expect((await post(no, 'cancel', { version: v.version })).statusCode).toBe(422);
    const { rows: cancelled } = await rig.t.db.execute<{ version: number }>(
      sql`update consol_plans set status = 'CANCELLED', version = version + 1 where consol_no = ${no} returning version`,
    );
    const cancel = await post(no, 'cancel', { version: cancelled[0].version, reason: 'customer withdrew' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await flush();
    v = await view(no);
    expect(v.exchange.carrier_status).toBe('CANCELLED');
    expect(v.can).toMatchObject({ send: false, amend: false, cancel: false });

    const methods = rig.standIn
      .received({ carrier: 'COSU' })
      .filter((r) => r.path.startsWith('/v2/bookings'))
      .map((r) => r.method);
    expect(methods).toEqual(expect.arrayContaining(['POST', 'PUT', 'PATCH']));
    expect(expectEverySentMessageValid(rig.standIn)).toBeGreaterThanOrEqual(3);
    expect(rig.standIn.problems()).toEqual([]);
  }, 60_000);

  it('a declined booking is shown as such and ops hear of it; the plan may be sent again', async () => {
    const no = plans[1];
    rig.standIn.setCarrier('COSU', { mode: 'decline' });
    try {
      let v = await view(no);
      expect((await post(no, 'send', { version: v.version })).statusCode).toBe(200);
      await flush();
      v = await view(no);
      expect(['REJECTED', 'DECLINED']).toContain(v.exchange.carrier_status);
      expect(await events(no, 'CARRIER_BOOKING_DECLINED')).toBe(1);
      expect(v.can.send).toBe(true);
    } finally {
      rig.standIn.setCarrier('COSU', { mode: 'normal' });
    }
    expect(expectEverySentMessageValid(rig.standIn)).toBeGreaterThan(0);
  }, 60_000);

  it('round trip time with a warm portal and stand-in (send → CONFIRMED, 0 ms carrier delay)', async () => {
    const no = plans[2] ?? plans[1];
    let v = await view(no);
    const started = performance.now();
    expect((await post(no, 'send', { version: v.version })).statusCode).toBe(200);
    await flush();
    v = await view(no);
    const ms = performance.now() - started;
    console.log(`[carrier-link] warm send → CONFIRMED: ${ms.toFixed(0)} ms`);
    expect(v.exchange.carrier_status).toBe('CONFIRMED');
  }, 60_000);

  it('refuses a plan that is not approved, a stale version and a customer profile', async () => {
    const { rows } = await rig.t.db.execute<{ consol_no: string; version: number }>(
      sql`select consol_no, version from consol_plans where status = 'PLAN' order by consol_no limit 1`,
    );
    const res = await post(rows[0].consol_no, 'send', { version: rows[0].version });
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgCarrierLinkActionNotAllowed');
    const v = await view(plans[1]);
    expect((await post(plans[1], 'send', { version: v.version + 5 })).statusCode).toBe(409);
  });
});
