import { NOTIFICATION_MODULE_DOC, type TNotificationModule } from '@portal/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared, notifyAfterCommit, runRendered } from '../../platform/db/client';
import { NOTIFICATION_MESSAGE_CHANNEL } from '../../platform/notify/notify';
import { notificationEvents } from '../../platform/notify/notify.tables';
import { notificationMessages, notificationSettings } from './notification.tables';

export type EventRow = typeof notificationEvents.$inferSelect;
export type MessageRow = typeof notificationMessages.$inferSelect;
export type SettingRow = typeof notificationSettings.$inferSelect;

/** A user an event may reach, with what the mail needs. */
export type Candidate = {
  user_uid: string;
  login_id: string;
  default_lang: string;
  name: string;
};

/** Active profiles (of active users) holding `funcId`: the only ones that may hear of a module. */
const holdsFunc = (funcId: string) => sql`
  p.status = 'A' and u.status = 'A'
  and exists (select 1 from role_funcs rf where rf.role_id = p.role_id and rf.func_id = ${funcId})`;

export const notificationRepository = {
  /** Claims pending outbox events (one id, or the oldest), locked so no other instance takes them. */
  async claimEvents(
    tx: DbOrTx,
    eventId: number | null,
    limit: number,
    skip: number[] = [],
  ): Promise<EventRow[]> {
    const where = eventId === null ? sql`` : sql`and event_id = ${eventId}`;
    const notIn = skip.length
      ? sql`and event_id <> all(${sql.raw(`'{${skip.map(Number).join(',')}}'::bigint[]`)})`
      : sql``;
    // An event failing 10 times stays for an operator (last_error) instead of blocking the sweep.
    const { rows } = await tx.execute<{ event_id: string }>(sql`
      select event_id from notification_events where dispatched_at is null and attempts < 10 ${where} ${notIn}
       order by event_id limit ${limit} for update skip locked`);
    if (!rows.length) return [];
    return tx
      .select()
      .from(notificationEvents)
      .where(
        inArray(
          notificationEvents.event_id,
          rows.map((r) => Number(r.event_id)),
        ),
      )
      .orderBy(notificationEvents.event_id);
  },

  async markDispatched(tx: DbOrTx, eventIds: readonly number[]) {
    if (!eventIds.length) return;
    await tx
      .update(notificationEvents)
      .set({ dispatched_at: sql`now()`, attempts: sql`${notificationEvents.attempts} + 1`, last_error: null })
      .where(inArray(notificationEvents.event_id, [...eventIds]));
  },

  async markFailed(tx: DbOrTx, eventId: number, error: string) {
    await tx
      .update(notificationEvents)
      .set({ attempts: sql`${notificationEvents.attempts} + 1`, last_error: error.slice(0, 1000) })
      .where(eq(notificationEvents.event_id, eventId));
  },

  /** Users following the document whose profile may see the module. */
  followers: (tx: DbOrTx, e: EventRow, funcId: string) =>
    candidates(
      tx,
      sql`exists (select 1 from notification_settings s where s.user_uid = u.user_uid and s.module = ${e.module}
                   and s.doc_code = ${e.doc_code} and s.is_follow)`,
      funcId,
    ),

  /** Users whose profile's party groups hold a party on the document (external: only their own parties). */
  parties: (tx: DbOrTx, e: EventRow, funcId: string) =>
    e.party_ids.length
      ? candidates(
          tx,
          sql`exists (select 1 from user_profile_party_groups g
                        join party_group_members m on m.party_group_id = g.party_group_id
                       where g.user_profile_id = p.user_profile_id
                         and m.party_id = any(${sql.param(e.party_ids.map(Number))}::int[]))`,
          funcId,
        )
      : Promise.resolve([]),

  /** OPERATIONS profiles of the handling office. */
  officeOps: (tx: DbOrTx, e: EventRow, funcId: string) =>
    e.office_code
      ? candidates(
          tx,
          sql`exists (select 1 from profile_types t where t.profile_type_id = p.profile_type_id and t.code = 'OPERATIONS')
              and exists (select 1 from offices o where o.office_id = p.office_id and o.code = ${e.office_code})`,
          funcId,
        )
      : Promise.resolve([]),

  /** Profiles of the given types (who acts next). */
  approvers: (tx: DbOrTx, e: EventRow, funcId: string) =>
    e.approver_profile_types.length
      ? candidates(
          tx,
          sql`exists (select 1 from profile_types t where t.profile_type_id = p.profile_type_id
                       and t.code = any(${sql.param([...e.approver_profile_types])}::text[]))`,
          funcId,
          // The applicant of a registration may hold no function yet; approvers must.
        )
      : Promise.resolve([]),

  /** Profiles of the given types working at the document's office (who acts next there: issue 39). */
  officeApprovers: (tx: DbOrTx, e: EventRow, funcId: string) =>
    e.approver_profile_types.length && e.office_code
      ? candidates(
          tx,
          sql`exists (select 1 from profile_types t where t.profile_type_id = p.profile_type_id
                       and t.code = any(${sql.param([...e.approver_profile_types])}::text[]))
              and exists (select 1 from offices o where o.office_id = p.office_id and o.code = ${e.office_code})`,
          funcId,
        )
      : Promise.resolve([]),

  /**
   * The user who created the document: the actor of its first status-history entry (entity `entity`, id =
   * doc_code), when that profile may still hear of the module.
   */
  creator: (tx: DbOrTx, e: EventRow, entity: string, funcId: string) =>
    candidates(
      tx,
      sql`u.user_uid::text = (select h.actor_uid from status_history h
                                where h.entity_type = ${entity} and h.entity_id = ${e.doc_code}
                                order by h.id limit 1)`,
      funcId,
    ),

  /** The user the document is about (by login id), whatever functions the profile holds. */
  async applicant(tx: DbOrTx, e: EventRow): Promise<Candidate[]> {
    if (!e.applicant_login) return [];
    const { rows } = await tx.execute<Candidate>(sql`
      select user_uid, login_id, default_lang, trim(first_name || ' ' || last_name) as name from users
       where lower(login_id) = lower(${e.applicant_login}) and status = 'A'`);
    return rows;
  },

  /** The module row and the document row of each user's settings. */
  async settingsOf(tx: DbOrTx, userUids: string[], module: string, docCode: string): Promise<SettingRow[]> {
    if (!userUids.length) return [];
    // Prepared, one text however many users (array parameters): every dispatched event asks it.
    return runRendered<SettingRow[]>(
      tx,
      'notification.settingsOf',
      () =>
        tx
          .select()
          .from(notificationSettings)
          .where(
            and(
              sql`${notificationSettings.user_uid} = any(${sql.placeholder('users')}::uuid[])`,
              eq(notificationSettings.module, sql.placeholder('module')),
              sql`${notificationSettings.doc_code} = any(${sql.placeholder('docs')}::text[])`,
            ),
          ),
      { users: userUids, module, docs: [NOTIFICATION_MODULE_DOC, docCode] },
    );
  },

  /** Writes messages (one per user and event) and tells every instance at commit. Answers the new rows. */
  async insertMessages(
    tx: DbOrTx,
    rows: (typeof notificationMessages.$inferInsert)[],
  ): Promise<{ message_id: number; user_uid: string }[]> {
    if (!rows.length) return [];
    const out = await tx
      .insert(notificationMessages)
      .values(rows)
      .onConflictDoNothing()
      .returning({ message_id: notificationMessages.message_id, user_uid: notificationMessages.user_uid });
    await notifyMessages(
      tx,
      out.map((r) => r.message_id),
    );
    return out;
  },

  async messageById(tx: DbOrTx, messageId: number): Promise<MessageRow | undefined> {
    const [row] = await tx
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.message_id, messageId));
    return row;
  },

  /** One page of a user's live messages, newest first, with the totals of the centre. */
  async page(
    tx: DbOrTx,
    o: { userUid: string; unreadOnly: boolean; search: string | undefined; limit: number; offset: number },
  ) {
    const conds: SQL[] = [
      eq(notificationMessages.user_uid, o.userUid),
      eq(notificationMessages.removed, false),
    ];
    if (o.unreadOnly) conds.push(eq(notificationMessages.is_read, false));
    if (o.search) {
      const pattern = `%${o.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conds.push(sql`${notificationMessages.search_text} like ${pattern}`);
    }
    const where = and(...conds);
    const [rows, [total], [unread]] = await Promise.all([
      tx
        .select()
        .from(notificationMessages)
        .where(where)
        // message_dt, as the user index is ordered (see notification.tables.ts)
        .orderBy(desc(notificationMessages.message_dt), desc(notificationMessages.message_id))
        .limit(o.limit)
        .offset(o.offset),
      tx.select({ n: sql<number>`count(*)::int` }).from(notificationMessages).where(where),
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(notificationMessages)
        .where(
          and(
            eq(notificationMessages.user_uid, o.userUid),
            eq(notificationMessages.removed, false),
            eq(notificationMessages.is_read, false),
          ),
        ),
    ]);
    return { rows, total: total.n, unread: unread.n };
  },

  /** Changes one of the user's own messages; answers false when the user has no such message. */
  async updateMessage(
    tx: DbOrTx,
    userUid: string,
    messageId: number,
    patch: { is_read?: boolean; removed?: boolean },
  ): Promise<boolean> {
    const out = await tx
      .update(notificationMessages)
      .set(patch)
      .where(
        and(
          eq(notificationMessages.message_id, messageId),
          eq(notificationMessages.user_uid, userUid),
          eq(notificationMessages.removed, false),
        ),
      )
      .returning({ id: notificationMessages.message_id });
    return out.length > 0;
  },

  async markAllRead(tx: DbOrTx, userUid: string) {
    await tx
      .update(notificationMessages)
      .set({ is_read: true })
      .where(
        and(
          eq(notificationMessages.user_uid, userUid),
          eq(notificationMessages.removed, false),
          eq(notificationMessages.is_read, false),
        ),
      );
  },

  async removeAll(tx: DbOrTx, userUid: string) {
    await tx
      .update(notificationMessages)
      .set({ removed: true })
      .where(and(eq(notificationMessages.user_uid, userUid), eq(notificationMessages.removed, false)));
  },

  /** The user's settings of one module (the module row and documents), or of one document. */
  settings: (tx: DbOrTx, userUid: string, module: TNotificationModule, docCodes?: string[]) =>
    tx
      .select()
      .from(notificationSettings)
      .where(
        and(
          eq(notificationSettings.user_uid, userUid),
          eq(notificationSettings.module, module),
          docCodes ? inArray(notificationSettings.doc_code, docCodes) : undefined,
        ),
      ),

  /** Inserts or replaces one of the user's settings. */
  async upsertSetting(tx: DbOrTx, row: typeof notificationSettings.$inferInsert) {
    const { setting_id: _id, user_uid: _u, module: _m, doc_code: _d, ...set } = row;
    await tx
      .insert(notificationSettings)
      .values(row)
      .onConflictDoUpdate({
        target: [notificationSettings.user_uid, notificationSettings.module, notificationSettings.doc_code],
        set: { ...set, updated_at: sql`now()` },
      });
  },

  /** What a committed event is about (the live documents of issue 39): its module, number and code. */
  async eventSubject(
    tx: DbOrTx,
    eventId: number,
  ): Promise<{ module: string; doc_code: string; event_code: string } | undefined> {
    const [row] = await tx
      .select({
        module: notificationEvents.module,
        doc_code: notificationEvents.doc_code,
        event_code: notificationEvents.event_code,
      })
      .from(notificationEvents)
      .where(eq(notificationEvents.event_id, eventId));
    return row;
  },

  /** True when the session is live (not revoked, not expired) and belongs to an active user. */
  async sessionLive(tx: DbOrTx, sid: string, userUid: string): Promise<boolean> {
    const { rows } = await tx.execute(sql`
      select 1 from sessions s join users u on u.user_uid = s.user_uid
       where s.sid = ${sid} and s.user_uid = ${userUid} and s.revoked_at is null
         and s.expires_at > now() and u.status = 'A'`);
    return rows.length > 0;
  },

  /** Which of these sessions are no longer live. */
  async deadSessions(tx: DbOrTx, sids: string[]): Promise<string[]> {
    const { rows } = await tx.execute<{ sid: string }>(sql`
      select s.sid from sessions s join users u on u.user_uid = s.user_uid
       where s.sid in (${sql.join(
         sids.map((sid) => sql`${sid}::uuid`),
         sql`, `,
       )}) and (s.revoked_at is not null or s.expires_at <= now() or u.status <> 'A')`);
    return rows.map((r) => r.sid);
  },

  /** Full names of parties by id (e-mail placeholders such as shipper and consignee). */
  async partyNames(tx: DbOrTx, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const { rows } = await tx.execute<{ party_id: number; full_name: string }>(
      sql`select party_id, full_name from parties where party_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((r) => [Number(r.party_id), r.full_name]));
  },

  /** True when a registration with this id exists (registration documents are seen by administrators). */
  async registrationExists(tx: DbOrTx, id: number): Promise<boolean> {
    const { rows } = await tx.execute(
      sql`select 1 from user_registrations where user_registration_id = ${id} limit 1`,
    );
    return rows.length > 0;
  },
};

/** A NOTIFY for each message id, sent to every instance's listener once the transaction has committed. */
function notifyMessages(tx: DbOrTx, ids: number[]) {
  return notifyAfterCommit(tx, NOTIFICATION_MESSAGE_CHANNEL, ids);
}

/**
 * The users of one rule (above), prepared (client.ts executePrepared): every dispatched event asks two to four
 * of them, and each was planned afresh (~0.5 ms of PostgreSQL each, more than running it). Lists are array
 * parameters, so each rule is one text.
 */
async function candidates(tx: DbOrTx, cond: SQL, funcId: string): Promise<Candidate[]> {
  const { rows } = await executePrepared<Candidate>(
    tx,
    sql`
    select distinct u.user_uid, u.login_id, u.default_lang, trim(u.first_name || ' ' || u.last_name) as name
      from users u join user_profiles p on p.user_uid = u.user_uid
     where ${holdsFunc(funcId)} and ${cond}`,
  );
  return rows;
}
