// Over 600 lines: the consolidation API tests (plans, every move of the status table, DCSA) share one app and
// database per file (createTestApp); a split repeats that setup.
import {
  autoPlan,
  CONSOL_ACTION_NAMES,
  CONSOL_ACTIONS,
  CONSOL_MSG,
  CONSOL_STATUSES,
  CONSOL_TRANSITIONS,
  containerLowerBound,
  type TConsolAction,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { validateDcsa } from '../../platform/dcsa';
import { createExternalUser } from '../booking-approval/booking-approval.test-helpers';
import { attachDocument, callsOf, demoSailingAndRate, lclSo, planBody } from './consolidation.test-helpers';

let t: TestApp;
type H = Record<string, string>;
let ops: H;
let agent: H;
let consignee: H;
let agentB: H;
let api: ReturnType<typeof callsOf>;
let lane: Awaited<ReturnType<typeof demoSailingAndRate>>;

beforeAll(async () => {
  t = await createTestApp({ BOOKING_DASHBOARD_CACHE_MS: '0' });
  api = callsOf(t);
  lane = await demoSailingAndRate(t.db);
  await createExternalUser(t.db, 'agent-b@demo.test', 'AGENT', ['DEHAM001']);
  await t.db.execute(sql`insert into role_funcs (role_id, func_id) select role_id, 'consolidation' from roles
    where code in ('AGENT', 'CONSIGNEE') on conflict do nothing`);
  [ops, agent, consignee, agentB] = await Promise.all(
    ['ops@demo.test', 'agent@demo.test', 'consignee@demo.test', 'agent-b@demo.test'].map(async (u) =>
      bearer(await sessionToken(t, u)),
    ),
  );
});
afterAll(async () => t?.close());

const detailsOf = (res: { json(): { details?: { field: string; msgKey: string }[] } }) =>
  (res.json().details ?? []).map((d) => `${d.field}:${d.msgKey}`);

/** A plan with `n` SOs fully allocated to its one 40HQ, container data filled, ready for approval steps. */
async function readyPlan(n = 1) {
  const sos = [];
  for (let i = 0; i < n; i++) sos.push(await lclSo(t.db));
  const body = await planBody(
    t.db,
    sos.map((s) => s.so_no),
    {
      containers: [
        {
          seq: 1,
          size_type: '40HQ',
          container_no: null,
          seal_no: 'SL1',
          carrier_booking_no: 'COSU1',
          actual_kg: String(3900 + 1000 * n),
        },
      ],
      allocations: sos.map((s, i) => ({
        so_no: s.so_no,
        container_seq: 1,
        package_qty: 100,
        cbm: '10',
        kg: '1000',
        loading_seq: i + 1,
      })),
    },
  );
  const res = await api.post(ops, '/Consolidation', body);
  expect(res.statusCode, res.body).toBe(201);
  return { plan: res.json(), sos, body };
}

const act = (h: H, no: string, action: TConsolAction, body: object) =>
  api.post(h, `/Consolidation/${no}/actions/${action}`, body);

async function current(no: string) {
  return (await api.get(ops, `/Consolidation/${no}`)).json();
}

describe('create and save (001 §5 Consolidation)', () => {
  it('creates a plan from three LCL SOs with a consol# of the CONSOL rule, fully allocated, with history', async () => {
    const { plan, sos } = await readyPlan(3);
    expect(plan.consol_no).toMatch(/^CS/);
    expect(plan.status).toBe('PLAN');
    expect(plan.sos.map((s: { so_no: string }) => s.so_no)).toEqual(sos.map((s) => s.so_no));
    expect(plan.fully_allocated).toBe(true);
    expect(plan.containers[0]).toMatchObject({ iso_code: '45G1', used_cbm: '30.000', used_kg: '3000.000' });
    const h = (await api.get(ops, `/Consolidation/${plan.consol_no}/history`)).json();
    expect(h[0]).toMatchObject({ action: 'create', to_status: 'PLAN' });
  });

  it('requires type, contact and handling office, POL, POD, container size and qty (400 on each field)', async () => {
    const res = await api.post(ops, '/Consolidation', { equipment: [] });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().details as { field: string }[]).map((d) => d.field);
    for (const f of ['consol_type', 'contact_office', 'handling_office', 'pol', 'pod', 'equipment'])
      expect(fields).toContain(f);
  });

  it('refuses an SO that is not LCL, not consolidatable, has no LCL size, is not confirmed or does not match', async () => {
    const fcl = await lclSo(t.db, { service_type: 'FCL' });
    const notCons = await lclSo(t.db, { is_consolidatable: false });
    const noSize = await lclSo(t.db, {}, { lclSize: false });
    const newOne = await lclSo(t.db, { status: 'NEW_MANUAL' });
    const otherPod = await lclSo(t.db, { pod: 'USNYC' });
    const otherAgent = await lclSo(t.db, { nomination_agent_id: null });
    const mismatch = await lclSo(t.db, {}, { line: false });
    await t.db.execute(sql`insert into so_containers (so_id, line_no, size_type, package_qty, gross_weight, cbm)
      values (${mismatch.so_id}, 1, 'LCL-CBM', 90, 1000, 10)`);
    const body = await planBody(
      t.db,
      [fcl, notCons, noSize, newOne, otherPod, otherAgent, mismatch].map((s) => s.so_no),
    );
    const res = await api.post(ops, '/Consolidation', body);
    expect(res.statusCode).toBe(422);
    const d = detailsOf(res);
    expect(d).toContain(`so_nos.0:${CONSOL_MSG.soNotLcl}`);
    expect(d).toContain(`so_nos.1:${CONSOL_MSG.soNotConsolidatable}`);
    expect(d).toContain(`so_nos.2:${CONSOL_MSG.soNoLclSize}`);
    expect(d).toContain(`so_nos.3:${CONSOL_MSG.soNotConfirmed}`);
    expect(d).toContain(`so_nos.4:${CONSOL_MSG.soFieldMismatch}`);
    expect(d).toContain(`so_nos.5:${CONSOL_MSG.soPartyMismatch}`);
    expect(d).toContain(`so_nos.6:${CONSOL_MSG.soPoContainerMismatch}`);
    // Nothing partial is saved.
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from consol_sos cs
      join shipping_orders so on so.so_id = cs.so_id where so.so_no = ${fcl.so_no}`);
    expect(rows[0].n).toBe(0);
  });

  it('refuses an SO linked to another plan', async () => {
    const { sos } = await readyPlan(1);
    const res = await api.post(ops, '/Consolidation', await planBody(t.db, [sos[0].so_no]));
    expect(res.statusCode).toBe(422);
    expect(detailsOf(res)).toContain(`so_nos.0:${CONSOL_MSG.soInOtherPlan}`);
  });

  it('keeps OMS shipments apart from other types and fully allocated once the load plan is filled', async () => {
    const oms = await lclSo(t.db, { shipment_type: 'OMS' });
    const oms2 = await lclSo(t.db, { shipment_type: 'OMS' });
    const std = await lclSo(t.db);
    const mixed = await api.post(ops, '/Consolidation', await planBody(t.db, [std.so_no, oms.so_no]));
    expect(mixed.statusCode).toBe(422);
    expect(detailsOf(mixed)).toContain(`so_nos.1:${CONSOL_MSG.omsMixed}`);
    // A draft without allocations is fine; a load plan that allocates only part of an OMS SO is not.
    const draft = await api.post(ops, '/Consolidation', await planBody(t.db, [oms.so_no, oms2.so_no]));
    expect(draft.statusCode, draft.body).toBe(201);
    const line = (so_no: string, package_qty: number, cbm: string, kg: string) => ({
      so_no,
      container_seq: 1,
      package_qty,
      cbm,
      kg,
    });
    const partial = await api.put(ops, `/Consolidation/${draft.json().consol_no}`, {
      ...(await planBody(t.db, [oms.so_no, oms2.so_no])),
      version: draft.json().version,
      allocations: [line(oms.so_no, 100, '10', '1000'), line(oms2.so_no, 50, '5', '500')],
    });
    expect(partial.statusCode).toBe(422);
    expect(detailsOf(partial)).toEqual([`so_nos.1:${CONSOL_MSG.omsNotFullyAllocated}`]);
    const full = await api.put(ops, `/Consolidation/${draft.json().consol_no}`, {
      ...(await planBody(t.db, [oms.so_no, oms2.so_no])),
      version: draft.json().version,
      allocations: [line(oms.so_no, 100, '10', '1000'), line(oms2.so_no, 100, '10', '1000')],
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().fully_allocated).toBe(true);
  });

  it('checks allocations: zero, beyond the SO, full packages without full CBM/KG, unknown SO or container, capacity', async () => {
    const a = await lclSo(t.db);
    const b = await lclSo(t.db, {}, { pk: 100, kg: '30000', cbm: '80' });
    await t.db.execute(sql`update so_containers set gross_weight = 30000, cbm = 80 where so_id = ${b.so_id}`);
    const base = await planBody(t.db, [a.so_no, b.so_no]);
    const alloc = (over: object) => ({
      so_no: a.so_no,
      container_seq: 1,
      package_qty: 10,
      cbm: '1',
      kg: '100',
      ...over,
    });
    const cases: [object[], string][] = [
      [[alloc({ package_qty: 0 })], `allocations.0.package_qty:${CONSOL_MSG.allocationZero}`],
      [[alloc({ cbm: '0' })], `allocations.0.cbm:${CONSOL_MSG.allocationZero}`],
      [[alloc({ kg: '0' })], `allocations.0.kg:${CONSOL_MSG.allocationZero}`],
      [[alloc({ package_qty: 101 })], `allocations.0.package_qty:${CONSOL_MSG.overAllocated}`],
      [[alloc({ package_qty: 100, cbm: '5', kg: '1000' })], `allocations.0.cbm:${CONSOL_MSG.partialCbmKg}`],
      [[alloc({ so_no: 'NOPE' })], `allocations.0.so_no:${CONSOL_MSG.soNotInPlan}`],
      [[alloc({ container_seq: 9 })], `allocations.0.container_seq:${CONSOL_MSG.containerUnknown}`],
      [
        [alloc({ so_no: b.so_no, package_qty: 100, cbm: '80', kg: '30000' })],
        `containers.0:${CONSOL_MSG.overCapacity}`,
      ],
    ];
    for (const [allocations, expected] of cases) {
      const res = await api.post(ops, '/Consolidation', { ...base, allocations });
      expect(res.statusCode, expected).toBe(422);
      expect(detailsOf(res)).toContain(expected);
    }
  });

  it('checks containers: ISO 6346 number, unique in the plan and across plans, as many as the sizes ordered', async () => {
    const a = await lclSo(t.db);
    const base = await planBody(t.db, [a.so_no], { equipment: [{ size_type: '40HQ', qty: 2 }] });
    const box = (seq: number, container_no: string | null) => ({ seq, size_type: '40HQ', container_no });
    let res = await api.post(ops, '/Consolidation', {
      ...base,
      containers: [box(1, 'CSQU3054384'), box(2, null)],
    });
    expect(res.statusCode).toBe(400);
    res = await api.post(ops, '/Consolidation', {
      ...base,
      containers: [box(1, 'CSQU3054383'), box(2, 'CSQU3054383')],
    });
    expect(detailsOf(res)).toContain(`containers.1.container_no:${CONSOL_MSG.containerNoDuplicate}`);
    res = await api.post(ops, '/Consolidation', { ...base, containers: [box(1, 'CSQU3054383')] });
    expect(detailsOf(res)).toContain(`containers:${CONSOL_MSG.containerCountMismatch}`);
    res = await api.post(ops, '/Consolidation', {
      ...base,
      containers: [box(1, 'CSQU3054383'), box(2, null)],
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = await lclSo(t.db);
    res = await api.post(ops, '/Consolidation', {
      ...(await planBody(t.db, [b.so_no])),
      containers: [box(1, 'CSQU3054383')],
    });
    expect(detailsOf(res)).toContain(`containers.0.container_no:${CONSOL_MSG.containerNoDuplicate}`);
  });

  it('answers a stale version with Record not latest (409) and saves with the current one', async () => {
    const { plan } = await readyPlan(1);
    const body = {
      ...(await planBody(
        t.db,
        plan.sos.map((s: { so_no: string }) => s.so_no),
      )),
      reference: 'R-1',
    };
    const ok = await api.put(ops, `/Consolidation/${plan.consol_no}`, { ...body, version: plan.version });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await api.put(ops, `/Consolidation/${plan.consol_no}`, { ...body, version: plan.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msgKey).toBe('msgRecordNotLatest');
  });
});

describe('plan history (issue 38: exactly the stored values an edit changed)', () => {
  it('records the header fields and child rows that changed, and not a value only written differently', async () => {
    const { plan, body } = await readyPlan(1);
    const c0 = body.containers?.[0] as NonNullable<typeof body.containers>[number];
    const res = await api.put(ops, `/Consolidation/${plan.consol_no}`, {
      ...body,
      version: plan.version,
      reference: 'R-9',
      containers: [{ ...c0, seal_no: 'SL2', actual_kg: `${c0.actual_kg}.0` }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const h = (await api.get(ops, `/Consolidation/${plan.consol_no}/history`)).json();
    expect(h[0].action).toBe('update');
    expect(h[0].changes).toEqual({
      reference: { from: null, to: 'R-9' },
      'containers.0.seal_no': { from: 'SL1', to: 'SL2' },
    });
  });
});

describe('status moves (CONSOL_TRANSITIONS, every status × action)', () => {
  for (const from of CONSOL_STATUSES) {
    for (const action of CONSOL_ACTION_NAMES) {
      const target = CONSOL_TRANSITIONS[from][action];
      const allowed = target !== undefined;
      it(`${from} --${action}--> ${allowed ? (target ?? from) : 'refused 422'}`, async () => {
        const { plan } = await readyPlan(1);
        await attachDocument(t.db, plan.consol_no, 'PL');
        const p = await act(ops, plan.consol_no, 'propose', {
          version: plan.version,
          proposals: [{ sailing_id: lane.sailing, rate_id: lane.rate }],
        });
        expect(p.statusCode, p.body).toBe(200);
        await t.db.execute(sql`update consol_plans set status = ${from},
          amended_at = ${action === 'accept_amendment' ? sql`now()` : null} where consol_no = ${plan.consol_no}`);
        const now = await current(plan.consol_no);
        const by = CONSOL_ACTIONS[action].by === 'customer' ? agent : ops;
        const body = {
          version: now.version,
          ...(action === 'propose' && { proposals: [{ sailing_id: lane.sailing, rate_id: lane.rate }] }),
          ...(CONSOL_ACTIONS[action].reason && { reason: 'Because' }),
          ...(action === 'approve' && { proposal_id: now.proposals[0].proposal_id }),
        };
        const res = await act(by, plan.consol_no, action, body);
        if (!allowed) {
          expect(res.statusCode, res.body).toBe(422);
          expect(res.json().msgKey).toBe(CONSOL_MSG.actionNotAllowed);
          return;
        }
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().status).toBe(target ?? from);
        const h = (await api.get(ops, `/Consolidation/${plan.consol_no}/history`)).json();
        expect(h[0]).toMatchObject({ action, from_status: from, to_status: target ?? from });
      });
    }
  }
});

describe('approval preconditions and sides', () => {
  async function proposed(n = 1) {
    const { plan } = await readyPlan(1);
    const proposals = Array.from({ length: n }, (_, i) => ({
      sailing_id: i ? lane.sailing2 : lane.sailing,
      rate_id: i ? null : lane.rate,
    }));
    const res = await act(ops, plan.consol_no, 'propose', { version: plan.version, proposals });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('request approval needs the required document (PL for an Agent plan)', async () => {
    const p = await proposed();
    const res = await act(ops, p.consol_no, 'request_approval', { version: p.version });
    expect(res.statusCode).toBe(422);
    expect(detailsOf(res)).toContain(`documents:${CONSOL_MSG.documentRequired}`);
    await attachDocument(t.db, p.consol_no, 'CI');
    expect((await act(ops, p.consol_no, 'request_approval', { version: p.version })).statusCode).toBe(422);
    await attachDocument(t.db, p.consol_no, 'PL');
    const ok = await act(ops, p.consol_no, 'request_approval', { version: p.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('PENDING_CUSTOMER');
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where tag = 'consolidation_request_approval'`,
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('request approval needs a rate on every proposal and seal no., carrier booking no. and actual KG', async () => {
    const p = await proposed(2);
    await attachDocument(t.db, p.consol_no, 'PL');
    let res = await act(ops, p.consol_no, 'request_approval', { version: p.version });
    expect(detailsOf(res)).toContain(`proposals.1.rate_id:${CONSOL_MSG.rateRequired}`);
    const { plan } = await readyPlan(1);
    const body = await planBody(
      t.db,
      plan.sos.map((s: { so_no: string }) => s.so_no),
    );
    const saved = (
      await api.put(ops, `/Consolidation/${plan.consol_no}`, { ...body, version: plan.version })
    ).json();
    await attachDocument(t.db, plan.consol_no, 'PL');
    const pr = await act(ops, plan.consol_no, 'propose', {
      version: saved.version,
      proposals: [{ sailing_id: lane.sailing, rate_id: lane.rate }],
    });
    res = await act(ops, plan.consol_no, 'request_approval', { version: pr.json().version });
    expect(detailsOf(res)).toEqual(
      expect.arrayContaining([
        `containers.0.seal_no:${CONSOL_MSG.containerFieldsRequired}`,
        `containers.0.carrier_booking_no:${CONSOL_MSG.containerFieldsRequired}`,
        `containers.0.actual_kg:${CONSOL_MSG.containerFieldsRequired}`,
      ]),
    );
  });

  it('consol plan advice is refused with more than one proposed sailing', async () => {
    const p = await proposed(2);
    const res = await act(ops, p.consol_no, 'consol_advice', { version: p.version });
    expect(res.statusCode).toBe(422);
    expect(res.json().msgKey).toBe(CONSOL_MSG.adviceOneSailing);
  });

  it('only the agent owning the plan’s party decides; reject needs a reason; operations cannot approve', async () => {
    const p = await proposed();
    await attachDocument(t.db, p.consol_no, 'PL');
    const sent = (await act(ops, p.consol_no, 'request_approval', { version: p.version })).json();
    const proposal_id = sent.proposals[0].proposal_id;
    expect((await act(ops, p.consol_no, 'approve', { version: sent.version, proposal_id })).statusCode).toBe(
      403,
    );
    expect(
      (await act(consignee, p.consol_no, 'approve', { version: sent.version, proposal_id })).statusCode,
    ).toBe(403);
    expect(
      (await act(agentB, p.consol_no, 'approve', { version: sent.version, proposal_id })).statusCode,
    ).toBe(404);
    expect((await act(agent, p.consol_no, 'reject', { version: sent.version })).statusCode).toBe(400);
    expect((await act(agent, p.consol_no, 'cancel', { version: sent.version, reason: 'x' })).statusCode).toBe(
      403,
    );
    const ok = await act(agent, p.consol_no, 'approve', { version: sent.version, proposal_id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'APPROVED' });
    expect(ok.json().proposals[0].is_selected).toBe(true);
  });

  it('a stale version on an action answers 409', async () => {
    const p = await proposed();
    const res = await act(ops, p.consol_no, 'cancel', { version: p.version - 1, reason: 'x' });
    expect(res.statusCode).toBe(409);
  });
});

describe('DCSA Booking 2.0 export', () => {
  it('answers the carrier booking of a plan as a DCSA CreateBooking that validates against the schema', async () => {
    const { plan } = await readyPlan(2);
    const proposed = await act(ops, plan.consol_no, 'propose', {
      version: plan.version,
      proposals: [{ sailing_id: lane.sailing, rate_id: lane.rate }],
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const res = await api.get(ops, `/Consolidation/${plan.consol_no}/dcsa/booking`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`${plan.consol_no}-dcsa-booking-2.0.json`);
    const booking = res.json();
    expect(validateDcsa('booking-2.0', booking)).toEqual([]);
    expect(booking).toMatchObject({
      receiptTypeAtOrigin: 'CY',
      cargoMovementTypeAtOrigin: 'FCL',
      references: [{ type: 'CR', value: plan.consol_no }],
      shipmentLocations: [
        { locationTypeCode: 'POL', location: { UNLocationCode: 'CNSHA' } },
        { locationTypeCode: 'POD', location: { UNLocationCode: 'USLAX' } },
      ],
      requestedEquipments: [
        {
          ISOEquipmentCode: '45G1',
          units: 1,
          isShipperOwned: false,
          cargoGrossWeight: { value: 2000, unit: 'KGM' },
          commodities: [
            expect.objectContaining({
              cargoGrossVolume: { value: 20, unit: 'MTQ' },
              outerPackaging: expect.objectContaining({ numberOfPackages: 200 }),
            }),
          ],
        },
      ],
    });
    expect(booking.vessel.name).toBeTruthy();
    // Party isolation: another agent's user does not see the plan.
    expect((await api.get(agentB, `/Consolidation/${plan.consol_no}/dcsa/booking`)).statusCode).toBe(404);
  });
});

describe('remarks with images and visible-to', () => {
  it('keeps INTERNAL remarks from the customer side, sanitises HTML and lets the author or operations delete', async () => {
    const { plan } = await readyPlan(1);
    const url = `/Consolidation/${plan.consol_no}/remarks`;
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const all = await api.post(ops, url, {
      html: `<p>Stuff at CFS <img src="${png}"><script>alert(1)</script></p>`,
      visible_to: 'ALL',
    });
    expect(all.statusCode, all.body).toBe(201);
    expect(all.json().html).toContain('<img src="data:image/png;base64,');
    expect(all.json().html).not.toContain('script');
    const internal = await api.post(ops, url, { html: '<p>Margin note</p>', visible_to: 'INTERNAL' });
    expect(internal.statusCode).toBe(201);
    expect((await api.get(ops, url)).json()).toHaveLength(2);
    // The plan's agent sees only ALL remarks, cannot post INTERNAL ones, cannot delete operations' remarks.
    const seen = (await api.get(agent, url)).json();
    expect(seen.map((r: { visible_to: string }) => r.visible_to)).toEqual(['ALL']);
    expect((await api.post(agent, url, { html: '<p>x</p>', visible_to: 'INTERNAL' })).statusCode).toBe(403);
    const mine = await api.post(agent, url, { html: '<p>Agent note</p>', visible_to: 'ALL' });
    expect(mine.statusCode).toBe(201);
    const del = (h: H, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1${url}/${id}`, headers: h });
    expect((await del(agent, all.json().id)).statusCode).toBe(403);
    expect((await del(agent, internal.json().id)).statusCode).toBe(404);
    expect((await del(agent, mine.json().id)).statusCode).toBe(200);
    expect((await del(ops, internal.json().id)).statusCode).toBe(200);
    // Another agent's user does not see the plan at all; an empty remark is refused with a message key.
    expect((await api.get(agentB, url)).statusCode).toBe(404);
    const empty = await api.post(ops, url, { html: '', visible_to: 'ALL' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msgKey).toBeTruthy();
    expect((await api.get(ops, '/Consolidation/remark-limits')).json()).toMatchObject({
      textMaxChars: expect.any(Number),
    });
  });
});

describe('party isolation', () => {
  it('external users see only plans of their own parties (404 otherwise), in detail and lists', async () => {
    const { plan } = await readyPlan(1);
    expect((await api.get(agent, `/Consolidation/${plan.consol_no}`)).statusCode).toBe(200);
    expect((await api.get(consignee, `/Consolidation/${plan.consol_no}`)).statusCode).toBe(200);
    expect((await api.get(agentB, `/Consolidation/${plan.consol_no}`)).statusCode).toBe(404);
    const q = `?q=${plan.consol_no}`;
    expect((await api.get(agent, `/Consolidation/list/search_consolidation${q}`)).json().total).toBe(1);
    expect((await api.get(agentB, `/Consolidation/list/search_consolidation${q}`)).json().total).toBe(0);
    const dash = (await api.get(agentB, '/Consolidation/dashboard')).json();
    expect(dash.lists.find((l: { key: string }) => l.key === 'search_consolidation').count).toBe(0);
    expect((await api.post(agentB, '/Consolidation', await planBody(t.db, [])))?.statusCode).toBe(403);
  });
});

describe('SO amendment → amended_booking_pending', () => {
  it('an edit of an SO in a plan marks the plan until the planner accepts it; approval waits meanwhile', async () => {
    const { plan, sos } = await readyPlan(1);
    const so = (await api.get(ops, `/Booking/${sos[0].so_no}`)).json();
    const edit = await api.put(ops, `/Booking/${sos[0].so_no}`, { ...so, marks: 'CHANGED MARKS' });
    expect(edit.statusCode, edit.body).toBe(200);
    const list = (
      await api.get(ops, `/Consolidation/list/amended_booking_pending?q=${plan.consol_no}`)
    ).json();
    expect(list.rows[0]).toMatchObject({ consol_no: plan.consol_no, amended: true });
    expect(list.rows[0].amended_sos).toContain('marks');
    const now = await current(plan.consol_no);
    expect(now.allowed_actions).toContain('accept_amendment');
    await attachDocument(t.db, plan.consol_no, 'PL');
    const pr = (
      await act(ops, plan.consol_no, 'propose', {
        version: now.version,
        proposals: [{ sailing_id: lane.sailing, rate_id: lane.rate }],
      })
    ).json();
    const refused = await act(ops, plan.consol_no, 'request_approval', { version: pr.version });
    expect(refused.json().msgKey).toBe(CONSOL_MSG.amendmentPending);
    const ok = await act(ops, plan.consol_no, 'accept_amendment', { version: pr.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().amended).toBe(false);
  });

  it('an SO edit with no change leaves the plan alone', async () => {
    const { plan, sos } = await readyPlan(1);
    const so = (await api.get(ops, `/Booking/${sos[0].so_no}`)).json();
    const edit = await api.put(ops, `/Booking/${sos[0].so_no}`, so);
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await current(plan.consol_no)).amended).toBe(false);
  });
});

describe('lists, dashboard, auto-plan', () => {
  it('pending_consolidation_creation lists LCL consolidatable confirmed SOs not in a plan', async () => {
    const free = await lclSo(t.db);
    const { sos } = await readyPlan(1);
    const rows = (await api.get(ops, `/Consolidation/pending-creation?q=${free.so_no}`)).json().rows;
    expect(rows.map((r: { so_no: string }) => r.so_no)).toEqual([free.so_no]);
    expect((await api.get(ops, `/Consolidation/pending-creation?q=${sos[0].so_no}`)).json().total).toBe(0);
  });

  it('colours: request approval yellow after 1 day, red after 2; load plan red under 3 days before ETD', async () => {
    const { plan } = await readyPlan(1);
    await t.db.execute(sql`update consol_plans set status = 'REQUEST_FOR_APPROVAL', status_changed_at = now() - interval '30 hours',
      fully_allocated = false, etd = current_date + 2 where consol_no = ${plan.consol_no}`);
    const before = (await api.get(ops, '/Consolidation/dashboard')).json();
    const card = (k: string) => before.lists.find((l: { key: string }) => l.key === k);
    expect(card('request_consolidation_approval').yellow).toBeGreaterThan(0);
    expect(card('load_plan_pending_allocation').red).toBeGreaterThan(0);
    expect(before.lists).toHaveLength(9);
  });

  it('auto-plan answers an allocation within capacity', async () => {
    const a = await lclSo(t.db, {}, { cbm: '40', kg: '5000' });
    const b = await lclSo(t.db, {}, { cbm: '50', kg: '5000' });
    const res = await api.post(ops, '/Consolidation/auto-plan', {
      so_nos: [a.so_no, b.so_no],
      equipment: [{ size_type: '40HQ', qty: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().containers_used).toBe(2);
    expect(res.json().unallocated).toEqual([]);
  });

  it('the booking detail’s related consol panel shows the plan the SO is in', async () => {
    const { plan, sos } = await readyPlan(1);
    const related = (await api.get(ops, `/Booking/${sos[0].so_no}/related`)).json();
    expect(related.consols).toEqual([{ consol_no: plan.consol_no, status: 'PLAN' }]);
    const by = (await api.get(agent, `/Consolidation/by-so/${sos[0].so_no}`)).json();
    expect(by).toMatchObject({ consol_no: plan.consol_no });
  });

  it('the demo seed gives every plan list rows, the agent sees its side', async () => {
    const dash = (await api.get(ops, '/Consolidation/dashboard')).json();
    for (const l of dash.lists) expect(l.count, l.key).toBeGreaterThan(0);
    const mine = (
      await api.get(agent, '/Consolidation/list/pending_customer_consolidation_approval?q=DEMOCN')
    ).json();
    expect(mine.total).toBeGreaterThan(0);
  });

  it('offers the sailings on the plan’s lane with the rates pricing its sizes', async () => {
    const { plan } = await readyPlan(1);
    const res = await api.get(ops, `/Consolidation/${plan.consol_no}/sailings`);
    expect(res.statusCode, res.body).toBe(200);
    const cosu = res.json().find((s: { sailing_id: number }) => s.sailing_id === lane.sailing);
    expect(cosu.rates.map((r: { rate_id: number }) => r.rate_id)).toContain(lane.rate);
  });

  it('offers only the sailing’s own carrier’s rates and refuses proposing another carrier’s (issue 39)', async () => {
    // A rate of another carrier on the same lane, pricing the same sizes (a copy of the COSU rate as MSCU).
    const { rows } = await t.db.execute<{ id: number }>(sql`
      with r as (
        insert into rates (source_key, carrier_code, pol, pod, service, currency, valid_from, valid_to, status)
        select source_key || '-MSCU-I39', 'MSCU', pol, pod, service, currency, valid_from, valid_to, status
          from rates where rate_id = ${lane.rate}
        returning rate_id)
      select rate_id as id from r`);
    const other = rows[0].id;
    await t.db.execute(sql`insert into rate_containers (rate_id, seq, container_type, amount)
      select ${other}, seq, container_type, amount from rate_containers where rate_id = ${lane.rate}`);
    const { plan } = await readyPlan(1);
    const res = await api.get(ops, `/Consolidation/${plan.consol_no}/sailings`);
    expect(res.statusCode, res.body).toBe(200);
    const sailings = res.json() as {
      sailing_id: number;
      carrier_code: string;
      rates: { rate_id: number; carrier_code: string }[];
    }[];
    const cosu = sailings.find((s) => s.sailing_id === lane.sailing);
    expect(cosu?.rates.map((r) => r.rate_id)).toContain(lane.rate);
    expect(cosu?.rates.map((r) => r.rate_id)).not.toContain(other);
    for (const s of sailings)
      for (const r of s.rates) expect(r.carrier_code, `${s.sailing_id}`).toBe(s.carrier_code);
    const refused = await act(ops, plan.consol_no, 'propose', {
      version: plan.version,
      proposals: [{ sailing_id: lane.sailing, rate_id: other }],
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().details).toEqual([
      { field: 'proposals.0.rate_id', msgKey: CONSOL_MSG.rateCarrierMismatch, params: { carrier: 'COSU' } },
    ]);
    const ok = await act(ops, plan.consol_no, 'propose', {
      version: plan.version,
      proposals: [{ sailing_id: lane.sailing, rate_id: lane.rate }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the pick list reads the packages, CBM and weight of the SOs picked, of visible SOs only (issue 39)', async () => {
    const a = await lclSo(t.db, {}, { pk: 120, cbm: '12.5', kg: '1875.25' });
    const b = await lclSo(t.db, {}, { pk: 90, cbm: '9', kg: '1350' });
    const res = await api.get(ops, `/Consolidation/pick-cargo?so_nos=${a.so_no},${b.so_no},NOPE-1`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { so_no: string }[]).sort((x, y) => x.so_no.localeCompare(y.so_no));
    expect(rows).toEqual(
      [
        { so_no: a.so_no, package_qty: 120, cbm: '12.500', kg: '1875.250' },
        { so_no: b.so_no, package_qty: 90, cbm: '9.000', kg: '1350.000' },
      ].sort((x, y) => x.so_no.localeCompare(y.so_no)),
    );
    // Another agent's party: its SOs are not answered.
    expect((await api.get(agentB, `/Consolidation/pick-cargo?so_nos=${a.so_no}`)).json()).toEqual([]);
    const tooMany = await api.get(ops, `/Consolidation/pick-cargo?so_nos=${'X,'.repeat(201)}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msgKey).toBeTruthy();
  });

  it('a cancelled plan releases its SOs to pending creation', async () => {
    const { plan, sos } = await readyPlan(1);
    const res = await act(ops, plan.consol_no, 'cancel', { version: plan.version, reason: 'Moved to FCL' });
    expect(res.json()).toMatchObject({ status: 'CANCELLED', sos: [] });
    expect((await api.get(ops, `/Consolidation/pending-creation?q=${sos[0].so_no}`)).json().total).toBe(1);
  });

  it('copy prefills a new plan with the header and sizes, without SOs, containers or references', async () => {
    const { plan } = await readyPlan(1);
    const copy = (await api.get(ops, `/Consolidation/${plan.consol_no}/copy`)).json();
    expect(copy).toMatchObject({
      consol_type: 'AGENT',
      pol: 'CNSHA',
      pod: 'USLAX',
      so_nos: [],
      containers: [],
      reference: null,
    });
    expect(copy.equipment).toEqual([{ size_type: '40HQ', qty: 1 }]);
    expect((await api.get(agentB, `/Consolidation/${plan.consol_no}/copy`)).statusCode).toBe(404);
  });

  it('exports a list as Excel', async () => {
    const res = await api.get(ops, '/Consolidation/list/search_consolidation/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('auto-plan quality (unit)', () => {
  it('uses at most the lower bound + 1 containers on a 200-PO plan and keeps most SOs whole', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const sos = Array.from({ length: 200 }, (_, i) => ({
      so_no: `SO${i}`,
      package_qty: 10 + Math.floor(rnd() * 90),
      cbm: Math.round((0.5 + rnd() * 9.5) * 1000) / 1000,
      kg: Math.round(100 + rnd() * 2000),
    }));
    const total = sos.reduce((s, x) => s + x.cbm, 0);
    const bound = containerLowerBound(total, 76.3);
    const containers = Array.from({ length: bound + 3 }, (_, i) => ({
      seq: i + 1,
      capacity_cbm: 76.3,
      max_payload_kg: 26500,
    }));
    const r = autoPlan(containers, sos);
    expect(r.unallocated).toEqual([]);
    expect(r.containersUsed).toBeLessThanOrEqual(bound + 1);
    const split = new Set(r.lines.map((l) => l.so_no)).size;
    expect(r.lines.length - split).toBeLessThanOrEqual(r.containersUsed);
  });

  it('takes the fewest containers on the bench mix (200 POs of 1-21 CBM, 0.1-5 t): at most the bound + 1', () => {
    // Whole-SO first-fit by CBM over every offered box used the bound + 2 or 3 here (bench, 5 runs): boxes
    // filled by CBM reached their payload with heavy SOs. Ordering by the larger share (CBM or KG) and packing
    // into the fewest boxes that take everything (splitting the few SOs that close the gaps) fixes that.
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 5; run++) {
      const sos = Array.from({ length: 200 }, (_, i) => ({
        so_no: `SO${i}`,
        package_qty: 50 + Math.floor(rnd() * 900),
        cbm: Math.round((1 + rnd() * 20) * 10) / 10,
        kg: Math.round(100 + rnd() * 4900),
      }));
      const bound = containerLowerBound(
        sos.reduce((s, x) => s + x.cbm, 0),
        76.3,
      );
      const containers = Array.from({ length: bound + 3 }, (_, i) => ({
        seq: i + 1,
        capacity_cbm: 76.3,
        max_payload_kg: 26500,
      }));
      const r = autoPlan(containers, sos);
      expect(r.unallocated).toEqual([]);
      expect(r.containersUsed).toBeLessThanOrEqual(bound + 1);
    }
  });
});
