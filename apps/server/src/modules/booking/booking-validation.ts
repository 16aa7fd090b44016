import {
  BOOKING_MSG,
  PARTY_USABLE_STATUSES,
  type TBookingAction,
  type TFieldError,
  type ZBookingValidationResult,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { bookingRepository as repo } from './booking.repository';
import { BOOKING_PARTY_COLUMNS } from './booking-access.repository';

type Result = z.output<typeof ZBookingValidationResult>;

/** Display names of the party columns in the validation results (party_type_name). */
export const PARTY_TYPE_NAMES: Record<(typeof BOOKING_PARTY_COLUMNS)[number], string> = {
  shipper_id: 'Shipper',
  customer_id: 'Customer',
  consignee_id: 'Consignee',
  notify_id: 'Notify party',
  nomination_agent_id: 'Nomination agent',
  release_agent_id: 'Release agent',
};

/**
 * Actions checked by party (001 §5 "checked before actions"): every action that keeps a booking going.
 * Cancelling (and reversing the SI) stays possible with a blocked party, so a user can always back out.
 */
const PARTY_CHECKED: ReadonlySet<TBookingAction> = new Set<TBookingAction>([
  'confirm',
  'request_amend',
  'reject_cancel',
  'recover',
  'assign_job',
  'submit_si',
  'submit_booking',
]);

/**
 * Booking validation by job and by party (001 §8, 000 §8) for the bookings `soNos` the actor may see
 * (others are left out): JOB when recovering a booking whose job is closed; PARTY for each party that is
 * inactive or not fully approved (approval status outside PARTY_USABLE_STATUSES).
 */
export async function validateBookings(
  db: DbOrTx,
  actor: Actor,
  action: TBookingAction,
  soNos: string[],
): Promise<Result[]> {
  const orders = await repo.visibleBySoNos(db, actor, soNos);
  const results: Result[] = [];
  if (action === 'recover') {
    for (const o of orders.filter((x) => x.job_closed)) {
      results.push({ res: 'JOB', so_no: o.so_no, action, party_type_name: null, party_code: null });
    }
  }
  if (!PARTY_CHECKED.has(action) || !orders.length) return results;
  const ids = [
    ...new Set(orders.flatMap((o) => BOOKING_PARTY_COLUMNS.map((c) => o[c]).filter((v) => v !== null))),
  ] as number[];
  if (!ids.length) return results;
  const usable = new Set<string>(PARTY_USABLE_STATUSES);
  const blocked = (await repo.partyRefs(db, ids)).filter(
    (p) => p.status !== 'A' || !usable.has(p.approval_status),
  );
  const code = new Map(blocked.map((p) => [p.party_id, p.party_code]));
  for (const o of orders) {
    for (const c of BOOKING_PARTY_COLUMNS) {
      const id = o[c];
      if (id !== null && code.has(id)) {
        results.push({
          res: 'PARTY',
          so_no: o.so_no,
          action,
          party_type_name: PARTY_TYPE_NAMES[c],
          party_code: code.get(id) ?? null,
        });
      }
    }
  }
  return results;
}

/** The validation results as per-SO details of the error (field: the SO number). */
const toDetails = (results: Result[]): TFieldError[] =>
  results.map((r) => ({
    field: r.so_no,
    msgKey: r.res === 'JOB' ? BOOKING_MSG.validationByJob : BOOKING_MSG.validationByParty,
    params: {
      res: r.res,
      so_no: r.so_no,
      action: r.action,
      party_type_name: r.party_type_name ?? '',
      party_code: r.party_code ?? '',
    },
  }));

/**
 * Refuses the action with 422 when validation finds anything: msgBookingValidationByJob first (the job
 * must be re-opened), else msgBookingValidationByParty; params {list, action}, details one row per result.
 */
export async function assertBookingValid(db: DbOrTx, actor: Actor, action: TBookingAction, soNo: string) {
  const results = await validateBookings(db, actor, action, [soNo]);
  if (!results.length) return;
  const jobs = results.filter((r) => r.res === 'JOB');
  if (jobs.length) {
    throw new AppError(422, BOOKING_MSG.validationByJob, {
      params: { list: jobs.map((r) => r.so_no).join(', '), action },
      details: toDetails(jobs),
    });
  }
  throw new AppError(422, BOOKING_MSG.validationByParty, {
    params: { list: results.map((r) => `${r.party_code} (${r.so_no})`).join(', '), action },
    details: toDetails(results),
  });
}
