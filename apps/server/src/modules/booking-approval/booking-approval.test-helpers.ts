import type { TApprovalState } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { createTestBooking, type FactoryBooking, linkUserToParties } from '../../../test/booking-factory';
import type { TestApp } from '../../../test/test-app';
import type { DbOrTx } from '../../platform/db/client';
import { sailingSchedules } from '../sailing-schedule';
import { priceProposals } from './booking-approval.pricing';
import { approvalRepository } from './booking-approval.repository';

/**
 * Test helpers of the approval tests: users with an external profile, demo sailing/rate ids and bookings put
 * straight into an approval state with proposals. Not used by the product.
 */

type H = Record<string, string>;

/** Creates an active user with one profile of `type` (role of the same code) owning the parties `codes`. */
export async function createExternalUser(db: DbOrTx, login: string, type: string, codes: string[]) {
  await db.execute(sql`
    with u as (
      insert into users (login_id, first_name, last_name, created_by)
      values (${login}, 'Test', ${type}, 'test') returning user_uid)
    insert into user_profiles (user_uid, profile_type_id, role_id)
    select u.user_uid, t.profile_type_id, r.role_id
      from u, profile_types t, roles r where t.code = ${type} and r.code = ${type}`);
  await linkUserToParties(db, login, codes);
}

/** Ids of the demo sailings and rates on CNSHA → USLAX (COSU 052E, MSCU TBC) and one on HKHKG → NLRTM. */
export async function demoLane(db: DbOrTx) {
  const sailing = async (carrier: string, pol: string) => {
    const [s] = await db
      .select()
      .from(sailingSchedules)
      .where(and(eq(sailingSchedules.carrier_code, carrier), eq(sailingSchedules.pol, pol)))
      .orderBy(sailingSchedules.etd)
      .limit(1);
    return s;
  };
  const rate = async (carrier: string, pol: string) => {
    const { rows } = await db.execute<{ rate_id: number }>(
      sql`select rate_id from rates where carrier_code = ${carrier} and pol = ${pol} and service = 'FCL' limit 1`,
    );
    return rows[0].rate_id;
  };
  return {
    cosu: await sailing('COSU', 'CNSHA'),
    mscu: await sailing('MSCU', 'CNSHA'),
    eu: await sailing('MAEU', 'HKHKG'),
    cosuRate: await rate('COSU', 'CNSHA'),
    mscuRate: await rate('MSCU', 'CNSHA'),
    euRate: await rate('MAEU', 'HKHKG'),
  };
}
export type DemoLane = Awaited<ReturnType<typeof demoLane>>;

/**
 * A CONFIRMED booking CNSHA → USLAX (agent CNSHA001, consignee USLAX001, one 40HQ) in approval `state` with
 * `proposals` proposed sailings (COSU then MSCU, priced), as the factory and the pricing build them.
 */
export async function bookingInState(
  db: DbOrTx,
  lane: DemoLane,
  state: TApprovalState,
  proposals = 1,
  over: Partial<FactoryBooking> = {},
) {
  const o = await createTestBooking(db, {
    status: 'CONFIRMED',
    confirmed_at: new Date().toISOString(),
    approval_status: state === 'NONE' ? null : state,
    approval_status_at: state === 'NONE' ? null : new Date().toISOString(),
    ...over,
  });
  const input = [
    { sailing_id: lane.cosu.sailing_schedule_id, rate_id: lane.cosuRate },
    { sailing_id: lane.mscu.sailing_schedule_id, rate_id: lane.mscuRate },
  ].slice(0, proposals);
  const stored = input.length
    ? await approvalRepository.replaceProposals(db, o.so_id, await priceProposals(db, o, input), 'test')
    : [];
  return { ...o, proposals: stored };
}

/** POST an approval action through inject. */
export const actOf =
  (t: TestApp) =>
  (soNo: string, action: string, headers: H, body: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/BookingApproval/${soNo}/actions/${action}`,
      headers,
      payload: { version: 1, ...body },
    });

export const getOf = (t: TestApp) => (url: string, headers: H) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
