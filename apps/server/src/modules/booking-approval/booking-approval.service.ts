import {
  APPROVAL_ACTIONS,
  APPROVAL_MSG,
  APPROVAL_TRANSITIONS,
  approvalActionEvent,
  approvalState,
  BOOKING_MSG,
  MSG,
  type TApprovalAction,
  type TApprovalStatus,
  type TBookingApproval,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, type FieldChanges, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors/app-error';
import { notifyBooking } from '../../platform/notify/notify';
import { BOOKING_ENTITY, isoOut, type shippingOrders, visibleOrderOrThrow } from '../booking';
import { mailTarget, queueApprovalMail } from './booking-approval.mail';
import { type PricedProposal, priceProposals } from './booking-approval.pricing';
import {
  type ApprovalSide,
  type ProposalRow,
  presentProposal,
  approvalRepository as repo,
} from './booking-approval.repository';

type SoRow = typeof shippingOrders.$inferSelect;
type OrderUpdate = Partial<typeof shippingOrders.$inferInsert>;

/** Approval states in which the customer (or advice) has decided; leaving them marks the booking "updated". */
const DECIDED: readonly (TApprovalStatus | 'NONE')[] = ['APPROVED', 'REJECTED', 'BOOKING_ADVICE'];
/** Booking statuses in which operations may propose, request approval or give advice. */
const APPROVABLE_STATUSES = ['CONFIRMED', 'RECOVERED'];
const NEEDS_CONFIRMED: readonly TApprovalAction[] = ['propose', 'request_approval', 'booking_advice'];

export interface ApprovalActionBody {
  version: number;
  reason?: string | null;
  proposal_id?: number | null;
  proposals?: { sailing_id: number; rate_id?: number | null; remarks?: string | null }[] | null;
}

/** Whether `side` takes `action` (internal → internal and any; customer → customer and any). */
const sideTakes = (side: ApprovalSide, action: TApprovalAction) => {
  const by = APPROVAL_ACTIONS[action].by;
  if (side === 'none') return false;
  return by === 'any' || by === side;
};

/**
 * The approval actions this actor may take now: the moves of APPROVAL_TRANSITIONS from the booking's approval
 * state meant for the actor's side, whose preconditions hold (a confirmed or recovered booking for the
 * operations steps, a proposal to send or decide on, the other side's "updated" flag to acknowledge).
 * booking_advice stays offered with several proposals so the refusal message can explain it.
 */
export function allowedApprovalActions(side: ApprovalSide, o: SoRow, proposals: number): TApprovalAction[] {
  const moves = APPROVAL_TRANSITIONS[approvalState(o.approval_status)];
  return (Object.keys(moves) as TApprovalAction[]).filter((a) => {
    if (!sideTakes(side, a)) return false;
    if (NEEDS_CONFIRMED.includes(a) && !APPROVABLE_STATUSES.includes(o.status)) return false;
    if (a === 'request_approval' || a === 'booking_advice' || a === 'approve') return proposals > 0;
    if (a === 'acknowledge_update')
      return side === 'internal' ? o.approval_updated_by_customer : o.approval_updated_by_mr;
    return true;
  });
}

async function present(db: DbOrTx, actor: Actor, o: SoRow): Promise<TBookingApproval> {
  const proposals = await repo.proposals(db, o.so_id);
  const side = await repo.sideOf(db, actor, o);
  return {
    so_no: o.so_no,
    approval_status: o.approval_status,
    approval_status_at: isoOut(o.approval_status_at),
    approval_reason: o.approval_reason,
    updated_by_mr: o.approval_updated_by_mr,
    updated_by_customer: o.approval_updated_by_customer,
    proposals: proposals.map(presentProposal),
    allowed_actions: allowedApprovalActions(side, o, proposals.length),
    version: o.version,
  };
}

/** The Booking Approval tab of a visible booking (404 msgSoNotFound otherwise). */
export async function getApproval(db: DbOrTx, actor: Actor, soNo: string): Promise<TBookingApproval> {
  return present(db, actor, await visibleOrderOrThrow(db, actor, soNo));
}

/** The sailing columns of the order set from a proposal (closings only from cut-offs the sailing has). */
function sailingColumns(p: ProposalRow): OrderUpdate {
  return {
    sailing_id: p.sailing_id,
    rate_id: p.rate_id,
    carrier_code: p.carrier_code,
    vessel_name: p.vessel_name,
    voyage: p.voyage,
    etd: p.etd,
    eta: p.eta,
    ...(p.cfs_cutoff && { cfs_closing: p.cfs_cutoff }),
    ...(p.cy_cutoff && { cy_closing: p.cy_cutoff }),
    ...(p.vgm_cutoff && { vgm_closing: p.vgm_cutoff }),
    ...(p.si_cutoff && { si_closing: p.si_cutoff }),
  };
}

/** Field changes of applying `set` to `o` (for the booking's sailing history): the one audit diff. */
function changesOf(o: SoRow, set: OrderUpdate): FieldChanges {
  return diffFields(o as Record<string, unknown>, set as Record<string, unknown>);
}

/** The proposal the customer approves: the one named, or the only one when none is named. */
function chosenProposal(list: ProposalRow[], proposalId: number | null | undefined): ProposalRow {
  const p = proposalId
    ? list.find((x) => x.proposal_id === proposalId)
    : list.length === 1
      ? list[0]
      : undefined;
  if (!p) {
    throw new AppError(422, APPROVAL_MSG.proposalUnknown, {
      details: [{ field: 'proposal_id', msgKey: APPROVAL_MSG.proposalUnknown }],
    });
  }
  return p;
}

/** The actor's side for `action`, or 403 (operations steps need an internal profile; decisions the customer). */
async function assertSide(tx: DbOrTx, actor: Actor, action: TApprovalAction, o: SoRow) {
  const side = await repo.sideOf(tx, actor, o);
  const by = APPROVAL_ACTIONS[action].by;
  if (by === 'internal' && side !== 'internal') throw forbidden(BOOKING_MSG.actionNotForProfile);
  if (by === 'customer' && side !== 'customer') throw forbidden(APPROVAL_MSG.notCustomer);
  if (by === 'any' && side === 'none') throw forbidden(APPROVAL_MSG.notCustomer);
  return side as 'internal' | 'customer';
}

interface Step {
  set: OrderUpdate;
  changes: FieldChanges;
  sailings: PricedProposal[];
}

/** The action's own rules and the columns it sets (approval status and audit columns come after). */
async function stepOf(
  tx: Tx,
  actor: Actor,
  action: TApprovalAction,
  side: 'internal' | 'customer',
  o: SoRow,
  body: ApprovalActionBody,
  fromDecided: boolean,
): Promise<Step> {
  const list = await repo.proposals(tx, o.so_id);
  const step: Step = { set: {}, changes: {}, sailings: list.map((p) => ({ ...p })) };
  const apply = async (p: ProposalRow) => {
    await repo.select(tx, o.so_id, p.proposal_id);
    const cols = sailingColumns(p);
    step.changes = changesOf(o, cols);
    step.set = { ...step.set, ...cols, approved_proposal_id: p.proposal_id };
    step.sailings = [{ ...p }];
  };
  switch (action) {
    case 'propose': {
      if (!body.proposals?.length) throw badRequest([{ field: 'proposals', msgKey: MSG.fieldRequired }]);
      const priced = await priceProposals(tx, o, body.proposals);
      await repo.replaceProposals(tx, o.so_id, priced, actor.login_id);
      step.sailings = priced;
      step.set = { approved_proposal_id: null, ...(fromDecided && { approval_updated_by_mr: true }) };
      return step;
    }
    case 'request_approval':
      if (!list.length) throw new AppError(422, APPROVAL_MSG.noProposal);
      return step;
    case 'booking_advice':
      if (!list.length) throw new AppError(422, APPROVAL_MSG.noProposal);
      if (list.length > 1)
        throw new AppError(422, APPROVAL_MSG.adviceOneSailing, { params: { count: list.length } });
      await apply(list[0]);
      return step;
    case 'approve':
      await apply(chosenProposal(list, body.proposal_id));
      if (fromDecided) step.set.approval_updated_by_customer = true;
      return step;
    case 'reject':
      await repo.select(tx, o.so_id, -1);
      step.set = { approved_proposal_id: null, ...(fromDecided && { approval_updated_by_customer: true }) };
      return step;
    case 'acknowledge_update':
      step.sailings = [];
      step.set =
        side === 'internal' ? { approval_updated_by_customer: false } : { approval_updated_by_mr: false };
      return step;
  }
}

/**
 * Takes approval `action` on booking `soNo` (001 §2 Booking approval, §4): visible (404) → side (403) →
 * version (409) → APPROVAL_TRANSITIONS (422 msgApprovalActionNotAllowed) → booking CONFIRMED or RECOVERED for
 * the operations steps (422) → reason for reject (400) → the action's rules (422); then the move, the sailing
 * applied on approve/advice, one history entry, the version bump and the e-mail to the other side, all in one
 * transaction holding the row lock. Answers the approval tab as stored after the commit.
 */
export async function takeApprovalAction(
  db: Db,
  actor: Actor,
  soNo: string,
  action: TApprovalAction,
  body: ApprovalActionBody,
  baseUrl: string,
): Promise<TBookingApproval> {
  await db.transaction(async (tx) => {
    const o = await visibleOrderOrThrow(tx, actor, soNo, { lock: true });
    const side = await assertSide(tx, actor, action, o);
    if (o.version !== body.version) throw conflict(MSG.recordNotLatest);
    const from = o.approval_status;
    const state = approvalState(from);
    const moves = APPROVAL_TRANSITIONS[state];
    if (!(action in moves)) {
      throw new AppError(422, APPROVAL_MSG.actionNotAllowed, { params: { action, status: state } });
    }
    if (NEEDS_CONFIRMED.includes(action) && !APPROVABLE_STATUSES.includes(o.status)) {
      throw new AppError(422, APPROVAL_MSG.bookingNotConfirmed, { params: { status: o.status } });
    }
    const reason = body.reason?.trim() || null;
    if (APPROVAL_ACTIONS[action].reason && !reason) {
      throw badRequest([{ field: 'reason', msgKey: BOOKING_MSG.reasonRequired }], BOOKING_MSG.reasonRequired);
    }
    const fromDecided = DECIDED.includes(state);
    const step = await stepOf(tx, actor, action, side, o, body, fromDecided);
    const target = moves[action];
    const to = target === undefined || target === null ? from : target;
    const at = new Date().toISOString();
    await repo.updateOrder(tx, o.so_id, {
      ...step.set,
      approval_status: to,
      ...(to !== from && { approval_status_at: at }),
      ...(action !== 'acknowledge_update' && { approval_reason: reason }),
      version: o.version + 1,
      updated_at: at,
      updated_by: actor.login_id,
    });
    await recordHistory(tx, {
      entityType: BOOKING_ENTITY,
      entityId: soNo,
      action: `approval_${action}`,
      fromStatus: from,
      toStatus: to,
      reason,
      changes: step.changes,
      actor: { uid: actor.user_uid, name: actorName(actor) },
    });
    await notifyBooking(tx, approvalActionEvent(action, fromDecided), o, actor.user_uid);
    const target2 = mailTarget(action, side, fromDecided);
    if (target2 && to) {
      await queueApprovalMail(tx, {
        order: o,
        action,
        to: target2,
        status: to,
        reason,
        sailings: step.sailings,
        actorName: actorName(actor),
        baseUrl,
      });
    }
  });
  return getApproval(db, actor, soNo);
}
