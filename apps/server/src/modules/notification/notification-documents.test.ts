import { NOTIFICATION_EVENTS, NOTIFICATION_MODULES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { type BuiltUser, buildUser } from '../../../test/user-factory';
import { accountingService } from '../accounting/accounting.test-helpers';
import { createExternalUser } from '../booking-approval/booking-approval.test-helpers';
import {
  attachDocument,
  callsOf,
  demoSailingAndRate,
  lclSo,
  planBody,
} from '../consolidation/consolidation.test-helpers';
import type { LedgerClient } from '../ledger';
import { dispatchPending } from './notification.dispatch';

// Issue 39: consolidation, master BL and invoice events in the notification centre. Each event reaches its
// default audience and a follower, never the actor and never a user outside the audience.

let t: TestApp;
type H = Record<string, string>;
let api: ReturnType<typeof callsOf>;
let lane: Awaited<ReturnType<typeof demoSailingAndRate>>;
let ops: H;
let agent: H;
let agentB: H;
const uid: Record<string, string> = {};

const dispatch = () => dispatchPending(t.db, { publicBaseUrl: 'http://portal.test' });

/** Who got a message of the (one) event `code` about `docCode`, once it is dispatched. */
async function receiversOf(code: string, docCode: string): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    await dispatch();
    const { rows } = await t.db.execute<{ event_id: string; d: boolean }>(sql`
      select event_id, dispatched_at is not null as d from notification_events
       where event_code = ${code} and doc_code = ${docCode} order by event_id desc limit 1`);
    if (rows[0]?.d) {
      const got = await t.db.execute<{ user_uid: string }>(
        sql`select user_uid from notification_messages where event_id = ${rows[0].event_id}`,
      );
      return got.rows.map((r) => r.user_uid);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${code} about ${docCode} not raised or not dispatched`);
}

const uidOf = async (login: string) =>
  (await t.db.execute<{ user_uid: string }>(sql`select user_uid from users where login_id = ${login}`))
    .rows[0].user_uid;

async function atOffice(u: BuiltUser, office: string) {
  await t.db.execute(sql`update user_profiles set office_id = (select office_id from offices where code = ${office})
                          where user_uid = ${u.user_uid}`);
}

beforeAll(async () => {
  t = await createTestApp();
  api = callsOf(t);
  lane = await demoSailingAndRate(t.db);
  await createExternalUser(t.db, 'agent-n39@demo.test', 'AGENT', ['DEHAM001']);
  for (const login of ['ops@demo.test', 'ops.sha@demo.test', 'agent@demo.test', 'agent-n39@demo.test'])
    uid[login] = await uidOf(login);
  [ops, agent, agentB] = await Promise.all(
    ['ops@demo.test', 'agent@demo.test', 'agent-n39@demo.test'].map(async (u) =>
      bearer(await sessionToken(t, u)),
    ),
  );
});
afterAll(async () => t?.close());

describe('catalogue (issue 39)', () => {
  it('has the consolidation, master BL and invoice events with their modules', () => {
    expect(NOTIFICATION_MODULES).toEqual(expect.arrayContaining(['consolidation', 'master_bl', 'invoice']));
    const of = (m: string) =>
      Object.entries(NOTIFICATION_EVENTS)
        .filter(([, d]) => d.module === m)
        .map(([c]) => c);
    expect(of('consolidation')).toEqual([
      'CONSOL_SUBMITTED',
      'CONSOL_APPROVAL_REQUESTED',
      'CONSOL_APPROVED',
      'CONSOL_REJECTED',
      // the carrier's answers over the live DCSA link (issue 42, docs/carrier-link.md)
      'CARRIER_BOOKING_CONFIRMED',
      'CARRIER_BOOKING_DECLINED',
      'CARRIER_BOOKING_FAILED',
    ]);
    expect(of('master_bl')).toEqual([
      'MBL_DRAFTED',
      'MBL_CARRIER_IMPORTED',
      'MBL_ISSUED',
      'CARRIER_TD_DRAFT',
      'CARRIER_TD_ISSUED',
      'CARRIER_SI_FAILED',
    ]);
    expect(of('invoice')).toEqual([
      'INVOICE_PREPARED',
      'INVOICE_APPROVED',
      'INVOICE_REJECTED',
      'INVOICE_PRINTED',
      'INVOICE_POSTED',
      'INVOICE_POSTING_FAILED',
    ]);
  });

  it('offers the new modules on the settings screen to the profiles holding their functions', async () => {
    const modules = async (h: H) =>
      new Set(
        ((await api.get(h, '/getUserProfileAvailableEventCodes')).json() as { module: string }[]).map(
          (r) => r.module,
        ),
      );
    expect(await modules(ops)).toEqual(
      new Set(['booking', 'booking_approval', 'party', 'consolidation', 'master_bl', 'invoice']),
    );
    // the agent: consolidation and master bills of its parties, no invoices
    expect(await modules(agent)).toEqual(
      new Set(['booking', 'booking_approval', 'consolidation', 'master_bl']),
    );
    const s = await api.get(ops, '/Notification/GetNotificationSetting/invoice/*');
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json().follow_setting).toContain('INVOICE_POSTED');
    expect(s.json().follow_setting).not.toContain('INVOICE_PRINTED');
    const noInvoices = await api.get(agent, '/Notification/GetNotificationSetting/invoice/*');
    expect(noInvoices.json().msgKey).toBe('msgNotificationInvalidModule');
  });
});

describe('consolidation plan events', () => {
  let consolNo: string;
  let version: number;
  let follower: BuiltUser;
  let follows: H;

  beforeAll(async () => {
    const so = await lclSo(t.db);
    const body = await planBody(t.db, [so.so_no], {
      containers: [
        {
          seq: 1,
          size_type: '40HQ',
          container_no: null,
          seal_no: 'SL1',
          carrier_booking_no: 'C1',
          actual_kg: '4900',
        },
      ],
      allocations: [
        { so_no: so.so_no, container_seq: 1, package_qty: 100, cbm: '10', kg: '1000', loading_seq: 1 },
      ],
    });
    const res = await api.post(ops, '/Consolidation', body);
    expect(res.statusCode, res.body).toBe(201);
    consolNo = res.json().consol_no;
    version = res.json().version;
    follower = await buildUser(t.db, { profiles: [['SUPERVISOR', 'SUPERVISOR']] });
    follows = bearer(await sessionToken(t, follower.login_id));
  });

  it('follow and unfollow: internal users any plan, an agent only plans of its parties', async () => {
    const f = await api.post(follows, '/upsertNotificationConfigs', [
      { module: 'consolidation', doc_code: consolNo, is_follow: true },
    ]);
    expect(f.statusCode, f.body).toBe(200);
    const s = await api.get(follows, `/Notification/GetNotificationSetting/consolidation/${consolNo}`);
    expect(s.json().is_follow).toBe(true);
    // agent-n39 (DEHAM001) is on none of the plan's parties: the plan looks missing to it.
    const foreign = await api.post(agentB, '/upsertNotificationConfigs', [
      { module: 'consolidation', doc_code: consolNo, is_follow: true },
    ]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msgKey).toBe('msgNotificationInvalidDocCode');
    const foreignUnfollow = await api.post(agentB, '/unfollowNotification', {
      module: 'consolidation',
      doc_code: consolNo,
    });
    expect(foreignUnfollow.statusCode).toBe(404);
    // a profile without the module's function cannot follow (finance holds no `consolidation`)
    const finance = bearer(await sessionToken(t, 'finance@demo.test'));
    const noFunc = await api.post(finance, '/upsertNotificationConfigs', [
      { module: 'consolidation', doc_code: consolNo, is_follow: true },
    ]);
    expect(noFunc.statusCode).toBe(400);
    expect(noFunc.json().msgKey).toBe('msgNotificationInvalidModule');
  });

  it('submitted reaches the handling office’s operations and the follower, not the agent or the actor', async () => {
    const res = await api.post(ops, `/Consolidation/${consolNo}/actions/propose`, {
      version,
      proposals: [{ sailing_id: lane.sailing, rate_id: lane.rate }],
    });
    expect(res.statusCode, res.body).toBe(200);
    version = res.json().version;
    const got = await receiversOf('CONSOL_SUBMITTED', consolNo);
    expect(got).toContain(uid['ops.sha@demo.test']);
    expect(got).toContain(follower.user_uid);
    expect(got).not.toContain(uid['agent@demo.test']);
    expect(got).not.toContain(uid['ops@demo.test']);
  });

  it('approval requested reaches the agent of the plan’s party, the office’s operations and the follower', async () => {
    await attachDocument(t.db, consolNo, 'PL');
    const res = await api.post(ops, `/Consolidation/${consolNo}/actions/request_approval`, { version });
    expect(res.statusCode, res.body).toBe(200);
    version = res.json().version;
    const got = await receiversOf('CONSOL_APPROVAL_REQUESTED', consolNo);
    expect(got).toEqual(
      expect.arrayContaining([uid['agent@demo.test'], uid['ops.sha@demo.test'], follower.user_uid]),
    );
    expect(got).not.toContain(uid['agent-n39@demo.test']);
    expect(got).not.toContain(uid['ops@demo.test']);
    const { rows } = await t.db.execute<{ href: string; desc_param: Record<string, string> }>(sql`
      select href, desc_param from notification_messages where doc_code = ${consolNo}
         and event_code = 'CONSOL_APPROVAL_REQUESTED' limit 1`);
    expect(rows[0].href).toBe(`/BMS/consolidation/consolidation_management/${consolNo}`);
    expect(rows[0].desc_param).toMatchObject({ doc_code: consolNo, pol: 'CNSHA', pod: 'USLAX' });
  });

  it('approved by the agent reaches the plan’s creator, the office’s operations and the follower', async () => {
    const res = await api.post(agent, `/Consolidation/${consolNo}/actions/approve`, { version });
    expect(res.statusCode, res.body).toBe(200);
    const got = await receiversOf('CONSOL_APPROVED', consolNo);
    expect(got).toEqual(
      expect.arrayContaining([uid['ops@demo.test'], uid['ops.sha@demo.test'], follower.user_uid]),
    );
    expect(got).not.toContain(uid['agent@demo.test']);
    expect(got).not.toContain(uid['agent-n39@demo.test']);
  });

  it('the agent follows and unfollows a plan of its own party (CNSHA001, the plan’s customer)', async () => {
    const own = await api.post(agent, '/upsertNotificationConfigs', [
      { module: 'consolidation', doc_code: consolNo, is_follow: true },
    ]);
    expect(own.statusCode, own.body).toBe(200);
    const s = await api.get(agent, `/Notification/GetNotificationSetting/consolidation/${consolNo}`);
    expect(s.json().is_follow).toBe(true);
    const off = await api.post(agent, '/unfollowNotification', {
      module: 'consolidation',
      doc_code: consolNo,
    });
    expect(off.statusCode, off.body).toBe(200);
  });

  it('a refused move (stale version) raises nothing', async () => {
    const res = await api.post(agent, `/Consolidation/${consolNo}/actions/reject`, {
      version: 1,
      reason: 'no',
    });
    expect(res.statusCode).toBe(409);
    const { rows } = await t.db.execute(
      sql`select 1 from notification_events where doc_code = ${consolNo} and event_code = 'CONSOL_REJECTED'`,
    );
    expect(rows).toHaveLength(0);
  });
});

describe('invoice events', () => {
  let job: { job_no: string; so_no: string; etd: string; office: string };
  let creator: BuiltUser;
  let supervisor: BuiltUser;
  let manager: BuiltUser;
  let finance: BuiltUser;
  let otherSupervisor: BuiltUser;
  let follower: BuiltUser;
  const h: Record<string, H> = {};
  let inv: { inv_id: number; version: number; invoice_no: string };

  const act = async (who: H, action: string, reason?: string) => {
    const res = await api.post(who, `/Invoice/${inv.inv_id}/action`, {
      action,
      version: inv.version,
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    inv = res.json();
  };

  beforeAll(async () => {
    const { rows } = await t.db.execute<typeof job>(sql`
      select job_no, so_no, etd::text as etd, handling_office as office from shipping_orders
       where job_no is not null and handling_office in (select code from offices where country_code = 'CN')
       order by job_no limit 1`);
    job = rows[0];
    creator = await buildUser(t.db, { profiles: [['OPERATIONS', 'OPERATIONS']] });
    supervisor = await buildUser(t.db, { profiles: [['SUPERVISOR', 'SUPERVISOR']] });
    manager = await buildUser(t.db, { profiles: [['MANAGER', 'MANAGER']] });
    finance = await buildUser(t.db, { profiles: [['FINANCE', 'FINANCE']] });
    otherSupervisor = await buildUser(t.db, { profiles: [['SUPERVISOR', 'SUPERVISOR']] });
    follower = await buildUser(t.db, { profiles: [['OPERATIONS', 'OPERATIONS']] });
    for (const u of [creator, supervisor, manager, finance]) await atOffice(u, job.office);
    for (const [k, u] of Object.entries({ creator, supervisor, manager, finance, follower }))
      h[k] = bearer(await sessionToken(t, u.login_id));
    const res = await api.post(h.creator, '/Invoice', {
      inv_type: 'AR',
      kind: 'AR',
      account_code: 'HKCUS001',
      job_nos: [job.job_no],
      so_nos: [job.so_no],
      currency: 'HKD',
      invoice_date: job.etd,
      sub_type: 'VAT_SPECIAL',
      lines: [
        {
          charge_code: 'DOC',
          description: 'Documentation',
          unit_price: '100',
          quantity: '1',
          uom: 'SHPT',
          dr_cr: 'DR',
          tax_code: 'VAT6',
          tax_rate: '6',
          price_includes_tax: false,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    inv = res.json();
    const f = await api.post(h.follower, '/upsertNotificationConfigs', [
      { module: 'invoice', doc_code: String(inv.inv_id), is_follow: true },
    ]);
    expect(f.statusCode, f.body).toBe(200);
    // an external profile holds no invoice function: no invoice settings at all
    const noFunc = await api.post(agent, '/unfollowNotification', {
      module: 'invoice',
      doc_code: String(inv.inv_id),
    });
    expect(noFunc.statusCode).toBe(400);
  });

  it('prepared reaches the supervisors of the invoice’s office and the follower', async () => {
    await act(h.creator, 'prepare');
    const got = await receiversOf('INVOICE_PREPARED', String(inv.inv_id));
    expect(got.sort()).toEqual([supervisor.user_uid, follower.user_uid].sort());
    expect(got).not.toContain(otherSupervisor.user_uid);
    const { rows } = await t.db.execute<{ href: string; desc_param: Record<string, string> }>(sql`
      select href, desc_param from notification_messages where user_uid = ${supervisor.user_uid}
         and event_code = 'INVOICE_PREPARED'`);
    expect(rows[0].href).toBe(`/INV/Details/${inv.inv_id}`);
    expect(rows[0].desc_param.invoice_no).toBe(inv.invoice_no);
  });

  it('a 1st-level approval reaches the creator, the office’s managers and the follower', async () => {
    await act(h.supervisor, 'approve_1');
    const got = await receiversOf('INVOICE_APPROVED', String(inv.inv_id));
    expect(got.sort()).toEqual([creator.user_uid, manager.user_uid, follower.user_uid].sort());
  });

  it('rejected reaches the creator and the follower only', async () => {
    await act(h.manager, 'reject_2', 'wrong rate');
    const got = await receiversOf('INVOICE_REJECTED', String(inv.inv_id));
    expect(got.sort()).toEqual([creator.user_uid, follower.user_uid].sort());
    const { rows } = await t.db.execute<{ desc_param: Record<string, string> }>(sql`
      select desc_param from notification_messages where user_uid = ${creator.user_uid} and event_code = 'INVOICE_REJECTED'`);
    expect(rows[0].desc_param.reason).toBe('wrong rate');
  });

  it('the posting job’s result reaches finance at the office, the creator and the follower', async () => {
    // A journal as the post move queues it, answered by a ledger stand-in: accepted, then refused.
    const ledger = (ok: boolean): LedgerClient =>
      ({
        find: async () => null,
        post: async () =>
          ok
            ? { ok: true, journalNo: 'JN-39', replay: false }
            : { ok: false, kind: 'rejected', errors: [{ code: 'ACCOUNT', message: 'unknown account' }] },
      }) as unknown as LedgerClient;
    for (const [ok, code] of [
      [true, 'INVOICE_POSTED'],
      [false, 'INVOICE_POSTING_FAILED'],
    ] as const) {
      const kind = ok ? 'AR' : 'AR_REVERSAL';
      const { rows } = await t.db.execute<{ id: number }>(sql`
        insert into journals (inv_id, kind, reference, rule_set, inv_type, office_code, period, journal_date,
                              description, status)
        values (${inv.inv_id}, ${kind}, ${`N39-${inv.inv_id}-${kind}`}, 'AR', 'AR', ${job.office}, '2026-11',
                '2026-11-01', 'test', 'QUEUED') returning id`);
      const r = await accountingService.processDue(t.db, ledger(ok), { onlyIds: [Number(rows[0].id)] });
      expect(r.claimed).toBe(1);
      const got = await receiversOf(code, String(inv.inv_id));
      expect(got.sort()).toEqual([finance.user_uid, creator.user_uid, follower.user_uid].sort());
    }
  });
});
