import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_HISTORY_ENTITY,
  NOTIFICATION_MODULE_DOC,
  NOTIFICATION_MODULE_FUNC,
  notificationDescKey,
  type TNotificationAudience,
  type TNotificationEventCode,
  type TNotificationModule,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../platform/db/client';
import { queueMail } from '../../platform/mail/mail';
import { forwardToWebhooks, renderNotificationMail } from './notification.delivery';
import {
  type Candidate,
  type EventRow,
  notificationRepository as repo,
  type SettingRow,
} from './notification.repository';

/** A user's effective choice for one module and document (doc row over module row over defaults). */
export interface EffectiveSetting {
  codes: ReadonlySet<string>;
  in_app: boolean;
  email: boolean;
  email_address: string | null;
  /** The document row unfollowed it: nothing about this document. */
  muted: boolean;
}

/** The default event codes of a module (Available event code is_default). */
export const defaultCodes = (module: TNotificationModule) =>
  (Object.keys(NOTIFICATION_EVENTS) as TNotificationEventCode[]).filter(
    (c) => NOTIFICATION_EVENTS[c].module === module && NOTIFICATION_EVENTS[c].is_default,
  );

/** Combines a user's module row and document row into what applies (docs/notifications.md "Settings"). */
export function effectiveSetting(
  module: TNotificationModule,
  moduleRow: SettingRow | undefined,
  docRow: SettingRow | undefined,
): EffectiveSetting {
  const base = moduleRow ?? null;
  return {
    codes: new Set(base ? base.follow_setting : defaultCodes(module)),
    in_app: base ? base.in_app_note : true,
    email: base ? base.email_note : true,
    email_address: base?.email_address ?? null,
    muted: !!docRow && docRow.customized && !docRow.is_follow,
  };
}

/** Everyone the event's audiences name, minus the user who caused it. */
async function recipients(tx: DbOrTx, e: EventRow): Promise<Candidate[]> {
  const def = NOTIFICATION_EVENTS[e.event_code as TNotificationEventCode];
  if (!def) return [];
  const func = NOTIFICATION_MODULE_FUNC[def.module];
  const entity = NOTIFICATION_HISTORY_ENTITY[def.module];
  const found = new Map<string, Candidate>();
  for (const audience of def.audiences as readonly TNotificationAudience[]) {
    const rows =
      audience === 'followers'
        ? await repo.followers(tx, e, func)
        : audience === 'parties'
          ? await repo.parties(tx, e, func)
          : audience === 'office_ops'
            ? await repo.officeOps(tx, e, func)
            : audience === 'approvers'
              ? await repo.approvers(tx, e, func)
              : audience === 'office_approvers'
                ? await repo.officeApprovers(tx, e, func)
                : audience === 'creator'
                  ? entity
                    ? await repo.creator(tx, e, entity, func)
                    : []
                  : await repo.applicant(tx, e);
    for (const r of rows) found.set(r.user_uid, r);
  }
  if (e.actor_uid) found.delete(e.actor_uid);
  return [...found.values()];
}

/** The e-mail placeholders of an event: its own, the link, and party names looked up now. */
async function emailParams(tx: DbOrTx, e: EventRow, link: string) {
  const { $party_names: raw, ...body } = e.email_body_param;
  const wanted = raw ? (JSON.parse(raw) as Record<string, number>) : {};
  const names = await repo.partyNames(tx, [...new Set(Object.values(wanted))]);
  for (const [k, id] of Object.entries(wanted)) body[k] = names.get(id) ?? '';
  return { subject: { ...e.email_subject_param, link }, body: { ...body, link } };
}

const lower = (e: EventRow) =>
  [e.doc_code, e.event_code, ...Object.values(e.desc_param)].join(' ').toLowerCase().slice(0, 2000);

/**
 * Turns one outbox event into messages (in-app on), e-mails (e-mail on, through the mail outbox in the
 * recipient's language) and webhook deliveries, inside the dispatcher's transaction. Answers the number
 * of messages written.
 */
async function dispatchOne(tx: DbOrTx, e: EventRow, publicBaseUrl: string, mail: boolean): Promise<number> {
  const module = e.module as TNotificationModule;
  const people = await recipients(tx, e);
  const settings = await repo.settingsOf(
    tx,
    people.map((p) => p.user_uid),
    e.module,
    e.doc_code,
  );
  const link = `${publicBaseUrl}${e.href}`;
  const mailParams = await emailParams(tx, e, link);
  const messages: Parameters<typeof repo.insertMessages>[1] = [];
  for (const p of people) {
    const mine = settings.filter((s) => s.user_uid === p.user_uid);
    const eff = effectiveSetting(
      module,
      mine.find((s) => s.doc_code === NOTIFICATION_MODULE_DOC),
      mine.find((s) => s.doc_code === e.doc_code),
    );
    if (eff.muted || !eff.codes.has(e.event_code)) continue;
    if (eff.in_app)
      messages.push({
        user_uid: p.user_uid,
        event_id: e.event_id,
        guid: e.guid,
        module: e.module,
        sub_module: e.sub_module,
        doc_code: e.doc_code,
        event_code: e.event_code,
        desc_key: notificationDescKey(e.event_code as TNotificationEventCode),
        desc_param: e.desc_param,
        href: e.href,
        search_text: lower(e),
        message_dt: e.created_at,
      });
    if (eff.email && mail) {
      const mail = await renderNotificationMail(tx, e.event_code, p.default_lang, {
        email_subject_param: { ...mailParams.subject, recipient_name: p.name },
        email_body_param: { ...mailParams.body, recipient_name: p.name },
      });
      await queueMail(tx, { to: eff.email_address || p.login_id, ...mail, tag: 'notification' });
    }
  }
  await repo.insertMessages(tx, messages);
  await forwardToWebhooks(tx, {
    eventCode: e.event_code,
    module: e.module,
    subModule: e.sub_module,
    docCode: e.doc_code,
    documents: Object.keys(e.documents).length ? e.documents : { doc_code: e.doc_code },
    href: e.href,
    partyIds: e.party_ids,
    occurredAt: new Date(e.created_at).toISOString(),
    eventId: e.guid,
  });
  return messages.length;
}

/** Events dispatched in one transaction (claimed together, each in a savepoint of its own). */
export const DISPATCH_BATCH = 20;
/** Events one run dispatches at most (a run of the sweep, or of an instance's listener) before it ends. */
export const DISPATCH_RUN_LIMIT = 200;

/**
 * Dispatches pending outbox events: one (eventId, as the NOTIFY names it) or up to `limit` of the oldest.
 * Events are claimed DISPATCH_BATCH at a time with SKIP LOCKED (instances never dispatch one twice) and
 * dispatched in one transaction, each in a savepoint: a failing event is rolled back alone, counted and left
 * for the sweep, the others of its batch go out. One transaction a batch rather than an event: the approval
 * moves' events cost 16 statements each, 7 of them this bookkeeping (issue 40). A lost connection rolls the
 * whole batch back, and the events stay pending for the next run. Answers the number of events dispatched.
 */
export async function dispatchPending(
  db: Db,
  opts: {
    eventId?: number;
    limit?: number;
    publicBaseUrl: string;
    /** false: no e-mail (the demo seed). */
    mail?: boolean;
    log?: (m: string) => void;
    /** Checked before each event: true ends the loop (a stopping instance leaves the rest to the sweep). */
    shouldStop?: () => boolean;
  },
): Promise<number> {
  let done = 0;
  const failed: number[] = [];
  const limit = opts.limit ?? DISPATCH_RUN_LIMIT;
  while (done + failed.length < limit && !opts.shouldStop?.()) {
    const want = opts.eventId !== undefined ? 1 : Math.min(DISPATCH_BATCH, limit - done - failed.length);
    const run = await db
      .transaction(async (tx) => {
        const events = await repo.claimEvents(tx, opts.eventId ?? null, want, failed);
        const sent: number[] = [];
        const bad: number[] = [];
        for (const e of events) {
          // A stopping instance leaves the rest of its batch pending (released with the commit).
          if (opts.shouldStop?.()) break;
          try {
            await tx.transaction(async (sp) => {
              await dispatchOne(sp, e, opts.publicBaseUrl, opts.mail !== false);
            });
            sent.push(e.event_id);
          } catch (err) {
            opts.log?.(`event ${e.event_id} failed: ${(err as Error).message}`);
            await repo.markFailed(tx, e.event_id, (err as Error).message);
            bad.push(e.event_id);
          }
        }
        await repo.markDispatched(tx, sent);
        return { claimed: events.length, sent, bad };
      })
      .catch((err: Error) => {
        opts.log?.(`dispatch failed: ${err.message}`);
        return null;
      });
    if (!run) break;
    done += run.sent.length;
    failed.push(...run.bad);
    // Fewer claimed than asked: nothing else is pending (what is committed later comes with its own NOTIFY).
    if (opts.eventId !== undefined || run.claimed < want) break;
  }
  return done;
}
