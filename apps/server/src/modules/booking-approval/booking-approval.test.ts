import {
  APPROVAL_ACTION_NAMES,
  APPROVAL_ACTIONS,
  APPROVAL_TRANSITIONS,
  type TApprovalAction,
  type TApprovalState,
} from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { shippingOrders } from '../booking';
import {
  actOf,
  bookingInState,
  createExternalUser,
  type DemoLane,
  demoLane,
  getOf,
} from './booking-approval.test-helpers';

let t: TestApp;
type H = Record<string, string>;
let ops: H;
let agent: H;
let consignee: H;
let shipper: H;
let agentB: H;
let lane: DemoLane;
let act: ReturnType<typeof actOf>;
let get: ReturnType<typeof getOf>;

const STATES = Object.keys(APPROVAL_TRANSITIONS) as TApprovalState[];

beforeAll(async () => {
  t = await createTestApp();
  act = actOf(t);
  get = getOf(t);
  lane = await demoLane(t.db);
  await createExternalUser(t.db, 'agent-b@demo.test', 'AGENT', ['DEHAM001']);
  [ops, agent, consignee, shipper, agentB] = await Promise.all(
    ['ops@demo.test', 'agent@demo.test', 'consignee@demo.test', 'shipper@demo.test', 'agent-b@demo.test'].map(
      async (u) => bearer(await sessionToken(t, u)),
    ),
  );
});
afterAll(async () => t?.close());

const partyId = async (code: string) =>
  (await t.db.execute<{ id: number }>(sql`select party_id as id from parties where party_code = ${code}`))
    .rows[0].id;

const stored = async (soNo: string) =>
  (await t.db.select().from(shippingOrders).where(eq(shippingOrders.so_no, soNo)))[0];

/** The body that lets `action` pass its own rules on a booking with proposals `p`. */
const bodyFor = (action: TApprovalAction, p: { proposal_id: number }[]) =>
  ({
    propose: { proposals: [{ sailing_id: lane.cosu.sailing_schedule_id, rate_id: lane.cosuRate }] },
    reject: { reason: 'Too expensive' },
    approve: { proposal_id: p[0]?.proposal_id },
  })[action as string] ?? {};

const actorFor = (action: TApprovalAction) => (APPROVAL_ACTIONS[action].by === 'customer' ? agent : ops);

describe('transition table', () => {
  for (const state of STATES) {
    for (const action of APPROVAL_ACTION_NAMES) {
      const moves = APPROVAL_TRANSITIONS[state];
      const allowed = action in moves;
      it(`${state} × ${action} → ${allowed ? 'moves' : '422'}`, async () => {
        const so = await bookingInState(t.db, lane, state, 1);
        const res = await act(so.so_no, action, actorFor(action), bodyFor(action, so.proposals));
        const after = await stored(so.so_no);
        if (!allowed) {
          expect(res.statusCode, res.body).toBe(422);
          expect(res.json()).toMatchObject({
            msgKey: 'msgApprovalActionNotAllowed',
            params: { action, status: state },
          });
          expect(after.version).toBe(1);
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        const target = moves[action];
        const expected = target === null || target === undefined ? (state === 'NONE' ? null : state) : target;
        expect(res.json().approval_status).toBe(expected);
        expect(after.approval_status).toBe(expected);
        expect(after.version).toBe(2);
        const history = await t.db.execute<{ action: string; to_status: string | null }>(
          sql`select action, to_status from status_history where entity_type = 'booking' and entity_id = ${so.so_no}`,
        );
        expect(history.rows).toEqual([{ action: `approval_${action}`, to_status: expected }]);
      });
    }
  }
});

describe('who may act', () => {
  it('refuses operations steps to external users and decisions to anyone but the customer', async () => {
    const so = await bookingInState(t.db, lane, 'PENDING_CUSTOMER', 1);
    const approve = { proposal_id: so.proposals[0].proposal_id };
    expect((await act(so.so_no, 'request_approval', agent)).json()).toMatchObject({
      msgKey: 'msgBookingActionNotForProfile',
    });
    const byOps = await act(so.so_no, 'approve', ops, approve);
    expect(byOps.statusCode).toBe(403);
    expect(byOps.json().msgKey).toBe('msgApprovalNotCustomer');
    // A shipper has no booking_approval function at all.
    expect((await act(so.so_no, 'approve', shipper, approve)).json().msgKey).toBe('msgNoPermission');
    // Agent B sees a booking where its party is only the notify party, but is not the booking's customer.
    const deham = await partyId('DEHAM001');
    const notify = await bookingInState(t.db, lane, 'PENDING_CUSTOMER', 1, { notify_id: deham });
    const byOther = await act(notify.so_no, 'approve', agentB, {
      proposal_id: notify.proposals[0].proposal_id,
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().msgKey).toBe('msgApprovalNotCustomer');
    expect((await get(`/BookingApproval/${notify.so_no}`, agentB)).json().allowed_actions).toEqual([]);
    expect((await stored(so.so_no)).version).toBe(1);
    // The consignee is a customer too.
    const byConsignee = await act(so.so_no, 'approve', consignee, approve);
    expect(byConsignee.statusCode, byConsignee.body).toBe(200);
    expect(byConsignee.json().approval_status).toBe('APPROVED');
  });

  it('isolates two agents: agent B neither sees nor decides on agent A’s booking', async () => {
    const so = await bookingInState(t.db, lane, 'PENDING_CUSTOMER', 1);
    expect((await get(`/BookingApproval/${so.so_no}`, agentB)).statusCode).toBe(404);
    const res = await act(so.so_no, 'approve', agentB, { proposal_id: so.proposals[0].proposal_id });
    expect(res.statusCode).toBe(404);
    expect(res.json().msgKey).toBe('msgSoNotFound');
    const listB = await get(`/BookingApproval/list/pending_customer_approval?q=${so.so_no}`, agentB);
    expect(listB.json().rows).toEqual([]);
    const listA = await get(`/BookingApproval/list/pending_customer_approval?q=${so.so_no}`, agent);
    expect(listA.json().rows.map((r: { so_no: string }) => r.so_no)).toEqual([so.so_no]);
    const dashB = (await get('/BookingApproval/dashboard', agentB)).json();
    const allB = (await get('/BookingApproval/list/pending_customer_approval', agentB)).json();
    expect(dashB.lists.find((l: { key: string }) => l.key === 'pending_customer_approval').count).toBe(
      allB.total,
    );
    expect(allB.rows.map((r: { so_no: string }) => r.so_no)).not.toContain(so.so_no);
    // A booking of agent B's party is B's to decide, and A does not see it.
    const deham = await partyId('DEHAM001');
    const own = await bookingInState(t.db, lane, 'PENDING_CUSTOMER', 1, { nomination_agent_id: deham });
    expect((await get(`/BookingApproval/${own.so_no}`, agent)).statusCode).toBe(404);
    const mine = await act(own.so_no, 'reject', agentB, { reason: 'Wrong sailing' });
    expect(mine.statusCode, mine.body).toBe(200);
  });
});

describe('action rules', () => {
  it('refuses booking advice with two proposed sailings and changes nothing', async () => {
    const so = await bookingInState(t.db, lane, 'REQUEST_FOR_APPROVAL', 2);
    const res = await act(so.so_no, 'booking_advice', ops);
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe('msgBookingAdviceOneSailing');
    const after = await stored(so.so_no);
    expect(after).toMatchObject({
      approval_status: 'REQUEST_FOR_APPROVAL',
      version: 1,
      approved_proposal_id: null,
    });
    const none = await bookingInState(t.db, lane, 'REQUEST_FOR_APPROVAL', 0);
    expect((await act(none.so_no, 'booking_advice', ops)).json().msgKey).toBe('msgApprovalNoProposal');
    expect((await act(none.so_no, 'request_approval', ops)).json().msgKey).toBe('msgApprovalNoProposal');
  });

  it('requires a reason to reject, the latest version, and a confirmed booking', async () => {
    const so = await bookingInState(t.db, lane, 'PENDING_CUSTOMER', 1);
    const res = await act(so.so_no, 'reject', agent, { reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msgKey: 'msgReasonRequired', details: [{ field: 'reason' }] });
    const stale = await act(so.so_no, 'reject', agent, { reason: 'No', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msgKey).toBe('msgRecordNotLatest');
    expect((await stored(so.so_no)).version).toBe(1);
    const draft = await bookingInState(t.db, lane, 'NONE', 0, { status: 'NEW_MANUAL', confirmed_at: null });
    const propose = await act(draft.so_no, 'propose', ops, bodyFor('propose', []));
    expect(propose.statusCode).toBe(422);
    expect(propose.json().msgKey).toBe('msgApprovalBookingNotConfirmed');
  });

  it('checks proposals: sailing ports, rate sizes, known proposal', async () => {
    const so = await bookingInState(t.db, lane, 'NONE', 0);
    const ports = await act(so.so_no, 'propose', ops, {
      proposals: [
        { sailing_id: lane.cosu.sailing_schedule_id, rate_id: lane.cosuRate },
        { sailing_id: lane.eu.sailing_schedule_id },
      ],
    });
    expect(ports.statusCode).toBe(422);
    expect(ports.json().details).toEqual([
      { field: 'proposals.1.sailing_id', msgKey: 'msgSailingPortsMismatch' },
    ]);
    const rate = await act(so.so_no, 'propose', ops, {
      proposals: [{ sailing_id: lane.cosu.sailing_schedule_id, rate_id: lane.euRate }],
    });
    expect(rate.json().details).toEqual([{ field: 'proposals.0.rate_id', msgKey: 'msgRateSizesMismatch' }]);
    await t.db.execute(sql`update so_equipment set size_type = '45HQ' where so_id = ${so.so_id}`);
    const sizes = await act(so.so_no, 'propose', ops, {
      proposals: [{ sailing_id: lane.cosu.sailing_schedule_id, rate_id: lane.cosuRate }],
    });
    expect(sizes.json().details).toEqual([{ field: 'proposals.0.rate_id', msgKey: 'msgRateSizesMismatch' }]);
    const empty = await act(so.so_no, 'propose', ops, { proposals: [] });
    expect(empty.statusCode).toBe(400);
    expect((await stored(so.so_no)).version).toBe(1);
    const pending = await bookingInState(t.db, lane, 'PENDING_CUSTOMER', 2);
    const unknown = await act(pending.so_no, 'approve', agent, { proposal_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().msgKey).toBe('msgApprovalProposalUnknown');
  });

  it('prices proposals with the booking equipment and answers them in order', async () => {
    const so = await bookingInState(t.db, lane, 'NONE', 0);
    const res = await act(so.so_no, 'propose', ops, {
      proposals: [
        { sailing_id: lane.mscu.sailing_schedule_id, rate_id: lane.mscuRate, remarks: 'TBC vessel' },
        { sailing_id: lane.cosu.sailing_schedule_id },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [a, b] = res.json().proposals;
    expect(a).toMatchObject({
      seq: 1,
      carrier_code: 'MSCU',
      is_tbc: true,
      currency: 'USD',
      total_rate: '2750.00',
      rate_containers: [{ container_type: '40HQ', amount: '2750.00', qty: 1, line_total: '2750.00' }],
      remarks: 'TBC vessel',
    });
    expect(b).toMatchObject({
      seq: 2,
      carrier_code: 'COSU',
      rate_id: null,
      total_rate: null,
      rate_containers: [],
    });
    expect(res.json().allowed_actions).toEqual(['propose', 'request_approval', 'booking_advice']);
  });

  it('applies the approved sailing to the booking, in its sailing history', async () => {
    const so = await bookingInState(t.db, lane, 'PENDING_CUSTOMER', 2);
    const chosen = so.proposals[1];
    const res = await act(so.so_no, 'approve', agent, { proposal_id: chosen.proposal_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().proposals.map((p: { is_selected: boolean }) => p.is_selected)).toEqual([false, true]);
    const after = await stored(so.so_no);
    expect(after).toMatchObject({
      sailing_id: lane.mscu.sailing_schedule_id,
      carrier_code: 'MSCU',
      vessel_name: lane.mscu.vessel_name,
      voyage: lane.mscu.voyage,
      etd: lane.mscu.etd,
      eta: lane.mscu.eta,
      rate_id: lane.mscuRate,
      approved_proposal_id: chosen.proposal_id,
      cfs_closing: '2026-12-07 12:00:00', // the TBC sailing has no cut-offs: closings kept
    });
    const related = (await get(`/Booking/${so.so_no}/related`, ops)).json();
    expect(related.sailing_history[0]).toMatchObject({
      action: 'approval_approve',
      changes: {
        carrier_code: { from: 'MAEU', to: 'MSCU' },
        sailing_id: { to: lane.mscu.sailing_schedule_id },
      },
    });
  });

  it('booking advice selects the one proposal and applies its sailing with its cut-offs', async () => {
    const so = await bookingInState(t.db, lane, 'REQUEST_FOR_APPROVAL', 1);
    const res = await act(so.so_no, 'booking_advice', ops);
    expect(res.json()).toMatchObject({
      approval_status: 'BOOKING_ADVICE',
      proposals: [{ is_selected: true }],
    });
    const after = await stored(so.so_no);
    expect(after.sailing_id).toBe(lane.cosu.sailing_schedule_id);
    expect(after.cy_closing).toBe(lane.cosu.cy_cutoff);
  });
});

describe('updated by MR / by customer', () => {
  const inList = async (key: string, soNo: string, h: H) =>
    (await get(`/BookingApproval/list/${key}?q=${soNo}`, h)).json().rows.length === 1;

  it('marks a re-proposal after approval as updated by MR until the customer acknowledges it', async () => {
    const so = await bookingInState(t.db, lane, 'APPROVED', 1);
    let v = 1;
    const step = async (action: string, h: H, body: Record<string, unknown> = {}) => {
      const res = await act(so.so_no, action, h, { version: v, ...body });
      expect(res.statusCode, res.body).toBe(200);
      v += 1;
      return res.json();
    };
    const proposed = await step('propose', ops, bodyFor('propose', []));
    expect(proposed).toMatchObject({ approval_status: 'REQUEST_FOR_APPROVAL', updated_by_mr: true });
    expect(await inList('booking_approval_updated_by_mr', so.so_no, ops)).toBe(true);
    await step('request_approval', ops);
    const approved = await step('approve', agent, { proposal_id: proposed.proposals[0].proposal_id });
    expect(approved.allowed_actions).toContain('acknowledge_update');
    const ack = await step('acknowledge_update', agent);
    expect(ack).toMatchObject({ approval_status: 'APPROVED', updated_by_mr: false });
    expect(await inList('booking_approval_updated_by_mr', so.so_no, ops)).toBe(false);
  });

  it('marks a changed decision as updated by customer until operations acknowledge it', async () => {
    const so = await bookingInState(t.db, lane, 'REJECTED', 1);
    const res = await act(so.so_no, 'approve', consignee, { proposal_id: so.proposals[0].proposal_id });
    expect(res.json()).toMatchObject({ approval_status: 'APPROVED', updated_by_customer: true });
    expect(await inList('booking_approval_updated_by_customer', so.so_no, agent)).toBe(true);
    const ack = await act(so.so_no, 'acknowledge_update', ops, { version: 2 });
    expect(ack.json()).toMatchObject({ updated_by_customer: false, approval_status: 'APPROVED' });
  });
});

describe('e-mail to the other side', () => {
  const mails = async (soNo: string) =>
    (
      await t.db.execute<{ to_address: string; subject: string; text_body: string; tag: string }>(
        // The module's own e-mails to the other side; notification e-mails (tag 'notification', sent after commit
        // by the dispatcher as the recipients' settings allow) are tested in notification.test.ts.
        sql`select to_address, subject, text_body, tag from mail_outbox
            where subject like ${`%${soNo}%`} and tag <> 'notification' order by id`,
      )
    ).rows;

  it('tells the customer of a request and operations of the decision', async () => {
    const so = await bookingInState(t.db, lane, 'REQUEST_FOR_APPROVAL', 1);
    expect((await act(so.so_no, 'request_approval', ops)).statusCode).toBe(200);
    const toCustomer = await mails(so.so_no);
    expect(toCustomer.map((m) => m.to_address).sort()).toEqual(
      expect.arrayContaining(['agent@demo.test', 'consignee@demo.test']),
    );
    expect(toCustomer.map((m) => m.to_address)).not.toContain('agent-b@demo.test');
    expect(toCustomer[0]).toMatchObject({ tag: 'booking_approval_request_approval' });
    expect(toCustomer[0].subject).toBe(`Booking ${so.so_no}: Pending Customer's Approval`);
    expect(toCustomer[0].text_body).toContain(`/BMS/enhance_booking_approval/shipping_order/${so.so_no}`);
    expect(toCustomer[0].text_body).toContain('COSU');
    const n = toCustomer.length;
    expect((await act(so.so_no, 'reject', agent, { version: 2, reason: 'Too late' })).statusCode).toBe(200);
    const toOps = (await mails(so.so_no)).slice(n);
    expect(toOps).toEqual([
      expect.objectContaining({ to_address: 'ops@demo.test', tag: 'booking_approval_reject' }),
    ]);
    expect(toOps[0].text_body).toContain('Reason: Too late');
  });

  it('queues nothing when the action fails', async () => {
    const so = await bookingInState(t.db, lane, 'REQUEST_FOR_APPROVAL', 2);
    expect((await act(so.so_no, 'booking_advice', ops)).statusCode).toBe(422);
    expect(await mails(so.so_no)).toEqual([]);
  });
});
