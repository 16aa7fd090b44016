import {
  BOOKING_MSG,
  type BookingRuleContext,
  type BookingStage,
  bookingIssues,
  issueField,
  MSG,
  PARTY_USABLE_STATUSES,
  type TBookingSaved,
  type TBookingStatus,
  type TFieldError,
  type TShippingOrderFields,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, recordHistory } from '../../platform/audit/history';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { AppError, conflict, unprocessable } from '../../platform/errors/app-error';
import { notifyBooking } from '../../platform/notify/notify';
import { routingTemplateErrors } from '../routing-template';
import { prepareNumber, provisionalNumber } from '../sequence';
import { columnsOf, fieldsOf, linesOf } from './booking.presenter';
import { isInternal, loadVisibleOrThrow, presentBooking } from './booking.read';
import { bookingRepository as repo, type SoRow } from './booking.repository';
import { BOOKING_PARTY_COLUMNS } from './booking-access.repository';
import { runBookingAmendmentHooks } from './booking-hooks';
import { indexBookings } from './booking-search.repository';

export const BOOKING_ENTITY = 'booking';
type Fields = TShippingOrderFields;

const who = (actor: Actor) => ({ uid: actor.user_uid, name: actorName(actor) });

/** Statuses in which the order itself may still be edited: internal users, external users (001 §4). */
export const EDITABLE_STATUSES: Record<'internal' | 'external', readonly TBookingStatus[]> = {
  internal: ['NEW_E_BOOKING', 'AMEND_PENDING', 'NEW_MANUAL', 'CONFIRMED', 'RECOVERED'],
  external: ['NEW_E_BOOKING', 'AMEND_PENDING'],
};

/** External users never set internal-only fields: new orders get the defaults, edits keep the stored values. */
function withInternalOnly(actor: Actor, v: Fields, before?: SoRow): Fields {
  if (isInternal(actor)) return v;
  return {
    ...v,
    contract_type: (before?.contract_type ?? null) as Fields['contract_type'],
    contract_no: before?.contract_no ?? null,
    hide_party_address: before?.hide_party_address ?? false,
  };
}

/** External users book only for their own parties: the shipper, customer or consignee must be theirs. */
async function assertOwnParty(tx: DbOrTx, actor: Actor, v: Fields) {
  if (isInternal(actor)) return;
  const own = await repo.ownOf(tx, actor, [v.shipper_id, v.customer_id, v.consignee_id]);
  if (own.size) return;
  const details = ['shipper_id', 'customer_id', 'consignee_id'].map((field) => ({
    field,
    msgKey: BOOKING_MSG.partyNotOwn,
  }));
  throw new AppError(422, BOOKING_MSG.partyNotOwn, { details });
}

/** Loads the chosen sailing and rate (the rules' context); unknown ids answer 422 on their field. */
async function ruleContext(tx: DbOrTx, v: Fields, stage: BookingStage): Promise<BookingRuleContext> {
  const details: TFieldError[] = [];
  const sailing = v.sailing_id ? await repo.sailing(tx, v.sailing_id) : null;
  if (v.sailing_id && !sailing) details.push({ field: 'sailing_id', msgKey: MSG.fieldInvalid });
  const sizes = v.rate_id ? await repo.rateSizes(tx, v.rate_id) : null;
  if (v.rate_id && !sizes) details.push({ field: 'rate_id', msgKey: MSG.fieldInvalid });
  if (details.length) throw unprocessable(details[0].msgKey, details);
  return { sailing: sailing ?? null, rate: sizes ? { container_sizes: sizes } : null, stage };
}

/** Parties must exist, be active and approved; carrier and handling office must exist (422 per field). */
async function assertReferences(tx: DbOrTx, v: Fields) {
  const details: TFieldError[] = [];
  const ids = BOOKING_PARTY_COLUMNS.map((c) => v[c]).filter((id): id is number => id !== null);
  const found = new Map((await repo.partyRefs(tx, ids)).map((p) => [p.party_id, p]));
  for (const c of BOOKING_PARTY_COLUMNS) {
    const id = v[c];
    if (id === null) continue;
    const p = found.get(id);
    if (!p) details.push({ field: c, msgKey: MSG.fieldInvalid });
    else if (p.status !== 'A' || !PARTY_USABLE_STATUSES.includes(p.approval_status as never))
      details.push({ field: c, msgKey: BOOKING_MSG.partyNotUsable, params: { value: p.party_code } });
  }
  if (v.carrier_code && !(await repo.carrierActive(tx, v.carrier_code)))
    details.push({ field: 'carrier_code', msgKey: MSG.carrierUnknown });
  if (!(await repo.officeExists(tx, v.handling_office)))
    details.push({ field: 'handling_office', msgKey: MSG.fieldInvalid });
  if (details.length) throw unprocessable(details[0].msgKey, details);
}

/**
 * Every check before a save: own parties (external), references, the routing template (on `routingDate`,
 * default today), then the cross-field rules of 001 §5 at the save's stage (which fields are required).
 * Rule errors answer 400 with one detail per field path; warnings come back to be returned with the booking.
 */
async function validate(
  tx: DbOrTx,
  actor: Actor,
  v: Fields,
  status: TBookingStatus | null,
  routingDate?: string,
) {
  await assertOwnParty(tx, actor, v);
  await assertReferences(tx, v);
  // Routing template of the customer and consignee (002 §5): locked ports 422, ETA order with the rules (400).
  const routing = await routingTemplateErrors(tx, v, routingDate);
  const stage: BookingStage = { side: isInternal(actor) ? 'internal' : 'external', status, step: 'save' };
  const issues = bookingIssues(v, await ruleContext(tx, v, stage));
  const toDetail = (i: (typeof issues)[number]): TFieldError =>
    i.params
      ? { field: issueField(i), msgKey: i.message, params: i.params }
      : { field: issueField(i), msgKey: i.message };
  const errors = issues.filter((i) => i.level === 'error').map(toDetail);
  errors.push(...routing.filter((r) => !errors.some((e) => e.field === r.field)));
  if (errors.length) throw new AppError(400, MSG.validationFailed, { details: errors });
  return issues.filter((i) => i.level === 'warning').map(toDetail);
}

/** Field changes between two stored versions: scalars one by one, each line list as a whole (by value). */
function changesOf(before: Fields, after: Fields) {
  return diffFields(before, after, Object.keys(after) as (keyof Fields & string)[]);
}

/** Shipping order create, update and copy (001 §2 Booking, §5). Actions are in booking-actions.*. */
export const bookingService = {
  /**
   * Creates an order inside `tx`: an e-booking (NEW_E_BOOKING) from an external profile, a manual booking
   * (NEW_MANUAL) from an internal one. The SO number comes from the SO sequence rule of the handling office.
   */
  async create(tx: Tx, actor: Actor, input: Fields): Promise<TBookingSaved> {
    const v = withInternalOnly(actor, input);
    const warnings = await validate(tx, actor, v, null);
    const external = !isInternal(actor);
    const status: TBookingStatus = external ? 'NEW_E_BOOKING' : 'NEW_MANUAL';
    // The order, its lines and its answer are written and read under a provisional number; the SO number is
    // taken after them, because the SO counter row stays locked from allocation to commit (gap-free numbers)
    // and so serialises every booking of the office: only the statements that carry the number follow.
    const takeNumber = await prepareNumber(tx, {
      docType: 'SO',
      officeCode: v.handling_office,
      at: new Date(),
      inUse: (n) => repo.numberInUse(tx, 'so_no', n),
    });
    const provisional = await repo.insert(tx, {
      ...columnsOf(v),
      so_no: provisionalNumber(),
      status,
      is_e_booking: external,
      user_uid: actor.user_uid,
      created_by: actorName(actor),
      updated_by: actorName(actor),
    });
    await repo.replaceLines(tx, provisional.so_id, linesOf(v));
    const answer = await presentBooking(tx, actor, provisional);
    const { number } = await takeNumber();
    await repo.setNumber(tx, provisional.so_id, number);
    const row = { ...provisional, so_no: number };
    // In the same transaction: the global search finds the new SO# (and a copy's containers) at once.
    await indexBookings(tx, [row.so_id]);
    await recordHistory(tx, {
      entityType: BOOKING_ENTITY,
      entityId: row.so_no,
      action: 'create',
      toStatus: status,
      actor: who(actor),
    });
    await notifyBooking(tx, 'BOOKING_CREATED', row, actor.user_uid);
    return { ...answer, so_no: number, warnings };
  },

  /** Saves an edit made on `version`; 409 when someone saved in between, 422 when the status forbids it. */
  async update(
    tx: Tx,
    actor: Actor,
    soNo: string,
    input: Fields & { version: number },
  ): Promise<TBookingSaved> {
    const { version, ...values } = input;
    const before = await loadVisibleOrThrow(tx, actor, soNo, true);
    if (before.version !== version) throw conflict();
    const side = isInternal(actor) ? 'internal' : 'external';
    if (!EDITABLE_STATUSES[side].includes(before.status)) throw unprocessable(BOOKING_MSG.actionNotAllowed);
    const v = withInternalOnly(actor, values, before);
    // An edit is held to the routing template that applied when the booking was created.
    const warnings = await validate(tx, actor, v, before.status, before.created_at.slice(0, 10));
    const beforeFields = fieldsOf(before, await repo.lines(tx, before.so_id));
    const row = await repo.updateIfVersion(tx, before.so_id, version, {
      ...columnsOf(v),
      updated_by: actorName(actor),
    });
    if (!row) throw conflict();
    await repo.replaceLines(tx, row.so_id, linesOf(v));
    await indexBookings(tx, [row.so_id]);
    // Compared as stored (decimals, container numbers and times normalised), so only real edits count.
    const changes = changesOf(beforeFields, fieldsOf(row, await repo.lines(tx, row.so_id)));
    if (Object.keys(changes).length) {
      await recordHistory(tx, {
        entityType: BOOKING_ENTITY,
        entityId: row.so_no,
        action: 'update',
        fromStatus: before.status,
        toStatus: row.status,
        changes,
        actor: who(actor),
      });
      await runBookingAmendmentHooks(tx, { so_id: row.so_id, so_no: row.so_no, changes, actor });
    }
    return { ...(await presentBooking(tx, actor, row)), warnings };
  },

  /**
   * The fields of a visible order prefilled for a new booking (shipping_order_copy): parties, places, sailing,
   * dates, terms, cargo, equipment, HS lines and filing parties are kept; references (PO#, master SO#, the
   * four party references), the space status and every container's identity (number, seal, carrier booking
   * no., ex-factory, CFS, CY gate-in, VGM) are cleared. Internal-only fields are blanked for external users.
   */
  async copy(db: DbOrTx, actor: Actor, soNo: string): Promise<Fields> {
    const row = await loadVisibleOrThrow(db, actor, soNo);
    const f = fieldsOf(row, await repo.lines(db, row.so_id));
    const copy: Fields = {
      ...f,
      po_no: null,
      master_so_no: null,
      shipper_ref: null,
      agent_ref: null,
      consignee_ref: null,
      forwarder_ref: null,
      space_status: 'PENDING',
      containers: f.containers.map((c) => ({
        ...c,
        container_no: null,
        seal_no: null,
        carrier_booking_no: null,
        ex_factory_date: null,
        cfs_received_at: null,
        cy_gate_in_at: null,
        vgm_weight: null,
        vgm_method: null,
      })),
    };
    return isInternal(actor)
      ? copy
      : { ...copy, contract_type: null, contract_no: null, hide_party_address: false };
  },
};
