import {
  BOOKING_ACTIONS,
  BOOKING_MSG,
  BOOKING_TRANSITIONS,
  INTERNAL_ONLY_FIELDS,
  isExternalProfile,
  type TBooking,
  type TBookingAction,
} from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { notFound } from '../../platform/errors/app-error';
import { sentOverDcsa } from './booking.carrier.service';
import { fieldsOf, isoOut } from './booking.presenter';
import { bookingRepository as repo, type SoRow } from './booking.repository';
import { BOOKING_PARTY_COLUMNS } from './booking-access.repository';

/** Sub-state preconditions beyond the transition table (001 §4). */
function preconditionMet(action: TBookingAction, r: SoRow): boolean {
  switch (action) {
    case 'submit_si':
      return r.space_status === 'RELEASED_SO' && r.si_status === 'PENDING' && r.job_no !== null;
    case 'reverse_si':
      return r.si_status === 'SUBMITTED';
    case 'assign_job':
      return r.job_no === null;
    case 'submit_booking':
      return r.carrier_booking_status === 'NOT_SENT';
    default:
      return true;
  }
}

/**
 * The actions this actor may take on the order now: the moves of BOOKING_TRANSITIONS from its status, those
 * meant for the actor's side (internal or external, BOOKING_ACTIONS[a].by), whose sub-state preconditions hold.
 */
export function allowedActions(actor: Actor, r: SoRow): TBookingAction[] {
  const side = isExternalProfile(actor.profile_type) ? 'external' : 'internal';
  const moves = BOOKING_TRANSITIONS[r.status] ?? {};
  return (Object.keys(moves) as TBookingAction[]).filter(
    (a) => BOOKING_ACTIONS[a].by === side && preconditionMet(a, r),
  );
}

/** True when the actor is on the forwarder's side (sees contract and house-doc settings). */
/** The actions as the booking page offers them: "Submit booking" by hand only where the carrier is not linked. */
async function presentedActions(db: DbOrTx, actor: Actor, row: SoRow): Promise<TBookingAction[]> {
  const actions = allowedActions(actor, row);
  if (!actions.includes('submit_booking') || !(await sentOverDcsa(db, row))) return actions;
  return actions.filter((a) => a !== 'submit_booking');
}

export const isInternal = (actor: Actor) => !isExternalProfile(actor.profile_type);

/** The stored order the actor may see, or 404 msgSoNotFound (the same answer for another party's order). */
export async function loadVisibleOrThrow(db: DbOrTx, actor: Actor, soNo: string, forUpdate = false) {
  const row = await repo.bySoNo(db, actor, soNo, forUpdate);
  if (!row) throw notFound(BOOKING_MSG.notFound);
  return row;
}

/** Whether the actor may see the order `soNo` (documents and the mobile hand-off answer 404 otherwise). */
export const isVisibleBooking = (db: DbOrTx, actor: Actor, soNo: string) =>
  repo.visibleExists(db, actor, soNo);

/** A stored order as the API answers it (ZBooking) for this actor. */
export async function presentBooking(db: DbOrTx, actor: Actor, row: SoRow): Promise<TBooking> {
  const lines = await repo.lines(db, row.so_id);
  const fields = fieldsOf(row, lines);
  const ids = BOOKING_PARTY_COLUMNS.map((c) => row[c]).filter((id): id is number => id !== null);
  const refs = await repo.partyRefs(db, ids);
  const isTbc = await repo.isTbcSailing(db, row.sailing_id);
  const byId = new Map(refs.map((p) => [p.party_id, p]));
  const parties: TBooking['parties'] = {};
  for (const c of BOOKING_PARTY_COLUMNS) {
    const p = row[c] === null ? undefined : byId.get(row[c] as number);
    if (p)
      parties[c.replace(/_id$/, '')] = {
        party_id: p.party_id,
        party_code: p.party_code,
        full_name: p.full_name,
      };
  }
  if (!isInternal(actor)) {
    for (const f of INTERNAL_ONLY_FIELDS)
      (fields as Record<string, unknown>)[f] = f === 'hide_party_address' ? false : null;
  }
  return {
    ...fields,
    so_id: row.so_id,
    so_no: row.so_no,
    job_no: row.job_no,
    hbl_no: row.hbl_no,
    status: row.status,
    is_e_booking: row.is_e_booking,
    si_status: row.si_status,
    si_submitted_at: isoOut(row.si_submitted_at),
    carrier_booking_status: row.carrier_booking_status,
    carrier_submitted_at: isoOut(row.carrier_submitted_at),
    approval_status: row.approval_status,
    cancel_reason: row.cancel_reason,
    is_tbc_sailing: isTbc,
    parties,
    allowed_actions: await presentedActions(db, actor, row),
    status_changed_at: isoOut(row.status_changed_at) as string,
    created_at: isoOut(row.created_at) as string,
    created_by: row.created_by,
    updated_at: isoOut(row.updated_at) as string,
    updated_by: row.updated_by,
    user_uid: row.user_uid,
    version: row.version,
  };
}

/**
 * A shipping order as the API answers it (ZBooking), if the actor may see it; otherwise 404 msgSoNotFound.
 * Internal-only fields (contract type and number, hide party address) are blanked for external users.
 */
export async function getBookingOrThrow(db: DbOrTx, actor: Actor, soNo: string): Promise<TBooking> {
  return presentBooking(db, actor, await loadVisibleOrThrow(db, actor, soNo));
}
