import {
  CARRIER_BOOKING_FIELDS,
  CARRIER_LINK_MSG,
  type TCarrierBookingField,
  type TCarrierBookingView,
  type TCarrierDifference,
  type TCarrierExchange,
} from '@portal/contracts';
import { AppError, badRequest } from '../../platform/errors/app-error';
import type { CarrierNews, carrierLinkService } from './carrier-link.service';

type Exchange = Awaited<ReturnType<typeof carrierLinkService.exchangesOf>>[number];

/**
 * The carrier booking as both documents that send one see it (issue 42): a consolidation plan and an FCL
 * booking. One place for what the carrier's Booking says, when a booking is still going on, the cancel request,
 * the amendment's references, the differences with the document, and what a carrier's news means for ops.
 */

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The carrier booking's exchange as carrier-link answers it (the fields these rules read). */
export interface BookingExchange {
  carrier_status: string | null;
  carrier_sub_status: string | null;
  link_state: string;
  carrier_ref: string | null;
  carrier_booking_reference: string | null;
  carrier_document?: unknown;
}

/** Carrier states after which the booking is over (a new send starts a new booking). */
const ENDED = ['REJECTED', 'DECLINED', 'CANCELLED', 'COMPLETED'];

/** The carrier's booking reference, vessel, voyage, departure and cut-offs from its Booking. */
function facts(doc: Json): Record<TCarrierBookingField, string | null> {
  const plan = Array.isArray(doc.transportPlan) ? (doc.transportPlan as Json[]) : [];
  const main = plan.find((l) => l.transportPlanStage === 'MNC') ?? plan[0] ?? {};
  const cutoffs = Array.isArray(doc.shipmentCutOffTimes) ? (doc.shipmentCutOffTimes as Json[]) : [];
  const cutoff = (code: string) => {
    const v = str(cutoffs.find((c) => c.cutOffDateTimeCode === code)?.cutOffDateTime);
    return v ? v.slice(0, 16) : null;
  };
  return {
    carrier_booking_no: str(doc.carrierBookingReference),
    vessel_name: str(main.vesselName) ?? str((doc.vessel as Json | undefined)?.name),
    voyage: str(main.carrierExportVoyageNumber) ?? str(doc.carrierExportVoyageNumber),
    etd: str(main.plannedDepartureDate) ?? str(doc.expectedDepartureDate),
    si_cutoff: cutoff('DCO'),
    vgm_cutoff: cutoff('VCO'),
    cy_cutoff: cutoff('FCO'),
    cfs_cutoff: cutoff('LCO'),
  };
}

/** An exchange as a panel shows it (ZCarrierExchange): the carrier's document itself stays on the server. */
export function presentExchange(x: Exchange | undefined): TCarrierExchange | null {
  if (!x) return null;
  const { carrier_document: _document, doc_no: _docNo, ...view } = x;
  return view;
}

export const carrierBooking = {
  /** True while the carrier booking goes on: sent, not ended by the carrier, not refused. */
  isLive: (x: BookingExchange | undefined): x is BookingExchange =>
    !!x && !ENDED.includes(x.carrier_status ?? '') && x.link_state !== 'FAILED',

  /** True when the carrier gave the booking a reference an amendment or a cancellation can name. */
  hasRef: (x: BookingExchange | undefined) => !!(x?.carrier_ref || x?.carrier_booking_reference),

  /** A port-local time as 'YYYY-MM-DDTHH:mm' (the columns read 'YYYY-MM-DD HH:mm:ss'). */
  localMinute: (v: string | null | undefined) => (v ? v.replace(' ', 'T').slice(0, 16) : null),

  /** The amendment (UpdateBooking): the request again with the carrier's references. */
  amendment: <T extends object>(request: T, x: BookingExchange) => ({
    ...request,
    ...(x.carrier_ref && { carrierBookingRequestReference: x.carrier_ref }),
    ...(x.carrier_booking_reference && { carrierBookingReference: x.carrier_booking_reference }),
  }),

  /** The cancellation (PATCH): before confirmation the booking is cancelled, after it a request to cancel. */
  cancellation: (x: BookingExchange, reason: string | null) => ({
    ...(x.carrier_status === 'CONFIRMED' || x.carrier_status === 'PENDING_AMENDMENT'
      ? { bookingCancellationStatus: 'CANCELLATION_RECEIVED' }
      : { bookingStatus: 'CANCELLED' }),
    ...(reason && { reason }),
  }),

  /**
   * Where the carrier's Booking differs from the document (`ours`): only what the carrier states, each
   * acceptable when the document keeps that field (`acceptable`).
   */
  differences(
    x: BookingExchange | undefined,
    ours: Record<TCarrierBookingField, string | null>,
    acceptable: (f: TCarrierBookingField) => boolean,
  ): TCarrierDifference[] {
    const doc = x?.carrier_document as Json | null | undefined;
    if (!doc || typeof doc !== 'object') return [];
    const theirs = facts(doc);
    return CARRIER_BOOKING_FIELDS.filter((f) => theirs[f] !== null && theirs[f] !== ours[f]).map((field) => ({
      field,
      ours: ours[field],
      carrier: theirs[field],
      acceptable: acceptable(field),
    }));
  },

  /** What a carrier's news on a booking means for ops: confirmed, declined, refused (failed), or nothing. */
  outcome(news: CarrierNews): 'CONFIRMED' | 'DECLINED' | 'FAILED' | null {
    if (news.exchange.kind !== 'BOOKING') return null;
    if (news.what === 'FAILED') return 'FAILED';
    if (news.what !== 'STATUS') return null;
    const x = news.exchange;
    const was = news.previous;
    const became = (now: string | null, code: string, before: string | null) =>
      now === code && before !== code;
    if (
      became(x.carrier_status, 'CONFIRMED', was.carrier_status) ||
      became(x.carrier_sub_status, 'AMENDMENT_CONFIRMED', was.carrier_sub_status)
    )
      return 'CONFIRMED';
    if (
      (['REJECTED', 'DECLINED'].includes(x.carrier_status ?? '') &&
        x.carrier_status !== was.carrier_status) ||
      became(x.carrier_sub_status, 'AMENDMENT_DECLINED', was.carrier_sub_status) ||
      became(x.carrier_sub_status, 'CANCELLATION_DECLINED', was.carrier_sub_status)
    )
      return 'DECLINED';
    return null;
  },

  /**
   * The carrier panel of a document's booking (`ZCarrierBookingView`), from what the document decides: whether
   * it may be sent now (`block`: a message key, or null), whether its own state asks for a cancellation.
   */
  view(v: {
    x: Exchange | undefined;
    carrierCode: string | null;
    connected: boolean;
    internal: boolean;
    differences: TCarrierDifference[];
    block: string | null;
    cancelState: boolean;
    version: number;
  }): TCarrierBookingView {
    const { x, connected, internal, block, differences } = v;
    const live = carrierBooking.isLive(x);
    const acts = internal && connected;
    return {
      connected,
      carrier_code: v.carrierCode,
      exchange: presentExchange(x),
      differences,
      can: {
        send: acts && !block && !live,
        amend: acts && !block && live && carrierBooking.hasRef(x),
        cancel: acts && live && v.cancelState,
        accept: internal && differences.some((d) => d.acceptable) && !x?.reviewed_at,
      },
      version: v.version,
      blocked: acts && !live ? block : null,
    };
  },

  /**
   * The acceptable differences by field, once every ticked field is one of them: 422 when there is nothing to
   * accept, 400 naming each ticked field that is not acceptable.
   */
  accepted(diffs: TCarrierDifference[], fields: readonly string[]) {
    const byField = new Map(diffs.filter((d) => d.acceptable).map((d) => [d.field, d]));
    if (!byField.size) throw new AppError(422, CARRIER_LINK_MSG.nothingToAccept);
    const bad = fields.filter((f) => !byField.has(f));
    if (bad.length)
      throw badRequest(
        bad.map((f) => ({
          field: 'fields',
          msgKey: CARRIER_LINK_MSG.fieldNotAcceptable,
          params: { value: f },
        })),
        CARRIER_LINK_MSG.fieldNotAcceptable,
      );
    return byField;
  },

  /** The history line of a review: the fields taken, or that the carrier's details were dismissed. */
  reviewNote: (fields: readonly string[]) =>
    fields.length ? `accepted: ${fields.join(', ')}` : 'differences dismissed',
};
