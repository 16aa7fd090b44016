import {
  MSG,
  NOTIFICATION_EVENTS,
  NOTIFICATION_MODULE_DOC,
  NOTIFICATION_MODULE_FUNC,
  NOTIFICATION_MODULES,
  type TAddNotificationRequest,
  type TAvailableEventCode,
  type TGetNotificationMessageRequest,
  type TLiveDocumentKind,
  type TNotificationEventCode,
  type TNotificationModule,
  type TNotificationSetting,
  type TNotificationSettingInput,
  type TUpsertNotificationMessageRequest,
  ZAddNotificationRequest,
  ZGetNotificationMessageRequest,
  ZNotificationSettingInput,
} from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { documentOwners, serialId } from '../../platform/files/document-owners';
import { emitNotification, notificationDocumentCheck } from '../../platform/notify/notify';
import { defaultCodes, effectiveSetting } from './notification.dispatch';
import { presentMessage } from './notification.presenter';
import { notificationRepository as repo } from './notification.repository';

const invalidModule = () => new AppError(400, MSG.notificationInvalidModule, { Message: 'Invalid module' });
const invalidDoc = () => new AppError(404, MSG.notificationInvalidDocCode, { Message: 'Invalid doc_code' });

/** The module, when it is a catalogue module the actor's profile may use; otherwise "Invalid module". */
function moduleFor(actor: Actor, module: string): TNotificationModule {
  if (!(NOTIFICATION_MODULES as readonly string[]).includes(module)) throw invalidModule();
  const m = module as TNotificationModule;
  if (!actor.funcs.has(NOTIFICATION_MODULE_FUNC[m])) throw invalidModule();
  return m;
}

/** The document owner (platform/files) whose visibility rule a module's documents follow. */
const OWNER_OF: Partial<Record<TNotificationModule, string>> = {
  booking: 'booking',
  booking_approval: 'booking',
  party: 'party',
  consolidation: 'consolidation',
  invoice: 'invoice',
};

/**
 * True when the document exists and the actor may see it: bookings (and their approval), parties, plans and
 * invoices ask their module's document owner (the same rule as their screens: an external profile sees only
 * its parties' plans); master bills their registered check; registrations are administrators'.
 */
async function docVisible(db: DbOrTx, actor: Actor, module: TNotificationModule, docCode: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(docCode)) return false;
  if (module === 'registration') {
    const id = serialId(docCode);
    return id !== null && repo.registrationExists(db, id);
  }
  const check = notificationDocumentCheck(module);
  if (check) return check(db, docCode, actor);
  const owner = documentOwners().find((o) => o.entityType === OWNER_OF[module]);
  return !!owner && owner.exists(db, docCode, actor);
}

/**
 * True when the actor may watch a live document (issue 39): the same rule as following it, the module's
 * document check (an external profile sees only its own parties' documents), without the notification function.
 */
export async function liveDocumentVisible(
  db: DbOrTx,
  actor: Actor,
  kind: TLiveDocumentKind,
  docCode: string,
) {
  // The screen's function first (a booking opens under booking or booking approval).
  const funcs: string[] =
    kind === 'booking' ? ['booking', 'booking_approval'] : [NOTIFICATION_MODULE_FUNC[kind]];
  if (!funcs.some((f) => actor.funcs.has(f))) return false;
  return docVisible(db, actor, kind, docCode);
}

async function assertDoc(db: DbOrTx, actor: Actor, module: TNotificationModule, docCode: string) {
  if (docCode === NOTIFICATION_MODULE_DOC) return;
  if (!(await docVisible(db, actor, module, docCode))) throw invalidDoc();
}

/** The setting that applies to the actor for a module ('*') or one document, as 000 §3 shapes it. */
async function settingOf(db: DbOrTx, actor: Actor, module: TNotificationModule, docCode: string) {
  const rows = await repo.settings(db, actor.user_uid, module, [NOTIFICATION_MODULE_DOC, docCode]);
  const moduleRow = rows.find((r) => r.doc_code === NOTIFICATION_MODULE_DOC);
  const docRow = docCode === NOTIFICATION_MODULE_DOC ? undefined : rows.find((r) => r.doc_code === docCode);
  const eff = effectiveSetting(module, moduleRow, docRow);
  const own = docCode === NOTIFICATION_MODULE_DOC ? moduleRow : docRow;
  return {
    module,
    doc_code: docCode,
    follow_setting: [...eff.codes],
    in_app_note: eff.in_app,
    email_note: eff.email,
    email_address: eff.email_address,
    is_follow: !!docRow?.is_follow,
    customized: !!own?.customized,
  } satisfies TNotificationSetting;
}

export const notificationService = {
  /** One page of the caller's own messages (POST /Notification/GetNotificationMessage). */
  async messages(db: Db, actor: Actor, input: TGetNotificationMessageRequest) {
    const q = ZGetNotificationMessageRequest.parse(input);
    const page = await repo.page(db, {
      userUid: actor.user_uid,
      unreadOnly: q.read_filter === 'Unread',
      search: q.search_text || undefined,
      limit: q.page_size,
      offset: (q.page_number - 1) * q.page_size,
    });
    return { messages: page.rows.map(presentMessage), total_count: page.total, unread_count: page.unread };
  },

  /** GET /Notification/GetNotificationSetting/{module}/{docCode}. */
  async setting(db: Db, actor: Actor, module: string, docCode: string) {
    const m = moduleFor(actor, module);
    await assertDoc(db, actor, m, docCode);
    return settingOf(db, actor, m, docCode);
  },

  /** Every module's setting of the caller (the masterSetting screen). */
  async moduleSettings(db: Db, actor: Actor) {
    const mods = NOTIFICATION_MODULES.filter((m) => actor.funcs.has(NOTIFICATION_MODULE_FUNC[m]));
    return Promise.all(mods.map((m) => settingOf(db, actor, m, NOTIFICATION_MODULE_DOC)));
  },

  /** The catalogue rows of the modules the caller's profile may use (GET /getUserProfileAvailableEventCodes). */
  availableEventCodes(actor: Actor): TAvailableEventCode[] {
    return (Object.keys(NOTIFICATION_EVENTS) as TNotificationEventCode[])
      .filter((c) => actor.funcs.has(NOTIFICATION_MODULE_FUNC[NOTIFICATION_EVENTS[c].module]))
      .map((c) => ({
        module: NOTIFICATION_EVENTS[c].module,
        sub_module: NOTIFICATION_EVENTS[c].sub_module,
        key: c,
        is_default: NOTIFICATION_EVENTS[c].is_default,
      }));
  },

  /**
   * POST /notification/addNotification: raises a catalogue event about a document the caller can see. It
   * goes through the outbox like the server's own events; with no party or office facts it reaches the
   * document's followers.
   */
  async add(db: Db, actor: Actor, input: TAddNotificationRequest) {
    const req = ZAddNotificationRequest.parse(input);
    const m = moduleFor(actor, req.module);
    if (NOTIFICATION_EVENTS[req.event_code].module !== m)
      throw new AppError(422, MSG.notificationSendFail, { Message: 'Fail to send notification.' });
    await db.transaction(async (tx) => {
      if (req.doc_code === NOTIFICATION_MODULE_DOC || !(await docVisible(tx, actor, m, req.doc_code)))
        throw invalidDoc();
      await emitNotification(tx, {
        event_code: req.event_code,
        doc_code: req.doc_code,
        params: { ...req.desc_param, doc_code: req.doc_code },
        actor_uid: actor.user_uid,
      });
    });
    return true as const;
  },

  /** POST /unfollowNotification: stop following one document and hear nothing more about it. */
  async unfollow(db: Db, actor: Actor, input: { module: string; doc_code: string }) {
    const m = moduleFor(actor, input.module);
    if (input.doc_code === NOTIFICATION_MODULE_DOC) throw invalidDoc();
    await assertDoc(db, actor, m, input.doc_code);
    await repo.upsertSetting(db, {
      user_uid: actor.user_uid,
      module: m,
      doc_code: input.doc_code,
      is_follow: false,
      customized: true,
    });
    return true as const;
  },

  /** POST /upsertNotificationMessage: toggle read or remove one of the caller's own messages. */
  async updateMessage(db: Db, actor: Actor, req: TUpsertNotificationMessageRequest) {
    const ok = await repo.updateMessage(db, actor.user_uid, req.message_id, {
      ...(req.is_read !== undefined ? { is_read: req.is_read } : {}),
      ...(req.removed ? { removed: true } : {}),
    });
    // Another user's message looks like a missing one.
    if (!ok)
      throw req.removed
        ? new AppError(404, MSG.notificationDeleteFail, { Message: 'Fail to delete.' })
        : new AppError(404, MSG.notificationSaveFail, { Message: 'Fail to save.' });
    return true as const;
  },

  async markAllRead(db: Db, actor: Actor) {
    await repo.markAllRead(db, actor.user_uid);
    return true as const;
  },

  async deleteAll(db: Db, actor: Actor) {
    await repo.removeAll(db, actor.user_uid);
    return true as const;
  },

  /**
   * POST /upsertNotificationConfigs: the caller's module settings ('*') and document follows. Fields left
   * out keep their current value; event codes outside the module are refused.
   */
  async upsertConfigs(db: Db, actor: Actor, inputs: TNotificationSettingInput[]) {
    await db.transaction(async (tx) => {
      for (const input of inputs) {
        const s = ZNotificationSettingInput.parse(input);
        const m = moduleFor(actor, s.module);
        await assertDoc(tx, actor, m, s.doc_code);
        if (s.follow_setting?.some((c) => NOTIFICATION_EVENTS[c].module !== m))
          throw new AppError(400, MSG.notificationSaveFail, { Message: 'Fail to save.' });
        const [row] = await repo.settings(tx, actor.user_uid, m, [s.doc_code]);
        await repo.upsertSetting(tx, {
          user_uid: actor.user_uid,
          module: m,
          doc_code: s.doc_code,
          follow_setting: s.follow_setting ?? row?.follow_setting ?? defaultCodes(m),
          in_app_note: s.in_app_note ?? row?.in_app_note ?? true,
          email_note: s.email_note ?? row?.email_note ?? true,
          email_address:
            s.email_address === undefined ? (row?.email_address ?? null) : s.email_address || null,
          is_follow: s.is_follow ?? row?.is_follow ?? false,
          customized: true,
        });
      }
    });
    return true as const;
  },
};
