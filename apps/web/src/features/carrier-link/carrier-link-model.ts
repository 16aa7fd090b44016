import {
  CARRIER_LINK_ACTIONS,
  CARRIER_LINK_MSG,
  CARRIER_LINK_STATES,
  DCSA_FINAL_STATUSES,
  type TCarrierBookingView,
  type TCarrierExchange,
  type TMblCarrierView,
} from '@portal/contracts';
import { dateTimeText } from '../../shared/i18n/date-time-text';
import type { PlainTagColour } from '../../shared/plain/plain-tag';

/**
 * The carrier panels' logic without React (unit-tested in carrier-link-model.test.ts): the colour of a DCSA
 * state and of the portal's link state, whether the carrier is still working (the panel re-reads while it is),
 * which buttons a panel offers, and the ticks of a difference report.
 */

export const LINK_STATES = CARRIER_LINK_STATES;

const GREEN = new Set([
  'CONFIRMED',
  'COMPLETED',
  'AMENDMENT_CONFIRMED',
  'UPDATE_CONFIRMED',
  'APPROVED',
  'ISSUED',
  'SURRENDER_FOR_DELIVERY',
]);
const RED = new Set([
  'REJECTED',
  'DECLINED',
  'AMENDMENT_DECLINED',
  'CANCELLATION_DECLINED',
  'UPDATE_DECLINED',
  'VOID',
]);
const ORANGE = new Set([
  'PENDING_UPDATE',
  'PENDING_AMENDMENT',
  'PENDING_SURRENDER_FOR_AMENDMENT',
  'PENDING_SURRENDER_FOR_DELIVERY',
  'DRAFT',
]);
const BLUE = new Set(['RECEIVED', 'UPDATE_RECEIVED', 'AMENDMENT_RECEIVED', 'CANCELLATION_RECEIVED']);

/** A DCSA state's tag colour: done green, refused red, the user's turn orange, the carrier's turn blue, ended grey. */
export function statusColour(code: string | null | undefined): PlainTagColour {
  if (!code) return 'default';
  if (GREEN.has(code)) return 'green';
  if (RED.has(code)) return 'red';
  if (ORANGE.has(code)) return 'orange';
  if (BLUE.has(code)) return 'blue';
  return 'default';
}

export function linkColour(state: string | null | undefined): PlainTagColour {
  switch (state) {
    case 'SYNCED':
      return 'green';
    case 'SENDING':
    case 'WAITING':
      return 'blue';
    case 'FAILED':
    case 'REFUSED':
      return 'red';
    default:
      return 'default';
  }
}

/** States in which the carrier has something of ours to process (its answer is due). */
const CARRIER_TURN = new Set([
  'RECEIVED',
  'UPDATE_RECEIVED',
  'AMENDMENT_RECEIVED',
  'CANCELLATION_RECEIVED',
  'APPROVED',
]);

type ExchangeState = Pick<TCarrierExchange, 'kind' | 'link_state' | 'carrier_status' | 'carrier_sub_status'>;

/**
 * Whether the carrier (or the portal's outbox) is still working on the exchange: the request is on its way or
 * retried, or the carrier holds something of ours it has not answered. Failed and refused links wait for the user.
 */
export function carrierWorking(x: ExchangeState | null | undefined): boolean {
  if (!x) return false;
  if (x.link_state === 'SENDING' || x.link_state === 'WAITING') return true;
  if (x.link_state === 'FAILED' || x.link_state === 'REFUSED') return false;
  if (x.carrier_status && (DCSA_FINAL_STATUSES[x.kind] as readonly string[]).includes(x.carrier_status))
    return false;
  if (x.carrier_sub_status && CARRIER_TURN.has(x.carrier_sub_status)) return true;
  return !x.carrier_status || CARRIER_TURN.has(x.carrier_status);
}

/** How often a panel re-reads (ms), or false: every few seconds while the carrier works, else only on news. */
export const POLL_MS = 3000;

/** A carrier booking panel (plan or FCL booking) re-reads while connected and the carrier works. */
export function bookingRefetchInterval(view: TCarrierBookingView | undefined): number | false {
  return view?.connected && carrierWorking(view.exchange) ? POLL_MS : false;
}

/**
 * A master bill waits on the carrier while its SI is on its way or not yet answered with a draft, and while
 * an approved draft is not yet issued.
 */
export function mblRefetchInterval(view: TMblCarrierView | undefined): number | false {
  if (!view?.connected) return false;
  const { si, td } = view;
  if (td) {
    if (td.link_state === 'SENDING' || td.link_state === 'WAITING') return POLL_MS;
    if (td.carrier_status === 'APPROVED') return POLL_MS;
  }
  if (si && (si.link_state === 'SENDING' || si.link_state === 'WAITING')) return POLL_MS;
  if (si && !td && carrierWorking(si)) return POLL_MS;
  return false;
}

/** The booking panel's buttons: the send move's words (first send, again after a failure, amend) and the others. */
export interface BookingActions {
  send: 'send' | 'resend' | 'amend' | null;
  cancel: boolean;
  accept: boolean;
}

export function bookingActions(view: TCarrierBookingView | undefined): BookingActions {
  const none: BookingActions = { send: null, cancel: false, accept: false };
  if (!view?.connected) return none;
  const x = view.exchange;
  // The server says why the document cannot be sent (`blocked`): no send or amend, whatever `can` says.
  const can = view.blocked ? { ...view.can, send: false, amend: false } : view.can;
  // While a request is on its way, nothing else is sent behind it.
  if (x?.link_state === 'SENDING') return { ...none, accept: can.accept && view.differences.length > 0 };
  // The server's `send` is a new booking (none yet, or the last one ended or was refused: "Send again"); its
  // `amend` an update of the live one.
  let send: BookingActions['send'] = null;
  if (x && can.amend) send = 'amend';
  else if (can.send) send = x ? 'resend' : 'send';
  return { send, cancel: !!x && can.cancel, accept: can.accept && view.differences.length > 0 };
}

// --- One carrier booking panel for a consolidation plan and an FCL booking --------------------------------

/** The document a carrier booking panel is about: a consolidation plan (consol no.) or an FCL booking (SO no.). */
export interface CarrierBookingDoc {
  kind: 'consol' | 'booking';
  no: string;
}

/** The document's API base: `/Consolidation/{no}` or `/Booking/{no}` (its `/carrier...` and `/dcsa/booking`). */
export function carrierBookingBase(doc: CarrierBookingDoc): string {
  return `/${doc.kind === 'consol' ? 'Consolidation' : 'Booking'}/${encodeURIComponent(doc.no)}`;
}

/** The panel's words that name the document: a booking's own under `fcl.*`, the others (and a plan's) `booking.*`. */
export const FCL_WORDS = [
  'noCarrier',
  'sendWhen',
  'confirmSend',
  'confirmSendBody',
  'confirmAmend',
  'confirmAmendBody',
  'cancelTitle',
  'diffTitle',
] as const;

export function bookingWordKey(kind: CarrierBookingDoc['kind'], key: string): string {
  return kind === 'booking' && (FCL_WORDS as readonly string[]).includes(key)
    ? `fcl.${key}`
    : `booking.${key}`;
}

/**
 * What the panel says instead of (or beside) the send button: the server's reason the document cannot be sent
 * (`blocked`, a message key), the document's rule for when it can be (nothing sent yet and no send offered), or
 * nothing.
 */
export type SendHint = { kind: 'blocked'; msgKey: string } | { kind: 'when' } | null;

export function sendHint(view: TCarrierBookingView | undefined): SendHint {
  if (!view) return null;
  // "Not connected" is what the panel's file-export view already says.
  if (view.blocked && view.blocked !== CARRIER_LINK_MSG.notConnected)
    return { kind: 'blocked', msgKey: view.blocked };
  if (!view.connected || view.exchange) return null;
  return bookingActions(view).send ? null : { kind: 'when' };
}

/**
 * A document whose carrier is not connected offers the DCSA file instead, unless it cannot go to a carrier at
 * all (an LCL booking travels with its plan, a booking without carrier): then only the reason is shown.
 */
export const offersFileExport = (view: TCarrierBookingView): boolean =>
  !view.connected && sendHint(view)?.kind !== 'blocked';

/** The master bill panel's buttons. */
export interface MblActions {
  submit: boolean;
  amend: boolean;
  approve: boolean;
  accept: boolean;
}

export function mblActions(view: TMblCarrierView | undefined): MblActions {
  if (!view?.connected) return { submit: false, amend: false, approve: false, accept: false };
  const sending = view.si?.link_state === 'SENDING' || view.td?.link_state === 'SENDING';
  return {
    submit: !sending && view.can.submit && !view.si,
    amend: !sending && !!view.si && view.can.update,
    approve: !sending && view.can.approve && view.td?.carrier_status === 'DRAFT',
    accept: view.can.accept && view.differences.length > 0,
  };
}

/** The carrier MBL no. once the transport document is issued (its transportDocumentReference). */
export function issuedMblNo(view: TMblCarrierView | undefined): string | null {
  if (!view) return null;
  const status = view.td?.carrier_status ?? view.td_status;
  return status === 'ISSUED' ? (view.carrier_mbl_no ?? view.td?.transport_document_reference ?? null) : null;
}

// --- The difference report: which rows are ticked ---------------------------------------------------------

/**
 * One difference between our document and the carrier's. Rows the document cannot take are shown to compare
 * only: `acceptable: false` (the plan's carrier booking) or `appliable: false` (the bill's transport document).
 */
export interface DifferenceRow {
  field: string;
  ours: unknown;
  carrier: unknown;
  acceptable?: boolean;
  appliable?: boolean;
}

export const isAppliable = (d: DifferenceRow) => d.acceptable !== false && d.appliable !== false;

/** A key that changes when the carrier's document (or ours) changes: then the ticks start again. */
export const differencesKey = (rows: readonly DifferenceRow[]) =>
  JSON.stringify(rows.map((d) => [d.field, d.ours, d.carrier, isAppliable(d)]));

/**
 * At first every difference the portal can take is ticked; once the carrier's document was reviewed (the
 * differences left are the ones the user kept ours for), none is.
 */
export const initialTicks = (rows: readonly DifferenceRow[], reviewed = false): ReadonlySet<string> =>
  reviewed ? new Set() : new Set(rows.filter(isAppliable).map((d) => d.field));

/** Whether the carrier's latest document was reviewed (differences accepted or kept) after it arrived. */
export function reviewedLatest(
  x: Pick<TCarrierExchange, 'reviewed_at' | 'carrier_document_at'> | null | undefined,
) {
  if (!x?.reviewed_at) return false;
  return !x.carrier_document_at || Date.parse(x.reviewed_at) >= Date.parse(x.carrier_document_at);
}

export function toggleTick(ticks: ReadonlySet<string>, field: string, on: boolean): ReadonlySet<string> {
  const next = new Set(ticks);
  if (on) next.add(field);
  else next.delete(field);
  return next;
}

/** Ticks every appliable row, or none. */
export const tickAll = (rows: readonly DifferenceRow[], on: boolean): ReadonlySet<string> =>
  initialTicks(rows, !on);

/** The fields to send with "Accept selected": ticked and appliable, in the report's order. */
export const tickedFields = (rows: readonly DifferenceRow[], ticks: ReadonlySet<string>): string[] =>
  rows.filter((d) => isAppliable(d) && ticks.has(d.field)).map((d) => d.field);

/** The portal's moves as the history's detail names them (`CREATE · HTTP 202`): worded by `action.<CODE>`. */
export const LINK_ACTIONS = CARRIER_LINK_ACTIONS;

/**
 * A history line's detail split into its parts (' · '), a part repeated next to itself once, each marked when it
 * is one of the portal's moves.
 */
export function detailParts(detail: string): { text: string; action: boolean }[] {
  return detail
    .split(' · ')
    .filter((text, i, all) => text !== all[i - 1])
    .map((text) => ({ text, action: (LINK_ACTIONS as readonly string[]).includes(text) }));
}

/** A value of a difference as text ('—' when absent; a time as users read times, never '2026-12-10T18:00'). */
export function differenceText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'object') return JSON.stringify(v);
  const text = String(v);
  return dateTimeText(text) ?? text;
}

/**
 * A review note as the server writes it when differences are accepted (`accepted: a, b; rejected: c`,
 * `differences dismissed`, `no differences`), split so the history can word it with the fields' labels; null for
 * any other detail.
 */
export function reviewDetail(
  detail: string,
): { accepted: string[]; rejected: string[]; dismissed: boolean; none: boolean } | null {
  if (detail === 'differences dismissed') return { accepted: [], rejected: [], dismissed: true, none: false };
  if (detail === 'no differences') return { accepted: [], rejected: [], dismissed: false, none: true };
  const out = { accepted: [] as string[], rejected: [] as string[], dismissed: false, none: false };
  for (const part of detail.split('; ')) {
    const m = /^(accepted|rejected): (.+)$/.exec(part);
    if (!m) return null;
    out[m[1] as 'accepted' | 'rejected'] = m[2].split(', ').filter(Boolean);
  }
  return out;
}

/**
 * The portal's own phrases in a link error (`token refused (HTTP 401)`, `connection disabled`, ...) as a catalogue
 * key and its values, so the user reads them in their language; anything else (the carrier's own error text, a
 * network error) is shown as it came. Null when the text is not one of ours.
 */
export function linkErrorKey(text: string): { key: string; values: Record<string, string> } | null {
  const fixed: Record<string, string> = {
    'no connection': 'noConnection',
    'connection disabled': 'disabled',
    'credentials refused': 'credentials',
    'the carrier reference is not known': 'noReference',
    'unexpected error': 'unexpected',
    'no token URL or client id': 'noTokenUrl',
    'no readable secret stored: save the connection again': 'noSecret',
  };
  if (fixed[text]) return { key: `error.${fixed[text]}`, values: {} };
  const refused = /^(token|API key|access) refused \(HTTP (\d{3})\)$/.exec(text);
  if (refused)
    return {
      key: `error.${refused[1] === 'API key' ? 'apiKey' : refused[1]}Refused`,
      values: { http: refused[2] },
    };
  const http = /^HTTP (\d{3})$/.exec(text);
  if (http) return { key: 'error.http', values: { http: http[1] } };
  const notSchema = /^HTTP (\d{3}): the answer is not a (\w+)$/.exec(text);
  if (notSchema)
    return { key: 'error.answerNotSchema', values: { http: notSchema[1], schema: notSchema[2] } };
  return null;
}
