import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshModules } from '../../../test/fresh-modules';
import type { TestApp } from '../../../test/test-app';

/**
 * The consolidation dashboard at scale (issue 11): its figures are cached per instance, and
 * pending_consolidation_creation reads a maintained flag (shipping_orders.in_consol_plan) through partial
 * indexes. The counts must follow every plan and booking write at once, and the pending list must stay
 * exactly "LCL consolidatable confirmed SOs in no plan" whatever the flag says.
 */
// The caches are read from the environment when the modules load: turn them on (the API project's default
// is 0) before the app is imported.
freshModules({ CONSOL_DASHBOARD_CACHE_MS: '60000', BOOKING_DASHBOARD_CACHE_MS: '60000' });

type H = Record<string, string>;
type Card = { key: string; count: number; yellow: number; red: number };
let t: TestApp;
let ops: H;
let helpers: typeof import('./consolidation.test-helpers');
let api: ReturnType<typeof import('./consolidation.test-helpers').callsOf>;

beforeAll(async () => {
  const { bearer, createTestApp, sessionToken } = await import('../../../test/test-app');
  helpers = await import('./consolidation.test-helpers');
  t = await createTestApp();
  api = helpers.callsOf(t);
  ops = bearer(await sessionToken(t, 'ops@demo.test'));
});
afterAll(() => t?.close());

const dashboard = async (): Promise<Record<string, Card>> => {
  const res = await api.get(ops, '/Consolidation/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries((res.json().lists as Card[]).map((l) => [l.key, l]));
};
const pendingTotal = async (soNo: string) => {
  const res = await api.get(ops, `/Consolidation/pending-creation?q=${soNo}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
};
const flagOf = async (soId: number) =>
  (
    await t.db.execute<{ f: boolean }>(
      sql`select in_consol_plan as f from shipping_orders where so_id = ${soId}`,
    )
  ).rows[0].f;

describe('dashboard counts follow writes though cached for 60 s', () => {
  it('a plan saved, edited and cancelled, and bookings changed, move the cards at once', async () => {
    const a = await helpers.lclSo(t.db);
    const b = await helpers.lclSo(t.db);
    const d0 = await dashboard();
    expect(d0.pending_consolidation_creation.count).toBeGreaterThanOrEqual(2);

    // A new plan with SO a: a leaves pending creation, the plan joins its lists.
    const made = await api.post(ops, '/Consolidation', await helpers.planBody(t.db, [a.so_no]));
    expect(made.statusCode, made.body).toBe(201);
    const plan = made.json() as { consol_no: string; version: number };
    const d1 = await dashboard();
    expect(d1.pending_consolidation_creation.count).toBe(d0.pending_consolidation_creation.count - 1);
    expect(d1.search_consolidation.count).toBe(d0.search_consolidation.count + 1);
    expect(d1.request_consolidation_approval.count).toBe(d0.request_consolidation_approval.count + 1);
    expect(d1.load_plan_pending_allocation.count).toBe(d0.load_plan_pending_allocation.count + 1);
    expect(await flagOf(a.so_id)).toBe(true);
    expect(await pendingTotal(a.so_no)).toBe(0);

    // The plan takes b instead of a: a is pending again, b is not.
    const body = (await api.get(ops, `/Consolidation/${plan.consol_no}`)).json();
    const edited = await api.put(ops, `/Consolidation/${plan.consol_no}`, {
      ...(await helpers.planBody(t.db, [b.so_no])),
      version: body.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect([await flagOf(a.so_id), await flagOf(b.so_id)]).toEqual([false, true]);
    expect([await pendingTotal(a.so_no), await pendingTotal(b.so_no)]).toEqual([1, 0]);
    expect((await dashboard()).pending_consolidation_creation.count).toBe(
      d1.pending_consolidation_creation.count,
    );

    // A booking edit of b (in the plan) marks the plan amended.
    const so = (await api.get(ops, `/Booking/${b.so_no}`)).json();
    const amend = await api.put(ops, `/Booking/${b.so_no}`, { ...so, marks: 'NEW MARKS' });
    expect(amend.statusCode, amend.body).toBe(200);
    const d2 = await dashboard();
    expect(d2.amended_booking_pending.count).toBe(d0.amended_booking_pending.count + 1);

    // A booking cancelled through the API leaves pending creation; recovered, it is back.
    const cancel = await api.post(ops, `/Booking/${a.so_no}/actions/cancel`, {
      version: a.version,
      reason: 'Customer asked',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await dashboard()).pending_consolidation_creation.count).toBe(
      d1.pending_consolidation_creation.count - 1,
    );
    const recover = await api.post(ops, `/Booking/${a.so_no}/actions/recover`, {
      version: cancel.json().version,
    });
    expect(recover.statusCode, recover.body).toBe(200);
    expect((await dashboard()).pending_consolidation_creation.count).toBe(
      d1.pending_consolidation_creation.count,
    );

    // Cancelling the plan releases b: every card is back where it started.
    const now = (await api.get(ops, `/Consolidation/${plan.consol_no}`)).json();
    const gone = await api.post(ops, `/Consolidation/${plan.consol_no}/actions/cancel`, {
      version: now.version,
      reason: 'Moved to FCL',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await flagOf(b.so_id)).toBe(false);
    const d3 = await dashboard();
    for (const key of [
      'pending_consolidation_creation',
      'request_consolidation_approval',
      'load_plan_pending_allocation',
      'amended_booking_pending',
    ])
      expect(d3[key].count, key).toBe(d0[key].count);
    expect(d3.search_consolidation.count).toBe(d1.search_consolidation.count);
  });
});

describe('pending_consolidation_creation and the in_consol_plan flag', () => {
  it('an SO put in a plan by SQL (flag not set) leaves pending creation once flagPlannedSos runs', async () => {
    const c = await helpers.lclSo(t.db);
    const made = await api.post(ops, '/Consolidation', await helpers.planBody(t.db, []));
    expect(made.statusCode, made.body).toBe(201);
    await t.db.execute(sql`insert into consol_sos (consol_id, so_id, line_no)
      select consol_id, ${c.so_id}, 1 from consol_plans where consol_no = ${made.json().consol_no}`);
    expect(await flagOf(c.so_id)).toBe(false);
    const { flagPlannedSos } = await import('./index');
    await flagPlannedSos(t.db);
    expect(await flagOf(c.so_id)).toBe(true);
    expect(await pendingTotal(c.so_no)).toBe(0);
  });

  it('the demo seed flags the SOs of its plans: every planned SO has the flag, no free one has it', async () => {
    const { rows } = await t.db.execute<{ planned_unflagged: number; flagged_free: number }>(sql`
      select (select count(*)::int from consol_sos cs join shipping_orders so on so.so_id = cs.so_id
               join consol_plans cp on cp.consol_id = cs.consol_id
              where cp.consol_no like 'DEMOCN%' and not so.in_consol_plan) as planned_unflagged,
             (select count(*)::int from shipping_orders so where so.in_consol_plan
                and not exists (select 1 from consol_sos cs where cs.so_id = so.so_id)) as flagged_free`);
    expect(rows[0]).toEqual({ planned_unflagged: 0, flagged_free: 0 });
  });
});
