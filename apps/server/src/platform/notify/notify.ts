import {
  BOOKING_PARTY_FIELDS,
  NOTIFICATION_EVENTS,
  notificationHref,
  PARTY_ACTION_EVENT,
  PARTY_TRANSITIONS,
  type TNotificationEventCode,
} from '@portal/contracts';
import { type DbOrTx, insertRendered, notifyAfterCommit } from '../db/client';
import { notificationEvents } from './notify.tables';

/** PostgreSQL channel told (at commit) that an event waits in the outbox; payload: the event id. */
export const NOTIFICATION_EVENT_CHANNEL = 'notification_events';
/** PostgreSQL channel told (at commit) of each new notification message; payload: the message id. */
export const NOTIFICATION_MESSAGE_CHANNEL = 'notification_messages';

type Id = number | null | undefined;

/** What a module says about a change; module, sub_module and the link come from the catalogue. */
export interface NotificationEventInput {
  event_code: TNotificationEventCode;
  /** The document's number: SO#, party id, registration id. */
  doc_code: string;
  /** Every party on the document (nulls are dropped). */
  party_ids?: Id[];
  office_code?: string | null;
  approver_profile_types?: readonly string[];
  applicant_login?: string | null;
  /** Parameters of the message text (notification.evt.<CODE>) and of the e-mail; short strings. */
  params?: Record<string, string | number | null | undefined>;
  documents?: Record<string, string | null | undefined>;
  /** Extra e-mail placeholders (so_no, party_name, login_id...). */
  email_params?: Record<string, string | number | null | undefined>;
  /** Placeholders filled at dispatch with a party's full name: { shipper: 12, consignee: 40 }. */
  party_names?: Record<string, number | null | undefined>;
  actor_uid?: string | null;
}

const strings = (o: Record<string, string | number | null | undefined> | undefined) =>
  Object.fromEntries(
    Object.entries(o ?? {})
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v).slice(0, 500)]),
  );

/**
 * Records a notification event inside the caller's transaction: it is dispatched only if the change
 * commits (the NOTIFY is sent once it has committed: notifyAfterCommit; a sweep job picks up anything missed). One line at the
 * call site: `await emitNotification(tx, { event_code: 'BOOKING_CONFIRMED', doc_code: so_no, ... })`.
 */
export async function emitNotification(tx: DbOrTx, e: NotificationEventInput): Promise<number> {
  const def = NOTIFICATION_EVENTS[e.event_code];
  const params = { doc_code: e.doc_code, ...strings(e.params) };
  const mail = { ...params, ...strings(e.email_params) };
  const names = Object.fromEntries(
    Object.entries(e.party_names ?? {}).filter(([, v]) => typeof v === 'number'),
  ) as Record<string, number>;
  // Rendered once per shape (which fields are null) and prepared (client.ts insertRendered): written by every
  // notifying move.
  const [row] = await insertRendered<{ id: number }>(
    tx,
    'notify.event',
    notificationEvents,
    {
      event_code: e.event_code,
      module: def.module,
      sub_module: def.sub_module,
      doc_code: e.doc_code,
      party_ids: [...new Set((e.party_ids ?? []).filter((p): p is number => typeof p === 'number'))],
      office_code: e.office_code ?? null,
      approver_profile_types: [...(e.approver_profile_types ?? [])],
      applicant_login: e.applicant_login ?? null,
      desc_param: params,
      email_subject_param: mail,
      email_body_param: Object.keys(names).length ? { ...mail, $party_names: JSON.stringify(names) } : mail,
      documents: strings(e.documents),
      href: notificationHref(def.module, e.doc_code),
      actor_uid: e.actor_uid ?? null,
    },
    { id: notificationEvents.event_id },
  );
  await notifyAfterCommit(tx, NOTIFICATION_EVENT_CHANNEL, [row.id]);
  return row.id;
}

/** A shipping order as the booking and approval services hold it (the columns an event needs). */
type OrderFacts = {
  so_no: string;
  handling_office: string;
  job_no?: string | null;
  hbl_no?: string | null;
} & {
  [K in (typeof BOOKING_PARTY_FIELDS)[number]]?: number | null;
};

/**
 * One line for booking and booking-approval services: the event about order `o` with its parties, its
 * handling office and its numbers. `code` undefined (an action that raises none) does nothing.
 */
export async function notifyBooking(
  tx: DbOrTx,
  code: TNotificationEventCode | undefined,
  o: OrderFacts,
  actorUid: string | null,
): Promise<void> {
  if (!code) return;
  await emitNotification(tx, {
    event_code: code,
    doc_code: o.so_no,
    party_ids: BOOKING_PARTY_FIELDS.map((f) => o[f]),
    office_code: o.handling_office,
    documents: { so_no: o.so_no, job_no: o.job_no, hbl_no: o.hbl_no },
    email_params: { so_no: o.so_no, job_no: o.job_no },
    party_names: { shipper: o.shipper_id, consignee: o.consignee_id },
    actor_uid: actorUid,
  });
}

/**
 * One line for the party services: the pipeline event of `action` ('create' = submitted) on party `p`, now
 * in `status`, reaching its followers and the profiles that may make the next move from there.
 */
export async function notifyParty(
  tx: DbOrTx,
  action: string,
  p: { party_id: number; short_name: string; party_code?: string | null },
  status: string,
  actorUid: string | null,
): Promise<void> {
  const code = action === 'create' ? 'PARTY_SUBMITTED' : PARTY_ACTION_EVENT[action];
  if (!code) return;
  await emitNotification(tx, {
    event_code: code,
    doc_code: String(p.party_id),
    params: { name: p.short_name, status },
    approver_profile_types: [
      ...new Set(
        PARTY_TRANSITIONS.filter((t) => (t.from as readonly string[]).includes(status)).flatMap(
          (t) => t.profiles,
        ),
      ),
    ],
    documents: { party_code: p.party_code ?? String(p.party_id) },
    email_params: { party_code: p.party_code, party_name: p.short_name },
    actor_uid: actorUid,
  });
}

/** Profile types that decide on registrations (the `approvers` audience of registration events). */
const REGISTRATION_DECIDERS = ['ADMIN'];

/** One line for the registration services: a registration submitted or approved. */
export async function notifyRegistration(
  tx: DbOrTx,
  code: 'REGISTRATION_SUBMITTED' | 'REGISTRATION_APPROVED',
  r: {
    user_registration_id: number;
    given_name: string;
    family_name: string;
    login_id: string;
    company?: string | null;
  },
  actorUid: string | null,
): Promise<void> {
  await emitNotification(tx, {
    event_code: code,
    doc_code: String(r.user_registration_id),
    params: { name: `${r.given_name} ${r.family_name}`.trim() },
    approver_profile_types: REGISTRATION_DECIDERS,
    applicant_login: r.login_id,
    documents: { user_registration_id: String(r.user_registration_id) },
    email_params: { login_id: r.login_id, company: r.company },
    actor_uid: actorUid,
  });
}

/** An actor's user id when it is a person (a job acting as 'system:…' is nobody to leave out). */
const personUid = (uid: string | null | undefined) =>
  uid && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uid) ? uid : null;

/**
 * One line for the consolidation service (issue 39): the event of a plan action, reaching its followers, the
 * plan's customer party (the agent of an agent plan), the handling office's operations and, for a decision,
 * the plan's creator. `code` undefined does nothing.
 */
export async function notifyConsol(
  tx: DbOrTx,
  code: TNotificationEventCode | undefined,
  p: {
    consol_no: string;
    customer_party_id: number | null;
    handling_office: string;
    pol: string;
    pod: string;
  },
  actorUid: string | null,
): Promise<void> {
  if (!code) return;
  await emitNotification(tx, {
    event_code: code,
    doc_code: p.consol_no,
    party_ids: [p.customer_party_id],
    office_code: p.handling_office,
    params: { pol: p.pol, pod: p.pod },
    documents: { consol_no: p.consol_no },
    email_params: { consol_no: p.consol_no },
    actor_uid: personUid(actorUid),
  });
}

/** One line for the master BL service (issue 39): drafted, carrier data imported, issued. */
export async function notifyMbl(
  tx: DbOrTx,
  code: TNotificationEventCode | undefined,
  m: {
    mbl_no: string;
    handling_office: string;
    carrier_mbl_no: string | null;
    consignee_party_id: number | null;
    notify_party_id: number | null;
  },
  actorUid: string | null,
): Promise<void> {
  if (!code) return;
  await emitNotification(tx, {
    event_code: code,
    doc_code: m.mbl_no,
    party_ids: [m.consignee_party_id, m.notify_party_id],
    office_code: m.handling_office,
    params: { carrier_mbl_no: m.carrier_mbl_no },
    documents: { mbl_no: m.mbl_no, carrier_mbl_no: m.carrier_mbl_no },
    email_params: { mbl_no: m.mbl_no },
    actor_uid: personUid(actorUid),
  });
}

/**
 * One line for invoice moves and the posting job (issue 39): doc_code is the invoice id (its route), the texts
 * and mails name the invoice no.; `next` are the profile types at the invoice's office that act next.
 */
export async function notifyInvoice(
  tx: DbOrTx,
  code: TNotificationEventCode,
  inv: { inv_id: number; invoice_no: string; inv_type: string; office_code: string },
  next: readonly string[],
  actorUid: string | null,
  reason?: string | null,
): Promise<void> {
  await emitNotification(tx, {
    event_code: code,
    doc_code: String(inv.inv_id),
    office_code: inv.office_code,
    approver_profile_types: next,
    params: { invoice_no: inv.invoice_no, inv_type: inv.inv_type, reason: reason?.slice(0, 200) },
    documents: { invoice_no: inv.invoice_no },
    email_params: { doc_code: inv.invoice_no, invoice_no: inv.invoice_no },
    actor_uid: personUid(actorUid),
  });
}

/** "The actor may see document `docCode`": how following checks a module's documents (issue 39). */
export type NotificationDocumentCheck = (
  db: DbOrTx,
  docCode: string,
  actor: import('../access/access').Actor,
) => Promise<boolean>;
const documentChecks = new Map<string, NotificationDocumentCheck>();
/**
 * A module whose documents are not document owners (platform/files) says here who may follow them (the master
 * bill: internal users and the external profiles of its parties), so the notification module never imports it.
 */
export function registerNotificationDocument(module: string, check: NotificationDocumentCheck) {
  documentChecks.set(module, check);
}
export const notificationDocumentCheck = (module: string) => documentChecks.get(module);
