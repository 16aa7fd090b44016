import {
  CARRIER_LINK_MSG,
  isExternalProfile,
  MSG,
  type TBookingStatus,
  type TCarrierBookingField,
  type TCarrierBookingView,
  type TCarrierDifference,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, conflict, forbidden } from '../../platform/errors/app-error';
import { emitNotification } from '../../platform/notify/notify';
import { carrierBooking, carrierLink } from '../carrier-link';
import { bookingCarrierRepository as carrierRepo } from './booking.carrier.repository';
import { bookingDcsaRequest } from './booking.dcsa';
import { bookingRepository as repo, type SoRow } from './booking.repository';
import { BOOKING_ENTITY, visibleOrderOrThrow } from './booking-history';
import { runBookingAmendmentHooks } from './booking-hooks';
import { indexBookings } from './booking-search.repository';

/**
 * An FCL booking's carrier booking over DCSA Booking 2.0 (issue 42; docs/carrier-link.md "FCL bookings"): the
 * same moves as a consolidation plan's (send, amend, cancel, accept the carrier's details), on the booking's own
 * sailing and carrier.
 *
 * When (a forwarder's rule): an FCL booking goes to the carrier once operations confirmed it (CONFIRMED): the
 * customer's request is accepted and the sailing known. An LCL booking goes with its consolidation plan (the
 * plan books the boxes); a bulk booking is no container booking. Sending also marks the booking's carrier-booking
 * state SUBMITTED (the Carrier Booking tab's manual "Submit booking" does the same without a connection). The
 * carrier booking is cancelled when the booking is cancelled (the user presses "cancel at carrier").
 */
export const SO_CARRIER_SEND_STATES: readonly TBookingStatus[] = ['CONFIRMED'];
export const SO_CARRIER_CANCEL_STATES: readonly TBookingStatus[] = ['CANCELLED'];

type Exchange = Awaited<ReturnType<typeof carrierLink.exchangesOf>>[number];

const who = (a: Actor) => ({ uid: a.user_uid, name: actorName(a) });

/** The carrier booking is the forwarder's: a customer's profile sees the panel but may not act. */
function internalOnly(actor: Actor) {
  if (isExternalProfile(actor.profile_type)) throw forbidden(MSG.noPermission);
}

async function bookingExchange(db: DbOrTx, soId: number): Promise<Exchange | undefined> {
  return (await carrierLink.exchangesOf(db, 'SO', soId)).find((x) => x.kind === 'BOOKING');
}

/** Why the booking cannot be sent now (a message key), or null. */
function sendBlock(o: SoRow): string | null {
  if (o.service_type === 'LCL') return CARRIER_LINK_MSG.lclWithPlan;
  if (o.service_type !== 'FCL' || !SO_CARRIER_SEND_STATES.includes(o.status))
    return CARRIER_LINK_MSG.actionNotAllowed;
  if (!o.carrier_code) return CARRIER_LINK_MSG.noCarrier;
  return null;
}

/** The booking's container lines as the panel compares them. */
type Boxes = { carrier_booking_no: string | null }[];

/** The booking's side of each field the carrier's Booking may state. */
function oursOf(o: SoRow, boxes: Boxes): Record<TCarrierBookingField, string | null> {
  const nos = [...new Set(boxes.map((c) => c.carrier_booking_no).filter((n): n is string => !!n))];
  const { localMinute } = carrierBooking;
  return {
    carrier_booking_no: nos.length ? nos.join(', ') : null,
    vessel_name: o.vessel_name,
    voyage: o.voyage,
    etd: o.etd,
    cfs_cutoff: localMinute(o.cfs_closing),
    cy_cutoff: localMinute(o.cy_closing),
    vgm_cutoff: localMinute(o.vgm_closing),
    si_cutoff: localMinute(o.si_closing),
  };
}

/** Where the carrier's booking differs from the booking: every field is the booking's own (acceptable). */
const differencesOf = (o: SoRow, boxes: Boxes, x: Exchange | undefined): TCarrierDifference[] =>
  carrierBooking.differences(x, oursOf(o, boxes), (f) => f !== 'carrier_booking_no' || boxes.length > 0);

/** The booking's columns an accepted field writes (cut-offs are the booking's closings, local time). */
type AcceptColumn =
  | 'vessel_name'
  | 'voyage'
  | 'etd'
  | 'cfs_closing'
  | 'cy_closing'
  | 'vgm_closing'
  | 'si_closing';
const COLUMN: Record<Exclude<TCarrierBookingField, 'carrier_booking_no'>, AcceptColumn> = {
  vessel_name: 'vessel_name',
  voyage: 'voyage',
  etd: 'etd',
  cfs_cutoff: 'cfs_closing',
  cy_cutoff: 'cy_closing',
  vgm_cutoff: 'vgm_closing',
  si_cutoff: 'si_closing',
};
/** A carrier's `YYYY-MM-DDTHH:mm` as the closing columns store it. */
const asLocal = (v: string) => `${v.replace('T', ' ').slice(0, 16)}:00`;

/**
 * True when the booking goes to its carrier over DCSA (an FCL booking whose carrier has an enabled Booking
 * connection): the manual "Submit booking" is then replaced by "Send to carrier", which sets the same state.
 */
export async function sentOverDcsa(db: DbOrTx, o: Pick<SoRow, 'service_type' | 'carrier_code'>) {
  return (
    o.service_type === 'FCL' &&
    !!o.carrier_code &&
    !!(await carrierLink.connectionFor(db, o.carrier_code, 'BOOKING'))
  );
}

export const bookingCarrierService = {
  /** The carrier panel of a booking (404 when the actor may not see it). */
  async view(db: DbOrTx, actor: Actor, soNo: string): Promise<TCarrierBookingView> {
    const o = await visibleOrderOrThrow(db, actor, soNo);
    const x = await bookingExchange(db, o.so_id);
    const boxes = await carrierRepo.containerBookingNos(db, o.so_id);
    const carrierCode = x?.carrier_code ?? o.carrier_code ?? null;
    const connected = !!(carrierCode && (await carrierLink.connectionFor(db, carrierCode, 'BOOKING')));
    return carrierBooking.view({
      x,
      carrierCode,
      connected,
      internal: !isExternalProfile(actor.profile_type),
      differences: differencesOf(o, boxes, x),
      block: sendBlock(o),
      cancelState: SO_CARRIER_CANCEL_STATES.includes(o.status),
      version: o.version,
    });
  },

  /** The booking request as a DCSA file (a carrier without a connection: the user sends it by hand). */
  async request(db: DbOrTx, actor: Actor, soNo: string) {
    internalOnly(actor);
    const o = await visibleOrderOrThrow(db, actor, soNo);
    if (o.service_type === 'LCL') throw new AppError(422, CARRIER_LINK_MSG.lclWithPlan);
    return bookingDcsaRequest(db, o, await repo.lines(db, o.so_id));
  },

  /** Sends the booking: CREATE the first time (or after the last one ended), UPDATE (amend) after. */
  async send(db: Db, actor: Actor, soNo: string, version: number) {
    internalOnly(actor);
    await db.transaction(async (tx) => {
      const o = await visibleOrderOrThrow(tx, actor, soNo, { lock: true });
      if (o.version !== version) throw conflict(MSG.recordNotLatest);
      const block = sendBlock(o);
      if (block) throw new AppError(422, block, { params: { status: o.status } });
      const x = await bookingExchange(tx, o.so_id);
      const live = carrierBooking.isLive(x);
      const amend = live && carrierBooking.hasRef(x);
      if (live && !amend) throw new AppError(422, CARRIER_LINK_MSG.actionNotAllowed);
      const request = await bookingDcsaRequest(tx, o, await repo.lines(tx, o.so_id));
      await carrierLink.enqueue(tx, actor, {
        kind: 'BOOKING',
        docType: 'SO',
        docId: o.so_id,
        docNo: o.so_no,
        carrierCode: amend && x ? x.carrier_code : (o.carrier_code as string),
        action: amend ? 'UPDATE' : 'CREATE',
        body: amend && x ? carrierBooking.amendment(request, x) : request,
      });
      // The booking's own carrier-booking state follows the first send (the Carrier Booking tab).
      if (o.carrier_booking_status === 'NOT_SENT') {
        const at = new Date().toISOString();
        await repo.updateLocked(tx, o.so_id, {
          carrier_booking_status: 'SUBMITTED',
          carrier_submitted_at: at,
          version: o.version + 1,
          updated_at: at,
          updated_by: actor.login_id,
        });
      }
      await recordHistory(tx, {
        entityType: BOOKING_ENTITY,
        entityId: o.so_no,
        action: amend ? 'carrier_amend' : 'carrier_send',
        fromStatus: o.status,
        toStatus: o.status,
        changes: diffFields(
          { carrier_booking_status: o.carrier_booking_status },
          { carrier_booking_status: 'SUBMITTED' },
        ),
        actor: who(actor),
      });
    });
    return bookingCarrierService.view(db, actor, soNo);
  },

  /** Cancels the carrier booking (before confirmation: CANCELLED; after: a cancellation request). */
  async cancel(db: Db, actor: Actor, soNo: string, version: number, reason: string | null) {
    internalOnly(actor);
    await db.transaction(async (tx) => {
      const o = await visibleOrderOrThrow(tx, actor, soNo, { lock: true });
      if (o.version !== version) throw conflict(MSG.recordNotLatest);
      const x = await bookingExchange(tx, o.so_id);
      if (!x || !carrierBooking.isLive(x)) throw new AppError(422, CARRIER_LINK_MSG.notSent);
      if (!SO_CARRIER_CANCEL_STATES.includes(o.status))
        throw new AppError(422, CARRIER_LINK_MSG.actionNotAllowed, { params: { status: o.status } });
      await carrierLink.enqueue(tx, actor, {
        kind: 'BOOKING',
        docType: 'SO',
        docId: o.so_id,
        docNo: o.so_no,
        carrierCode: x.carrier_code,
        action: 'CANCEL',
        body: carrierBooking.cancellation(x, reason),
      });
      await recordHistory(tx, {
        entityType: BOOKING_ENTITY,
        entityId: o.so_no,
        action: 'carrier_cancel',
        fromStatus: o.status,
        toStatus: o.status,
        reason,
        actor: who(actor),
      });
    });
    return bookingCarrierService.view(db, actor, soNo);
  },

  /** Writes the ticked differences into the booking (version check, history), then marks them reviewed. */
  async accept(db: Db, actor: Actor, soNo: string, version: number, fields: TCarrierBookingField[]) {
    internalOnly(actor);
    await db.transaction(async (tx) => {
      const o = await visibleOrderOrThrow(tx, actor, soNo, { lock: true });
      if (o.version !== version) throw conflict(MSG.recordNotLatest);
      const x = await bookingExchange(tx, o.so_id);
      if (!x) throw new AppError(422, CARRIER_LINK_MSG.notSent);
      const boxes = await carrierRepo.containerBookingNos(tx, o.so_id);
      const byField = carrierBooking.accepted(differencesOf(o, boxes, x), fields);
      const before = oursOf(o, boxes);
      const after = { ...before };
      const set: Partial<Record<AcceptColumn, string>> = {};
      for (const f of fields) {
        const value = byField.get(f)?.carrier;
        if (!value) continue;
        after[f] = value;
        if (f === 'carrier_booking_no') await carrierRepo.setCarrierBookingNo(tx, o.so_id, value);
        else set[COLUMN[f]] = f.endsWith('_cutoff') ? asLocal(value) : value;
      }
      const at = new Date().toISOString();
      await repo.updateLocked(tx, o.so_id, {
        ...set,
        version: o.version + 1,
        updated_at: at,
        updated_by: actor.login_id,
      });
      await indexBookings(tx, [o.so_id]);
      const changes = diffFields(before, after);
      await recordHistory(tx, {
        entityType: BOOKING_ENTITY,
        entityId: o.so_no,
        action: 'carrier_accept',
        fromStatus: o.status,
        toStatus: o.status,
        changes,
        actor: who(actor),
      });
      if (Object.keys(changes).length)
        await runBookingAmendmentHooks(tx, { so_id: o.so_id, so_no: o.so_no, changes, actor });
      await carrierLink.markReviewed(tx, actor, x.id, carrierBooking.reviewNote(fields));
    });
    return bookingCarrierService.view(db, actor, soNo);
  },
};

/** Ops hear of the carrier's answers on a booking (the notification catalogue's SO_CARRIER_* events). */
carrierLink.onCarrierNews('SO', async (tx, news) => {
  const outcome = carrierBooking.outcome(news);
  if (!outcome) return;
  const x = news.exchange;
  const o = await carrierRepo.byId(tx, x.doc_id);
  if (!o) return;
  await emitNotification(tx, {
    event_code: `SO_CARRIER_${outcome}`,
    doc_code: o.so_no,
    party_ids: [],
    office_code: o.handling_office,
    documents: { so_no: o.so_no, job_no: o.job_no, hbl_no: o.hbl_no },
    email_params: { so_no: o.so_no, job_no: o.job_no },
    params:
      outcome === 'FAILED'
        ? { error: news.error ?? '' }
        : outcome === 'CONFIRMED'
          ? { carrier_booking_no: x.carrier_booking_reference }
          : { carrier_status: x.carrier_sub_status ?? x.carrier_status },
  });
});
