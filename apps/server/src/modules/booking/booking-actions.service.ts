import {
  BOOKING_ACTION_EVENT,
  BOOKING_ACTIONS,
  BOOKING_MSG,
  BOOKING_SUB_STATE_TRANSITIONS,
  BOOKING_TRANSITIONS,
  type BookingRuleContext,
  bookingIssues,
  CARRIER_LINK_MSG,
  isExternalProfile,
  MSG,
  missingForBookingStep,
  type TBooking,
  type TBookingAction,
  type TBookingStatus,
  type TFieldError,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors/app-error';
import { notifyBooking } from '../../platform/notify/notify';
import { allocateNumber } from '../sequence';
import { sentOverDcsa } from './booking.carrier.service';
import { getBookingOrThrow } from './booking.read';
import { bookingRepository as repo } from './booking.repository';
import type { shippingOrders } from './booking.tables';
import { BOOKING_ENTITY, type ShippingOrderRow, visibleOrderOrThrow } from './booking-history';
import { indexBookings } from './booking-search.repository';
import { assertBookingValid } from './booking-validation';

type OrderUpdate = Partial<typeof shippingOrders.$inferInsert>;

/** What an action changes besides the status: the columns to set. */
interface Effect {
  set: OrderUpdate;
  /** Overrides the transition table's target (reject_cancel goes back to the stored status). */
  to?: TBookingStatus;
}

const now = () => new Date().toISOString();

/** The facts bookingIssues needs beyond the form: the chosen sailing and rate. */
export async function ruleContext(
  db: DbOrTx,
  o: { sailing_id: number | null; rate_id: number | null },
): Promise<BookingRuleContext> {
  const sailing = o.sailing_id ? await repo.sailing(db, o.sailing_id) : undefined;
  const sizes = o.rate_id ? await repo.rateSizes(db, o.rate_id) : undefined;
  return {
    sailing: sailing ?? null,
    rate: sizes?.length ? { container_sizes: sizes } : null,
  };
}

/** The ETD that numbers the job and HBL: a TBC sailing uses the projected ETD (001 §4). */
async function numberingEtd(tx: DbOrTx, o: ShippingOrderRow): Promise<string> {
  if (!o.carrier_code || !o.vessel_name || !o.voyage || !o.etd) {
    throw new AppError(422, BOOKING_MSG.sailingRequired);
  }
  if (!o.sailing_id) return o.etd;
  const s = await repo.sailingEtd(tx, o.sailing_id);
  if (!s) throw new AppError(422, BOOKING_MSG.sailingRequired);
  return s.is_tbc ? (o.projected_etd ?? s.etd) : o.etd;
}

/** Sub-state checks and the columns each action sets (status moves come from BOOKING_TRANSITIONS). */
async function effectOf(
  tx: DbOrTx,
  actor: Actor,
  action: TBookingAction,
  o: ShippingOrderRow,
  reason: string | null,
): Promise<Effect> {
  switch (action) {
    case 'confirm': {
      const booking = await getBookingOrThrow(tx, actor, o.so_no);
      // Confirming needs the sailing an e-booking may leave blank (carrier, vessel, voyage, closings).
      const stage = { side: 'internal', status: o.status, step: 'confirm' } as const;
      const ctx = { ...(await ruleContext(tx, o)), stage };
      // The step's own fields first (contracts BOOKING_STEP_REQUIREMENTS, which the screen marks before the
      // user presses Confirm), then the booking rules' other errors, each field once.
      const details: TFieldError[] = missingForBookingStep('confirm', booking);
      const named = new Set(details.map((d) => d.field));
      for (const i of bookingIssues(booking, ctx).filter((x) => x.level === 'error')) {
        const field = i.path.join('.');
        if (named.has(field) && i.message === MSG.fieldRequired) continue;
        details.push({ field, msgKey: i.message, ...(i.params && { params: i.params }) });
      }
      if (details.length) throw badRequest(details);
      return { set: { confirmed_at: now() } };
    }
    case 'request_cancel':
      return { set: { status_before_cancel: o.status, cancel_reason: reason } };
    case 'reject_cancel':
      return {
        set: { status_before_cancel: null, cancel_reason: null },
        to: o.status_before_cancel ?? 'CONFIRMED',
      };
    case 'cancel':
      return { set: { cancel_reason: reason, status_before_cancel: null } };
    case 'recover':
      return { set: { cancel_reason: null, status_before_cancel: null } };
    case 'assign_job': {
      if (o.job_no || o.hbl_no) throw new AppError(422, BOOKING_MSG.jobAlreadyAssigned);
      const at = new Date(`${await numberingEtd(tx, o)}T00:00:00Z`);
      // A job# or HBL# an imported order already carries is skipped: a job# taken twice would merge two jobs.
      const job = await allocateNumber(tx, {
        docType: 'JOB',
        officeCode: o.handling_office,
        at,
        inUse: (n) => repo.numberInUse(tx, 'job_no', n),
      });
      const hbl = await allocateNumber(tx, {
        docType: 'HBL',
        officeCode: o.handling_office,
        at,
        inUse: (n) => repo.numberInUse(tx, 'hbl_no', n),
      });
      return { set: { job_no: job.number, hbl_no: hbl.number } };
    }
    case 'submit_si': {
      const si = BOOKING_SUB_STATE_TRANSITIONS.submit_si;
      if (o.space_status !== 'RELEASED_SO') throw new AppError(422, BOOKING_MSG.spaceNotReleased);
      if (o.si_status !== si.from) throw new AppError(422, BOOKING_MSG.siAlreadySubmitted);
      if (!o.job_no) throw new AppError(422, BOOKING_MSG.jobNotAssigned);
      return { set: { si_status: si.to, si_submitted_at: now() } };
    }
    case 'reverse_si': {
      const si = BOOKING_SUB_STATE_TRANSITIONS.reverse_si;
      if (o.si_status !== si.from) throw new AppError(422, BOOKING_MSG.siNotSubmitted);
      return { set: { si_status: si.to, si_submitted_at: null } };
    }
    case 'submit_booking': {
      // Sent once; a change after that goes to the carrier as an amendment, outside this action.
      const carrier = BOOKING_SUB_STATE_TRANSITIONS.submit_booking;
      if (o.carrier_booking_status !== carrier.from) {
        throw new AppError(422, BOOKING_MSG.actionNotAllowed, { params: { action, status: o.status } });
      }
      // A carrier linked over DCSA is booked by "Send to carrier", which sets this state (docs/carrier-link.md).
      if (await sentOverDcsa(tx, o)) throw new AppError(422, CARRIER_LINK_MSG.sendInstead);
      return { set: { carrier_booking_status: carrier.to, carrier_submitted_at: now() } };
    }
    default:
      // request_amend, acknowledge_cancel: the status move only.
      return { set: {} };
  }
}

/** Sub-state columns worth a line in the history's changes. */
const TRACKED = ['job_no', 'hbl_no', 'si_status', 'carrier_booking_status'] as const;

/**
 * Takes `action` on booking `soNo` (001 §4): visibility (404), who may take it (403), version (409),
 * BOOKING_TRANSITIONS (422), reason (400), validation by job and party (422), sub-state rules (422); then
 * the move, its history entry and the version bump, all in one transaction. Answers the booking.
 */
export async function takeBookingAction(
  db: Db,
  actor: Actor,
  soNo: string,
  action: TBookingAction,
  body: { version: number; reason?: string | null },
): Promise<TBooking> {
  const spec = BOOKING_ACTIONS[action];
  await db.transaction(async (tx) => {
    const o = await visibleOrderOrThrow(tx, actor, soNo, { lock: true });
    const external = isExternalProfile(actor.profile_type);
    if ((spec.by === 'internal') === external) throw forbidden(BOOKING_MSG.actionNotForProfile);
    if (o.version !== body.version) throw conflict(MSG.recordNotLatest);
    const from = o.status;
    const moves = BOOKING_TRANSITIONS[from] ?? {};
    if (!(action in moves)) {
      throw new AppError(422, BOOKING_MSG.actionNotAllowed, { params: { action, status: from } });
    }
    const reason = body.reason?.trim() || null;
    if (spec.reason && !reason) {
      throw badRequest([{ field: 'reason', msgKey: BOOKING_MSG.reasonRequired }], BOOKING_MSG.reasonRequired);
    }
    await assertBookingValid(tx, actor, action, soNo);
    const effect = await effectOf(tx, actor, action, o, reason);
    const to = effect.to ?? moves[action] ?? from;
    const at = now();
    // The tracked columns the move writes, against the row as read locked above.
    const changes = diffFields(o, effect.set, TRACKED);
    await repo.updateLocked(tx, o.so_id, {
      ...effect.set,
      status: to,
      ...(to !== from && { status_changed_at: at }),
      version: o.version + 1,
      updated_at: at,
      updated_by: actor.login_id,
    });
    // Job#/HBL# assignment, cancel and every status move reach the global search in the same transaction.
    await indexBookings(tx, [o.so_id]);
    await recordHistory(tx, {
      entityType: BOOKING_ENTITY,
      entityId: soNo,
      action,
      fromStatus: from,
      toStatus: to,
      reason,
      changes,
      actor: { uid: actor.user_uid, name: actorName(actor) },
    });
    await notifyBooking(tx, BOOKING_ACTION_EVENT[action], { ...o, ...effect.set }, actor.user_uid);
  });
  return getBookingOrThrow(db, actor, soNo);
}
