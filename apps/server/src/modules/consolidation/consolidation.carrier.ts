import {
  CARRIER_LINK_MSG,
  CONSOL_MSG,
  isExternalProfile,
  MSG,
  type TCarrierBookingField,
  type TCarrierBookingView,
  type TCarrierDifference,
  type TConsolStatus,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { emitNotification } from '../../platform/notify/notify';
import { type CarrierNews, carrierBooking, carrierLink } from '../carrier-link';
import { consolCarrierRepository as carrierRepo } from './consolidation.carrier.repository';
import { consolDcsaBooking } from './consolidation.dcsa';
import { consolRepository as repo } from './consolidation.repository';
import { reindexPlan } from './consolidation.search';
import { CONSOL_ENTITY } from './consolidation.service';

/**
 * A plan's carrier booking over DCSA (issue 42; docs/carrier-link.md "Consolidation"): send (CREATE, then
 * UPDATE = amend), cancel, the carrier's answer beside the plan, and accepting the carrier's booking details.
 *
 * When (a forwarder's rule): the carrier is booked once the customer agreed the sailing (APPROVED) or the
 * forwarder advised it (CONSOL_ADVICE): before that the sailing may still change. An amendment follows the
 * plan's edits while it stays in those states; the carrier booking is cancelled when the plan is cancelled or
 * rejected (the plan's own moves; the user presses "cancel at carrier").
 */
export const CONSOL_CARRIER_SEND_STATES: readonly TConsolStatus[] = ['APPROVED', 'CONSOL_ADVICE'];
export const CONSOL_CARRIER_CANCEL_STATES: readonly TConsolStatus[] = ['CANCELLED', 'REJECTED'];
type Plan = NonNullable<Awaited<ReturnType<typeof repo.byNo>>>;
type Exchange = Awaited<ReturnType<typeof carrierLink.exchangesOf>>[number];

const who = (a: Actor) => ({ uid: a.user_uid, name: actorName(a) });

async function planOrThrow(db: DbOrTx, actor: Actor, consolNo: string, lock = false): Promise<Plan> {
  const p = await repo.byNo(db, actor, consolNo, lock);
  if (!p) throw notFound(CONSOL_MSG.notFound);
  return p;
}

/** The carrier booking is the forwarder's: a customer's profile sees the panel but may not act. */
function internalOnly(actor: Actor) {
  if (isExternalProfile(actor.profile_type)) throw forbidden(MSG.noPermission);
}

/** The plan's sailing: the selected proposal, or the only one. */
async function sailingOf(db: DbOrTx, consolId: number) {
  const proposals = await repo.proposals(db, consolId);
  return proposals.find((p) => p.is_selected) ?? (proposals.length === 1 ? proposals[0] : undefined);
}

async function bookingExchange(db: DbOrTx, consolId: number): Promise<Exchange | undefined> {
  return (await carrierLink.exchangesOf(db, 'CONSOL', consolId)).find((x) => x.kind === 'BOOKING');
}

const ACCEPTABLE: readonly TCarrierBookingField[] = ['carrier_booking_no', 'vessel_name', 'voyage', 'etd'];

/** Where the carrier's confirmed booking differs from the plan (only what the carrier states). */
async function differencesOf(db: DbOrTx, p: Plan, x: Exchange | undefined): Promise<TCarrierDifference[]> {
  if (!x?.carrier_document) return [];
  const [sailing, containers] = await Promise.all([
    sailingOf(db, p.consol_id),
    repo.containers(db, p.consol_id),
  ]);
  const schedule = sailing ? await repo.activeSailing(db, sailing.sailing_id) : undefined;
  const nos = [...new Set(containers.map((c) => c.carrier_booking_no).filter((n): n is string => !!n))];
  const { localMinute } = carrierBooking;
  const ours: Record<TCarrierBookingField, string | null> = {
    carrier_booking_no: nos.length ? nos.join(', ') : null,
    vessel_name: sailing?.vessel_name ?? null,
    voyage: sailing?.voyage ?? null,
    etd: p.etd ?? sailing?.etd ?? null,
    cfs_cutoff: localMinute(schedule?.cfs_cutoff),
    cy_cutoff: localMinute(schedule?.cy_cutoff),
    vgm_cutoff: localMinute(schedule?.vgm_cutoff),
    si_cutoff: localMinute(schedule?.si_cutoff),
  };
  return carrierBooking.differences(
    x,
    ours,
    (f) => ACCEPTABLE.includes(f) && (f !== 'carrier_booking_no' || containers.length > 0),
  );
}

const live = carrierBooking.isLive;

export const consolCarrierService = {
  /** The carrier panel of a plan. */
  async view(db: DbOrTx, actor: Actor, consolNo: string): Promise<TCarrierBookingView> {
    const p = await planOrThrow(db, actor, consolNo);
    const sailing = await sailingOf(db, p.consol_id);
    const x = await bookingExchange(db, p.consol_id);
    const carrierCode = x?.carrier_code ?? sailing?.carrier_code ?? null;
    const connected = !!(carrierCode && (await carrierLink.connectionFor(db, carrierCode, 'BOOKING')));
    return carrierBooking.view({
      x,
      carrierCode,
      connected,
      internal: !isExternalProfile(actor.profile_type),
      differences: await differencesOf(db, p, x),
      block: !sailing
        ? CARRIER_LINK_MSG.noSailing
        : CONSOL_CARRIER_SEND_STATES.includes(p.status)
          ? null
          : CARRIER_LINK_MSG.actionNotAllowed,
      cancelState: CONSOL_CARRIER_CANCEL_STATES.includes(p.status),
      version: p.version,
    });
  },

  /** Sends the plan's booking: CREATE the first time (or after the last one ended), UPDATE (amend) after. */
  async send(db: Db, actor: Actor, consolNo: string, version: number) {
    internalOnly(actor);
    await db.transaction(async (tx) => {
      const p = await planOrThrow(tx, actor, consolNo, true);
      if (p.version !== version) throw conflict();
      if (!CONSOL_CARRIER_SEND_STATES.includes(p.status))
        throw new AppError(422, CARRIER_LINK_MSG.actionNotAllowed, { params: { status: p.status } });
      const sailing = await sailingOf(tx, p.consol_id);
      if (!sailing) throw new AppError(422, CARRIER_LINK_MSG.noSailing);
      const x = await bookingExchange(tx, p.consol_id);
      const booking = await consolDcsaBooking(tx, actor, consolNo);
      const amend = live(x) && carrierBooking.hasRef(x);
      if (live(x) && !amend) throw new AppError(422, CARRIER_LINK_MSG.actionNotAllowed);
      await carrierLink.enqueue(tx, actor, {
        kind: 'BOOKING',
        docType: 'CONSOL',
        docId: p.consol_id,
        docNo: p.consol_no,
        carrierCode: amend && x ? x.carrier_code : sailing.carrier_code,
        action: amend ? 'UPDATE' : 'CREATE',
        body: amend && x ? carrierBooking.amendment(booking, x) : booking,
      });
    });
    return consolCarrierService.view(db, actor, consolNo);
  },

  /** Cancels the carrier booking (before confirmation: CANCELLED; after: a cancellation request). */
  async cancel(db: Db, actor: Actor, consolNo: string, version: number, reason: string | null) {
    internalOnly(actor);
    await db.transaction(async (tx) => {
      const p = await planOrThrow(tx, actor, consolNo, true);
      if (p.version !== version) throw conflict();
      const x = await bookingExchange(tx, p.consol_id);
      if (!x || !live(x)) throw new AppError(422, CARRIER_LINK_MSG.notSent);
      if (!CONSOL_CARRIER_CANCEL_STATES.includes(p.status))
        throw new AppError(422, CARRIER_LINK_MSG.actionNotAllowed, { params: { status: p.status } });
      await carrierLink.enqueue(tx, actor, {
        kind: 'BOOKING',
        docType: 'CONSOL',
        docId: p.consol_id,
        docNo: p.consol_no,
        carrierCode: x.carrier_code,
        action: 'CANCEL',
        body: carrierBooking.cancellation(x, reason),
      });
    });
    return consolCarrierService.view(db, actor, consolNo);
  },

  /** Applies the ticked differences to the plan (its version check and history), then marks them reviewed. */
  async accept(db: Db, actor: Actor, consolNo: string, version: number, fields: TCarrierBookingField[]) {
    internalOnly(actor);
    await db.transaction(async (tx) => {
      const p = await planOrThrow(tx, actor, consolNo, true);
      if (p.version !== version) throw conflict();
      const x = await bookingExchange(tx, p.consol_id);
      if (!x) throw new AppError(422, CARRIER_LINK_MSG.notSent);
      const byField = carrierBooking.accepted(await differencesOf(tx, p, x), fields);
      const take = (f: TCarrierBookingField) => (fields.includes(f) ? byField.get(f)?.carrier : undefined);
      const sailing = await sailingOf(tx, p.consol_id);
      const before = {
        carrier_booking_no: byField.get('carrier_booking_no')?.ours ?? null,
        vessel_name: sailing?.vessel_name ?? null,
        voyage: sailing?.voyage ?? null,
        etd: p.etd,
      };
      const after = { ...before };
      const no = take('carrier_booking_no');
      if (no) {
        await carrierRepo.setCarrierBookingNo(tx, p.consol_id, no);
        after.carrier_booking_no = no;
      }
      const vessel = take('vessel_name');
      const voyage = take('voyage');
      if (sailing && (vessel || voyage)) {
        await carrierRepo.setSailingVesselVoyage(tx, sailing.proposal_id, {
          ...(vessel && { vessel_name: vessel }),
          ...(voyage && { voyage }),
        });
        if (vessel) after.vessel_name = vessel;
        if (voyage) after.voyage = voyage;
      }
      const etd = take('etd');
      if (etd) after.etd = etd;
      const row = await repo.updateIfVersion(tx, p.consol_id, p.version, {
        ...(etd && { etd }),
        updated_by: actorName(actor),
      });
      if (!row) throw conflict();
      const changes = diffFields(before, after);
      await recordHistory(tx, {
        entityType: CONSOL_ENTITY,
        entityId: consolNo,
        action: 'carrier_accept',
        fromStatus: p.status,
        toStatus: p.status,
        changes,
        actor: who(actor),
      });
      await reindexPlan(tx, p.consol_id);
      await carrierLink.markReviewed(tx, actor, x.id, carrierBooking.reviewNote(fields));
    });
    return consolCarrierService.view(db, actor, consolNo);
  },
};

/** Ops hear of the carrier's answers on a plan's booking (the notification catalogue's carrier events). */
carrierLink.onCarrierNews('CONSOL', async (tx, news: CarrierNews) => {
  const outcome = carrierBooking.outcome(news);
  if (!outcome) return;
  const x = news.exchange;
  const p = await carrierRepo.planById(tx, x.doc_id);
  if (!p) return;
  await emitNotification(tx, {
    doc_code: p.consol_no,
    party_ids: [],
    office_code: p.handling_office,
    documents: { consol_no: p.consol_no },
    email_params: { consol_no: p.consol_no },
    event_code: `CARRIER_BOOKING_${outcome}`,
    params:
      outcome === 'FAILED'
        ? { error: news.error ?? '' }
        : outcome === 'CONFIRMED'
          ? { carrier_booking_no: x.carrier_booking_reference }
          : { carrier_status: x.carrier_sub_status ?? x.carrier_status },
  });
});
