import {
  NOTIFICATION_EVENT_CODES,
  NOTIFICATION_EVENTS,
  NOTIFICATION_MODULE_FUNC,
  type TNotificationEventCode,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBooking, linkUserToParties } from '../../../test/booking-factory';
import { partyIdOf } from '../../../test/party-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { type BuiltUser, buildUser } from '../../../test/user-factory';
import { emitNotification, notifyBooking } from '../../platform/notify/notify';
import { dispatchPending } from './notification.dispatch';

let t: TestApp;
type H = Record<string, string>;

const api = (method: 'GET' | 'POST', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });

/** Dispatches everything pending now (the hub may have taken some already; both paths are the same code). */
const dispatch = () => dispatchPending(t.db, { publicBaseUrl: 'http://portal.test' });

/** Who got a message of the outbox event `eventId`. */
async function receivers(eventId: number): Promise<string[]> {
  const { rows } = await t.db.execute<{ user_uid: string }>(
    sql`select user_uid from notification_messages where event_id = ${eventId} order by user_uid`,
  );
  return rows.map((r) => r.user_uid);
}

/** Waits for the event to be dispatched (by this test or the app's hub). */
async function dispatched(eventId: number) {
  for (let i = 0; i < 100; i++) {
    await dispatch();
    const { rows } = await t.db.execute<{ d: boolean }>(
      sql`select dispatched_at is not null as d from notification_events where event_id = ${eventId}`,
    );
    if (rows[0]?.d) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`event ${eventId} not dispatched`);
}

async function mailsTo(address: string, about = ''): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from mail_outbox where to_address = ${address} and tag = 'notification'
          and subject like ${`%${about}%`}`,
  );
  return rows[0].n;
}

async function holds(userUid: string, funcId: string): Promise<boolean> {
  const { rows } = await t.db.execute(sql`
    select 1 from user_profiles p join role_funcs rf on rf.role_id = p.role_id
     where p.user_uid = ${userUid} and rf.func_id = ${funcId} and p.status = 'A'`);
  return rows.length > 0;
}

async function managers(): Promise<string[]> {
  const { rows } = await t.db.execute<{ user_uid: string }>(sql`
    select distinct u.user_uid from users u join user_profiles p on p.user_uid = u.user_uid
      join profile_types pt on pt.profile_type_id = p.profile_type_id
     where pt.code = 'MANAGER' and p.status = 'A' and u.status = 'A'`);
  return rows.map((r) => r.user_uid);
}

async function follow(userUid: string, module: string, docCode: string) {
  await t.db.execute(sql`
    insert into notification_settings (user_uid, module, doc_code, is_follow, customized)
    values (${userUid}, ${module}, ${docCode}, true, true)
    on conflict (user_uid, module, doc_code) do update set is_follow = true`);
}

let follower: BuiltUser;
let actorUser: BuiltUser;
let partyUser: BuiltUser;
let opsSin: BuiltUser;
let stranger: BuiltUser;
let deham: number;

beforeAll(async () => {
  t = await createTestApp();
  deham = await partyIdOf(t.db, 'DEHAM001');
  // Nobody else may hold DEHAM001 or work at SIN, or "exactly these users" would be wrong.
  const { rows: pre } = await t.db.execute(sql`
    select 1 from user_profile_party_groups g join party_group_members m on m.party_group_id = g.party_group_id
     where m.party_id = ${deham}
    union all
    select 1 from user_profiles p join offices o on o.office_id = p.office_id where o.code = 'SIN'`);
  expect(pre).toHaveLength(0);
  follower = await buildUser(t.db, { profiles: [['ADMIN', 'ADMIN']] });
  actorUser = await buildUser(t.db, { profiles: [['ADMIN', 'ADMIN']] });
  partyUser = await buildUser(t.db, { profiles: [['AGENT', 'AGENT']] });
  opsSin = await buildUser(t.db, { profiles: [['OPERATIONS', 'OPERATIONS']] });
  stranger = await buildUser(t.db, { profiles: [['AGENT', 'AGENT']] });
  await t.db.execute(sql`update user_profiles set office_id = (select office_id from offices where code = 'SIN')
                          where user_uid = ${opsSin.user_uid}`);
  await linkUserToParties(t.db, partyUser.login_id, ['DEHAM001']);
  await linkUserToParties(t.db, stranger.login_id, ['CNSHA001']);
});

afterAll(async () => {
  await t?.close();
});

describe('event catalogue: each event reaches exactly the right users', () => {
  it.each(NOTIFICATION_EVENT_CODES)('%s', async (code: TNotificationEventCode) => {
    const def = NOTIFICATION_EVENTS[code];
    const docCode = `DOC${code.length}${Date.now() % 100000}`;
    await follow(follower.user_uid, def.module, docCode);
    await follow(actorUser.user_uid, def.module, docCode);
    const eventId = await t.db.transaction((tx) =>
      emitNotification(tx, {
        event_code: code,
        doc_code: docCode,
        party_ids: [deham],
        office_code: 'SIN',
        approver_profile_types: ['MANAGER'],
        actor_uid: actorUser.user_uid,
      }),
    );
    await dispatched(eventId);
    const func = NOTIFICATION_MODULE_FUNC[def.module];
    const audiences = def.audiences as readonly string[];
    const named = [
      ...(audiences.includes('followers') ? [follower.user_uid, actorUser.user_uid] : []),
      ...(audiences.includes('parties') ? [partyUser.user_uid] : []),
      ...(audiences.includes('office_ops') ? [opsSin.user_uid] : []),
      ...(audiences.includes('approvers') ? await managers() : []),
    ];
    const expected: string[] = [];
    for (const u of new Set(named))
      if (u !== actorUser.user_uid && (await holds(u, func)) && (await defaultOn(u, def.module, code)))
        expected.push(u);
    expect(await receivers(eventId)).toEqual(expected.sort());
    expect(await receivers(eventId)).not.toContain(stranger.user_uid);
  });
});

/** The user's module setting lets the event through (demo users have the defaults). */
async function defaultOn(userUid: string, module: string, code: string) {
  const { rows } = await t.db.execute<{ follow_setting: string[] }>(sql`
    select follow_setting from notification_settings where user_uid = ${userUid} and module = ${module}
       and doc_code = '*'`);
  return rows[0]
    ? rows[0].follow_setting.includes(code)
    : NOTIFICATION_EVENTS[code as TNotificationEventCode].is_default;
}

describe('booking actions raise their events in the same transaction', () => {
  it('an operations confirm reaches the shipper of the booking and not another party', async () => {
    const shipperUser = await buildUser(t.db, { profiles: [['SHIPPER', 'SHIPPER']] });
    await linkUserToParties(t.db, shipperUser.login_id, ['CNSZX001']);
    const o = await createTestBooking(t.db, {
      status: 'NEW_E_BOOKING',
      is_e_booking: true,
      handling_office: 'SIN',
    });
    const ops = bearer(await sessionToken(t, opsSin.login_id));
    // opsSin is the actor: never told of its own change.
    const res = await api('POST', `/Booking/${o.so_no}/actions/confirm`, ops, { version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.db.execute<{ event_id: number }>(
      sql`select event_id from notification_events where doc_code = ${o.so_no} and event_code = 'BOOKING_CONFIRMED'`,
    );
    expect(rows).toHaveLength(1);
    await dispatched(Number(rows[0].event_id));
    const got = await receivers(Number(rows[0].event_id));
    expect(got).toContain(shipperUser.user_uid);
    expect(got).not.toContain(opsSin.user_uid);
    expect(got).not.toContain(partyUser.user_uid);
  });

  it('a refused action (stale version) raises nothing', async () => {
    const o = await createTestBooking(t.db, { status: 'NEW_E_BOOKING', is_e_booking: true });
    const ops = bearer(await sessionToken(t, 'ops@demo.test'));
    const res = await api('POST', `/Booking/${o.so_no}/actions/confirm`, ops, { version: 7 });
    expect(res.statusCode).toBe(409);
    const { rows } = await t.db.execute(sql`select 1 from notification_events where doc_code = ${o.so_no}`);
    expect(rows).toHaveLength(0);
  });
});

describe('outbox', () => {
  it('a rolled-back change sends nothing', async () => {
    const docCode = `RB${Date.now() % 1000000}`;
    await follow(follower.user_uid, 'booking', docCode);
    await expect(
      t.db.transaction(async (tx) => {
        await emitNotification(tx, { event_code: 'BOOKING_CONFIRMED', doc_code: docCode });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await dispatch();
    const { rows } = await t.db.execute(sql`
      select 1 from notification_events where doc_code = ${docCode}
      union all select 1 from notification_messages where doc_code = ${docCode}`);
    expect(rows).toHaveLength(0);
  });
});

describe('dispatch in batches (issue 40)', () => {
  it('one failing event of a batch is rolled back alone: the others go out, it stays pending with its error', async () => {
    const docCode = `SO-BATCH-${Date.now()}`;
    // The third event fails in the database, writing its messages (after its reads): without a savepoint of its
    // own that would abort the whole batch's transaction.
    await t.db.execute(
      sql.raw(`create function fail_one_message() returns trigger language plpgsql as $$
                 begin raise exception 'refused for the test'; end $$;
               create trigger fail_one_message before insert on notification_messages for each row
                 when (new.doc_code = '${docCode}-2') execute function fail_one_message()`),
    );
    const ids = await t.db.transaction(async (tx) => {
      const out: number[] = [];
      for (let i = 0; i < 5; i++)
        out.push(
          await emitNotification(tx, {
            event_code: 'BOOKING_CONFIRMED',
            doc_code: `${docCode}-${i}`,
            party_ids: [deham],
          }),
        );
      return out;
    });
    for (const id of [ids[0], ids[1], ids[3], ids[4]]) await dispatched(id);
    const { rows } = await t.db.execute<{
      event_id: string;
      sent: boolean;
      failed: boolean;
      messages: number;
    }>(sql`
      select e.event_id, e.dispatched_at is not null as sent, e.last_error is not null as failed,
             (select count(*)::int from notification_messages m where m.event_id = e.event_id) as messages
        from notification_events e where e.event_id = any(${sql.param(ids)}::bigint[]) order by e.event_id`);
    expect(rows.map((r) => [r.sent, r.failed])).toEqual([
      [true, false],
      [true, false],
      [false, true],
      [true, false],
      [true, false],
    ]);
    // Its savepoint took back whatever it had written; the others' messages are there.
    expect(rows[2].messages).toBe(0);
    expect(rows[0].messages).toBeGreaterThan(0);
    // Not retried by later tests' dispatches.
    await t.db.execute(sql`drop trigger fail_one_message on notification_messages`);
    await t.db.execute(sql`delete from notification_events where event_id = ${ids[2]}`);
  });
});

describe('settings', () => {
  const emitFor = async (docCode: string) => {
    const id = await t.db.transaction((tx) =>
      emitNotification(tx, { event_code: 'BOOKING_CONFIRMED', doc_code: docCode, party_ids: [deham] }),
    );
    await dispatched(id);
    return id;
  };
  let h: H;
  beforeAll(async () => {
    h = bearer(await sessionToken(t, partyUser.login_id));
  });

  it('in-app off: no message, the e-mail still goes', async () => {
    const mailsBefore = await mailsTo(partyUser.login_id);
    const res = await api('POST', '/upsertNotificationConfigs', h, [
      { module: 'booking', in_app_note: false, email_note: true },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(true);
    const id = await emitFor(`IA${Date.now() % 100000}`);
    expect(await receivers(id)).toEqual([]);
    expect(await mailsTo(partyUser.login_id)).toBe(mailsBefore + 1);
  });

  it('e-mail off: no mail, the message still comes; to another address when one is set', async () => {
    await api('POST', '/upsertNotificationConfigs', h, [
      { module: 'booking', in_app_note: true, email_note: false },
    ]);
    const before = await mailsTo(partyUser.login_id);
    const id = await emitFor(`EM${Date.now() % 100000}`);
    expect(await receivers(id)).toEqual([partyUser.user_uid]);
    expect(await mailsTo(partyUser.login_id)).toBe(before);
    await api('POST', '/upsertNotificationConfigs', h, [
      { module: 'booking', email_note: true, email_address: 'desk@agent.example' },
    ]);
    await emitFor(`EA${Date.now() % 100000}`);
    expect(await mailsTo('desk@agent.example')).toBe(1);
    expect(await mailsTo(partyUser.login_id)).toBe(before);
  });

  it('the mail is rendered in the recipient’s language from the e-mail template, with the party names', async () => {
    await t.db.execute(sql`update users set default_lang = 'zh-HK' where user_uid = ${partyUser.user_uid}`);
    await api('POST', '/upsertNotificationConfigs', h, [
      { module: 'booking', email_note: true, email_address: '' },
    ]);
    const o = await createTestBooking(t.db, { nomination_agent_id: deham, handling_office: 'SIN' });
    const id = await t.db.transaction((tx) => notifyBooking(tx, 'BOOKING_CONFIRMED', o, null).then(() => 0));
    expect(id).toBe(0);
    for (let i = 0; i < 50 && (await mailsTo(partyUser.login_id, o.so_no)) === 0; i++) {
      await dispatch();
      await new Promise((r) => setTimeout(r, 50));
    }
    const { rows } = await t.db.execute<{ subject: string; text_body: string }>(sql`
      select subject, text_body from mail_outbox where to_address = ${partyUser.login_id} and subject like ${`%${o.so_no}%`}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toContain('貨運平台');
    expect(rows[0].text_body).toContain(`/BMS/enhance_booking/shipping_order/${o.so_no}`);
    await t.db.execute(sql`update users set default_lang = 'en-US' where user_uid = ${partyUser.user_uid}`);
  });

  it('each event is handed to the webhooks of the parties on the document, and only theirs', async () => {
    await t.db.execute(sql`
      insert into webhook_endpoints (party_id, url, secret, event_codes, created_by, updated_by)
      values (${deham}, 'http://127.0.0.1:9/hook', 'a-secret-of-16-chars', '{BOOKING_CONFIRMED}', 't', 't'),
             ((select party_id from parties where party_code = 'CNSHA001'), 'http://127.0.0.1:9/other',
              'a-secret-of-16-chars', '{BOOKING_CONFIRMED}', 't', 't')`);
    const docCode = `WH${Date.now() % 100000}`;
    await emitFor(docCode);
    const { rows } = await t.db.execute<{ url: string }>(sql`
      select e.url from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where d.doc_code = ${docCode}`);
    expect(rows.map((r) => r.url)).toEqual(['http://127.0.0.1:9/hook']);
  });

  it('an event code switched off in follow_setting reaches nobody', async () => {
    await api('POST', '/upsertNotificationConfigs', h, [
      { module: 'booking', follow_setting: ['BOOKING_CREATED'], email_note: false },
    ]);
    const id = await emitFor(`FS${Date.now() % 100000}`);
    expect(await receivers(id)).toEqual([]);
    await api('POST', '/upsertNotificationConfigs', h, [
      { module: 'booking', follow_setting: ['BOOKING_CREATED', 'BOOKING_CONFIRMED'] },
    ]);
  });

  it('refuses event codes of another module and settings of modules the profile lacks', async () => {
    const wrong = await api('POST', '/upsertNotificationConfigs', h, [
      { module: 'booking', follow_setting: ['PARTY_APPROVED'] },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msgKey).toBe('msgNotificationSaveFail');
    const party = await api('POST', '/upsertNotificationConfigs', h, [{ module: 'party' }]);
    expect(party.statusCode).toBe(400);
    expect(party.json().msgKey).toBe('msgNotificationInvalidModule');
  });
});

describe('the calls', () => {
  let shipper: H;
  let ops: H;
  let soNo: string;
  let otherSo: string;
  let shipperUid: string;
  beforeAll(async () => {
    const s = await buildUser(t.db, { profiles: [['SHIPPER', 'SHIPPER']] });
    shipperUid = s.user_uid;
    await linkUserToParties(t.db, s.login_id, ['CNSZX001']);
    shipper = bearer(await sessionToken(t, s.login_id));
    ops = bearer(await sessionToken(t, 'ops@demo.test'));
    soNo = (await createTestBooking(t.db, {})).so_no;
    const cnsha = await partyIdOf(t.db, 'CNSHA001');
    otherSo = (
      await createTestBooking(t.db, {
        shipper_id: cnsha,
        customer_id: cnsha,
        consignee_id: cnsha,
        nomination_agent_id: null,
      })
    ).so_no;
    // 23 messages for the shipper, the newest mentions "needle"
    for (let i = 0; i < 23; i++)
      await t.db.execute(sql`
        insert into notification_messages (user_uid, module, sub_module, doc_code, event_code, desc_key,
               desc_param, href, search_text, is_read)
        values (${shipperUid}, 'booking', 'booking', ${soNo}, 'BOOKING_CONFIRMED', 'evt.BOOKING_CONFIRMED',
               ${JSON.stringify({ doc_code: soNo })}::jsonb, '/x', ${i === 22 ? 'needle' : 'hay'}, ${i % 2 === 0})`);
  });

  it('needs a signed-in user', async () => {
    const res = await api('POST', '/Notification/GetNotificationMessage', {}, {});
    expect(res.statusCode).toBe(401);
  });

  it('GetNotificationMessage pages, filters unread and searches the caller’s own messages', async () => {
    const p1 = await api('POST', '/Notification/GetNotificationMessage', shipper, {
      page_size: 10,
      page_number: 1,
      read_filter: 'All',
    });
    expect(p1.statusCode, p1.body).toBe(200);
    const b = p1.json();
    expect(b.messages).toHaveLength(10);
    expect(b.total_count).toBe(23);
    expect(b.unread_count).toBe(11);
    expect(b.messages[0].desc_key).toBe('evt.BOOKING_CONFIRMED');
    const p3 = (
      await api('POST', '/Notification/GetNotificationMessage', shipper, { page_number: 3 })
    ).json();
    expect(p3.messages).toHaveLength(3);
    const unread = (
      await api('POST', '/Notification/GetNotificationMessage', shipper, {
        read_filter: 'Unread',
        page_size: 50,
      })
    ).json();
    expect(unread.messages.every((m: { is_read: boolean }) => !m.is_read)).toBe(true);
    expect(unread.total_count).toBe(11);
    const found = (
      await api('POST', '/Notification/GetNotificationMessage', shipper, { search_text: 'NEEDLE' })
    ).json();
    expect(found.total_count).toBe(1);
    // ops sees none of them
    const theirs = (
      await api('POST', '/Notification/GetNotificationMessage', ops, { page_size: 100 })
    ).json();
    expect(theirs.messages.some((m: { doc_code: string }) => m.doc_code === soNo)).toBe(false);
  });

  it('upsertNotificationMessage toggles and removes only the caller’s own message', async () => {
    const [m] = (await api('POST', '/Notification/GetNotificationMessage', shipper, { page_size: 1 })).json()
      .messages;
    const read = await api('POST', '/upsertNotificationMessage', shipper, {
      message_id: m.message_id,
      is_read: !m.is_read,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toBe(true);
    const other = await api('POST', '/upsertNotificationMessage', ops, {
      message_id: m.message_id,
      is_read: true,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().msgKey).toBe('msgNotificationSaveFail');
    const otherDelete = await api('POST', '/upsertNotificationMessage', ops, {
      message_id: m.message_id,
      removed: true,
    });
    expect(otherDelete.statusCode).toBe(404);
    expect(otherDelete.json().msgKey).toBe('msgNotificationDeleteFail');
    const gone = await api('POST', '/upsertNotificationMessage', shipper, {
      message_id: m.message_id,
      removed: true,
    });
    expect(gone.statusCode).toBe(200);
    const after = (
      await api('POST', '/Notification/GetNotificationMessage', shipper, { page_size: 1 })
    ).json();
    expect(after.total_count).toBe(22);
    const empty = await api('POST', '/upsertNotificationMessage', shipper, { message_id: m.message_id });
    expect(empty.statusCode).toBe(400);
  });

  it('markAllNotificationMessagesAsRead and deleteAllNotificationMessages touch only the caller', async () => {
    const opsBefore = (await api('POST', '/Notification/GetNotificationMessage', ops, {})).json();
    const all = await api('POST', '/markAllNotificationMessagesAsRead', shipper, {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toBe(true);
    expect((await api('POST', '/Notification/GetNotificationMessage', shipper, {})).json().unread_count).toBe(
      0,
    );
    const del = await api('POST', '/deleteAllNotificationMessages', shipper, {});
    expect(del.json()).toBe(true);
    expect((await api('POST', '/Notification/GetNotificationMessage', shipper, {})).json().total_count).toBe(
      0,
    );
    const opsAfter = (await api('POST', '/Notification/GetNotificationMessage', ops, {})).json();
    expect(opsAfter.total_count).toBe(opsBefore.total_count);
    expect(opsAfter.unread_count).toBe(opsBefore.unread_count);
  });

  it('GetNotificationSetting answers defaults, follows, and the spec errors', async () => {
    const s = await api('GET', `/Notification/GetNotificationSetting/booking/${soNo}`, shipper);
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json()).toMatchObject({
      module: 'booking',
      doc_code: soNo,
      is_follow: false,
      in_app_note: true,
    });
    expect(s.json().follow_setting).toContain('BOOKING_CONFIRMED');
    const mod = await api('GET', '/Notification/GetNotificationSetting/booking/*', shipper);
    expect(mod.statusCode).toBe(200);
    const bad = await api('GET', '/Notification/GetNotificationSetting/nonsense/X', shipper);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msgKey: 'msgNotificationInvalidModule', Message: 'Invalid module' });
    const noFunc = await api('GET', '/Notification/GetNotificationSetting/party/1', shipper);
    expect(noFunc.json().msgKey).toBe('msgNotificationInvalidModule');
    const missing = await api('GET', '/Notification/GetNotificationSetting/booking/NOSUCHSO', shipper);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      msgKey: 'msgNotificationInvalidDocCode',
      Message: 'Invalid doc_code',
    });
    // another party's booking looks missing to an external user
    const foreign = await api('GET', `/Notification/GetNotificationSetting/booking/${otherSo}`, shipper);
    expect(foreign.statusCode).toBe(404);
  });

  it('follow with upsertNotificationConfigs, unfollowNotification mutes the document', async () => {
    const f = await api('POST', '/upsertNotificationConfigs', shipper, [
      { module: 'booking', doc_code: soNo, is_follow: true },
    ]);
    expect(f.statusCode, f.body).toBe(200);
    expect(
      (await api('GET', `/Notification/GetNotificationSetting/booking/${soNo}`, shipper)).json().is_follow,
    ).toBe(true);
    const foreign = await api('POST', '/upsertNotificationConfigs', shipper, [
      { module: 'booking', doc_code: otherSo, is_follow: true },
    ]);
    expect(foreign.statusCode).toBe(404);
    const u = await api('POST', '/unfollowNotification', shipper, { module: 'booking', doc_code: soNo });
    expect(u.statusCode, u.body).toBe(200);
    expect(u.json()).toBe(true);
    expect(
      (await api('GET', `/Notification/GetNotificationSetting/booking/${soNo}`, shipper)).json().is_follow,
    ).toBe(false);
    const bad = await api('POST', '/unfollowNotification', shipper, { module: 'nope', doc_code: soNo });
    expect(bad.statusCode).toBe(400);
    // muted: a confirm of that booking brings the shipper nothing
    const cnszx = await partyIdOf(t.db, 'CNSZX001');
    const id = await t.db.transaction((tx) =>
      emitNotification(tx, { event_code: 'BOOKING_CONFIRMED', doc_code: soNo, party_ids: [cnszx] }),
    );
    await dispatched(id);
    expect(await receivers(id)).not.toContain(shipperUid);
  });

  it('addNotification raises an event for a visible document; followers get it', async () => {
    await api('POST', '/upsertNotificationConfigs', ops, [
      { module: 'booking', doc_code: soNo, is_follow: true },
    ]);
    const res = await api('POST', '/notification/addNotification', shipper, {
      module: 'booking',
      sub_module: 'booking',
      doc_code: soNo,
      event_code: 'BOOKING_AMEND_REQUESTED',
      desc_key: 'evt.BOOKING_AMEND_REQUESTED',
      desc_param: { doc_code: soNo },
      href: '/anything',
      email_subject_param: {},
      email_body_param: {},
      visible_to: 'All',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(true);
    const { rows } = await t.db.execute<{ event_id: number; href: string }>(sql`
      select event_id, href from notification_events where doc_code = ${soNo} and event_code = 'BOOKING_AMEND_REQUESTED'`);
    expect(rows[0].href).toBe(`/BMS/enhance_booking/shipping_order/${soNo}`);
    await dispatched(Number(rows[0].event_id));
    const opsUid = (
      await t.db.execute<{ user_uid: string }>(
        sql`select user_uid from users where login_id = 'ops@demo.test'`,
      )
    ).rows[0].user_uid;
    expect(await receivers(Number(rows[0].event_id))).toContain(opsUid);
    const wrongEvent = await api('POST', '/notification/addNotification', shipper, {
      module: 'booking',
      doc_code: soNo,
      event_code: 'PARTY_APPROVED',
    });
    expect(wrongEvent.statusCode).toBe(422);
    expect(wrongEvent.json()).toMatchObject({ Message: 'Fail to send notification.' });
    const foreign = await api('POST', '/notification/addNotification', shipper, {
      module: 'booking',
      doc_code: otherSo,
      event_code: 'BOOKING_AMEND_REQUESTED',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msgKey).toBe('msgNotificationInvalidDocCode');
    const badDoc = await api('POST', '/notification/addNotification', shipper, {
      module: 'booking',
      doc_code: '<script>',
      event_code: 'BOOKING_AMEND_REQUESTED',
    });
    expect(badDoc.statusCode).toBe(400);
  });

  it('getUserProfileAvailableEventCodes answers the catalogue rows of the profile’s modules', async () => {
    const s = (await api('GET', '/getUserProfileAvailableEventCodes', shipper)).json();
    // a shipper: its bookings and the consolidation plans of its parties (issue 39)
    expect(new Set(s.map((r: { module: string }) => r.module))).toEqual(
      new Set(['booking', 'consolidation']),
    );
    expect(s).toContainEqual({
      module: 'booking',
      sub_module: 'booking',
      key: 'BOOKING_CREATED',
      is_default: true,
    });
    const o = (await api('GET', '/getUserProfileAvailableEventCodes', ops)).json();
    expect(new Set(o.map((r: { module: string }) => r.module))).toEqual(
      new Set(['booking', 'booking_approval', 'party', 'consolidation', 'master_bl', 'invoice']),
    );
  });
});
