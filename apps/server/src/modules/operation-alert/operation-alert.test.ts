import type { TOperationAlertDashboard } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBooking } from '../../../test/booking-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { offices, roleFuncs, roles } from '../../db/schema';

/**
 * The operation alert dashboard and the `ops` analytics pages (docs/operation-alerts.md, docs/analytics.md) on
 * fixtures of their own: an office of their own (OAT) and an owner of their own, every figure worked out by
 * hand from the ageing rules (001 §4, 002 §9).
 */
let t: TestApp;
type H = Record<string, string>;
let ops: H;
let admin: H;
let agent: H;
const OWNER = 'Alert Tester';
const OFFICE = 'OAT';
const H_MS = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * H_MS).toISOString();
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const so: Record<string, string> = {};
const consol: Record<string, string> = {};
let invoiceNo = '';
let invoiceId = 0;

const get = (url: string, h: H) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: h });
const post = (url: string, h: H, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: h, payload: payload as object });

async function plan(no: string, over: { status: string; at: string; allocated: boolean; etd: string }) {
  await t.db.execute(sql`insert into consol_plans (consol_no, consol_type, contact_office, handling_office, pol, pod,
      etd, status, status_changed_at, fully_allocated, created_by, updated_by)
    values (${no}, 'AGENT', ${OFFICE}, ${OFFICE}, 'CNSHA', 'USLAX', ${over.etd}, ${over.status}, ${over.at},
      ${over.allocated}, ${OWNER}, ${OWNER})`);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(offices).values({
    code: OFFICE,
    short_name: 'Alert test',
    full_name: 'Alert test office',
    group_id: 'T',
    country_code: 'HK',
  });
  // The agent role may open the dashboard here (it does not in the catalogue), to check its party access;
  // admin holds every ops analytics page.
  const [agentRole] = await t.db.select().from(roles).where(sql`code = 'AGENT'`);
  const [adminRole] = await t.db.select().from(roles).where(sql`code = 'ADMIN'`);
  await t.db
    .insert(roleFuncs)
    .values([
      ...['m_operation_alert_dashboard', 'm_analytics_operation_alert', 'm_analytics_weblog_tracker'].map(
        (func_id) => ({ role_id: agentRole.role_id, func_id }),
      ),
      ...[
        'm_analytics_operation',
        'm_analytics_operation_alert',
        'm_analytics_productivity',
        'm_analytics_insight_tracker',
        'm_analytics_weblog_tracker',
        'm_operation_alert_dashboard',
      ].map((func_id) => ({ role_id: adminRole.role_id, func_id })),
    ])
    .onConflictDoNothing();
  const common = { handling_office: OFFICE, created_by: OWNER, updated_by: OWNER };
  // B1: e-booking pending confirmation 19 h → red (18 h); its nomination agent is agent@'s party.
  so.b1 = (
    await createTestBooking(t.db, {
      ...common,
      status: 'NEW_E_BOOKING',
      is_e_booking: true,
      status_changed_at: ago(19),
    })
  ).so_no;
  // B2: manual booking pending 10 h → yellow (8 h); B3: 7 h → no alert.
  so.b2 = (
    await createTestBooking(t.db, { ...common, status: 'NEW_MANUAL', status_changed_at: ago(10) })
  ).so_no;
  so.b3 = (
    await createTestBooking(t.db, { ...common, status: 'NEW_MANUAL', status_changed_at: ago(7) })
  ).so_no;
  // B4: red like B1 but without agent@'s party: the agent must not see it.
  so.b4 = (
    await createTestBooking(t.db, {
      ...common,
      status: 'NEW_E_BOOKING',
      nomination_agent_id: null,
      status_changed_at: ago(20),
    })
  ).so_no;
  // B5: confirmed 4 h ago, created 10 h ago: no alert; 6.0 hours to confirm (OperationReportPBI).
  so.b5 = (
    await createTestBooking(t.db, {
      ...common,
      status: 'CONFIRMED',
      si_status: 'SUBMITTED',
      approval_status: 'APPROVED',
      approval_status_at: ago(1),
      created_at: ago(10),
      confirmed_at: ago(4),
      status_changed_at: ago(4),
    })
  ).so_no;
  // B6: confirmed 5 h ago but created 2 h ago (history written out of order): counted, without a duration.
  so.b6 = (
    await createTestBooking(t.db, {
      ...common,
      status: 'CONFIRMED',
      created_at: ago(2),
      confirmed_at: ago(5),
      status_changed_at: ago(5),
    })
  ).so_no;
  // C1: plan pending customer approval 30 h → yellow (24 h); fully allocated, so no load-plan alert.
  consol.c1 = `OAT${process.pid % 1000}C1`;
  await plan(consol.c1, { status: 'PENDING_CUSTOMER', at: ago(30), allocated: true, etd: day(30) });
  // L1: approved plan not fully allocated, ETD in 2 days → red load plan (< 3 days), alert from ETD − 7 days.
  consol.l1 = `OAT${process.pid % 1000}L1`;
  await plan(consol.l1, { status: 'APPROVED', at: ago(0), allocated: false, etd: day(2) });
  // I1: an AR invoice still NEW, created 7 days ago → red in PendingPreparation (3 days; red from 6).
  const { rows } = await t.db.execute<{ invoice_no: string; inv_id: number }>(sql`
    update invoices set created_at = ${ago(7 * 24)}, updated_by = ${OWNER}, office_code = ${OFFICE}
     where inv_id = (select inv_id from invoices where inv_type = 'AR' and status = 'NEW' order by inv_id limit 1)
    returning invoice_no, inv_id`);
  invoiceNo = rows[0].invoice_no;
  invoiceId = rows[0].inv_id;
  [ops, admin, agent] = await Promise.all(
    ['ops@demo.test', 'admin@demo.test', 'agent@demo.test'].map(async (u) =>
      bearer(await sessionToken(t, u)),
    ),
  );
}, 120_000);
afterAll(async () => t?.close());

const dashboard = async (h: H, q = '') => {
  const res = await get(`/OperationAlert/dashboard?owner=${encodeURIComponent(OWNER)}&perGroup=50${q}`, h);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TOperationAlertDashboard;
};

describe('operation alert dashboard', () => {
  it('lists every yellow and red document of the owner, oldest alert first, with the counts by hand', async () => {
    const d = await dashboard(ops);
    expect(d.groups).toHaveLength(1);
    const [g] = d.groups;
    expect([g.owner, g.office, g.red, g.yellow]).toEqual([OWNER, OFFICE, 4, 2]);
    // Alert start: L1 ETD − 7 d (5 days ago), I1 created + 3 d (4 days ago), B4 20 − 8 = 12 h, B1 19 − 8 = 11 h,
    // C1 30 − 24 = 6 h, B2 10 − 8 = 2 h ago.
    expect(g.rows.map((r) => [r.kind, r.list, r.number, r.colour])).toEqual([
      ['load_plan', 'load_plan_pending_allocation', consol.l1, 'red'],
      ['invoice', 'AR:PendingPreparation', invoiceNo, 'red'],
      ['booking', 'new_e_booking', so.b4, 'red'],
      ['booking', 'new_e_booking', so.b1, 'red'],
      ['consolidation', 'pending_customer_consolidation_approval', consol.c1, 'yellow'],
      ['booking', 'new_manual_booking', so.b2, 'yellow'],
    ]);
    const b1 = g.rows.find((r) => r.number === so.b1)!;
    expect(Math.abs(Date.parse(b1.alert_at) - (Date.now() - 11 * H_MS))).toBeLessThan(60_000);
    expect(b1.is_e_booking).toBe(true);
    expect(g.rows.find((r) => r.kind === 'load_plan')?.since).toBe(day(2));
    expect(d.totals).toEqual({ red: 4, yellow: 2 });
    expect(d.byKind).toEqual([
      { kind: 'booking', red: 2, yellow: 1 },
      { kind: 'booking_approval', red: 0, yellow: 0 },
      { kind: 'consolidation', red: 0, yellow: 1 },
      { kind: 'load_plan', red: 1, yellow: 0 },
      { kind: 'invoice', red: 1, yellow: 0 },
    ]);
    expect(d.capped).toBe(false);
  });

  it('filters by colour, kind and office', async () => {
    expect((await dashboard(ops, '&colour=red')).totals).toEqual({ red: 4, yellow: 0 });
    const bookings = await dashboard(ops, '&kind=booking');
    expect(bookings.groups[0].rows.map((r) => r.number)).toEqual([so.b4, so.b1, so.b2]);
    expect((await dashboard(ops, '&office=HKG')).groups).toEqual([]);
    const bad = await get('/OperationAlert/dashboard?kind=ship', ops);
    expect(bad.statusCode).toBe(400);
  });

  it('shows an external user only its own parties’ documents (no invoices, no other plans)', async () => {
    const d = await dashboard(agent);
    expect(d.groups.flatMap((g) => g.rows.map((r) => r.number)).sort()).toEqual([so.b1, so.b2].sort());
  });

  it('is guarded by m_operation_alert_dashboard', async () => {
    const shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
    expect((await get('/OperationAlert/dashboard', shipper)).statusCode).toBe(403);
    expect((await get('/OperationAlert/dashboard', {})).statusCode).toBe(401);
  });

  it('has a red booking in the demo data (the journey opens it)', async () => {
    const d = (
      await get('/OperationAlert/dashboard?kind=booking&colour=red', ops)
    ).json() as TOperationAlertDashboard;
    expect(d.groups.flatMap((g) => g.rows).some((r) => r.number.startsWith('DEMO'))).toBe(true);
  });
});

describe('page views', () => {
  const now = () => new Date().toISOString();

  it('records a batch with the route pattern, the user and the profile type only', async () => {
    const res = await post('/PageViews', ops, {
      views: [
        { route: '/BMS/OperationAlertDashboard', at: now() },
        { route: '/BMS/OperationAlertDashboard', at: now() },
        { route: '/BMS/enhance_booking/:search_state', at: now() },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recorded: 3 });
    const { rows } = await t.db.execute<{ route: string; profile_type: string }>(sql`
      select v.route, v.profile_type from page_views v join users u on u.user_uid = v.user_uid
       where u.login_id = 'ops@demo.test' and v.viewed_at > now() - interval '1 hour' order by v.id`);
    expect(rows.map((r) => r.route)).toEqual([
      '/BMS/OperationAlertDashboard',
      '/BMS/OperationAlertDashboard',
      '/BMS/enhance_booking/:search_state',
    ]);
    expect(rows[0].profile_type).toBe('OPERATIONS');
  });

  it('refuses URLs with a query, a NUL, empty or too large batches, and anonymous callers', async () => {
    const bad = async (payload: unknown, h: H = ops) => (await post('/PageViews', h, payload)).statusCode;
    expect(await bad({ views: [{ route: '/BMS/x?so=1', at: now() }] })).toBe(400);
    expect(await bad({ views: [{ route: 'https://evil.test/', at: now() }] })).toBe(400);
    expect(await bad({ views: [{ route: '/BMS/\u0000', at: now() }] })).toBe(400);
    expect(await bad({ views: [{ route: '/BMS/x', at: 'yesterday' }] })).toBe(400);
    expect(await bad({ views: [] })).toBe(400);
    expect(await bad({ views: Array.from({ length: 51 }, () => ({ route: '/BMS/x', at: now() })) })).toBe(
      400,
    );
    expect(await bad({ views: [{ route: '/BMS/x', at: now() }] }, {})).toBe(401);
  });
});

describe('ops analytics pages on the fixtures', () => {
  const period = `from=${day(-1)}&to=${day(0)}&office=${OFFICE}`;
  const page = async (name: string, q = period) => {
    const res = await get(`/Analytics/${name}?${q}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      kpis: { key: string; value: string | null }[];
      table: { rows: { cells: Record<string, string | null> }[]; totals: Record<string, string | null> };
    };
  };
  const kpi = (p: Awaited<ReturnType<typeof page>>, key: string) => p.kpis.find((x) => x.key === key)?.value;

  it('OperationAlertPBI: the alerts of the office by colour and kind', async () => {
    const p = await page('OperationAlertPBI');
    expect([
      kpi(p, 'red'),
      kpi(p, 'yellow'),
      kpi(p, 'booking'),
      kpi(p, 'load_plan'),
      kpi(p, 'invoice'),
    ]).toEqual(['4', '2', '3', '1', '1']);
    expect(p.table.rows[0].cells).toMatchObject({ office: OFFICE, total: '6', consolidation: '1' });
    const docs = (
      await get(`/Analytics/OperationAlertPBI/documents?${period}&drill_colour=red`, admin)
    ).json();
    expect(docs.total).toBe(4);
    expect(docs.rows[0]).toMatchObject({ kind: 'consolidation', number: consol.l1, value: 'red' });
    const bad = await get(`/Analytics/OperationAlertPBI/documents?${period}&drill_nope=1`, admin);
    expect(bad.statusCode).toBe(400);
  });

  it('OperationReportPBI: documents per step and the hours a step took', async () => {
    const p = await page('OperationReportPBI');
    // Bookings B1–B6 created in the period; B5 confirmed 6.0 h after creation and approved; B6 confirmed
    // "before" its creation has no duration (not −3 h); C1, L1 created.
    expect(kpi(p, 'booking_created')).toBe('6');
    expect(kpi(p, 'booking_confirmed')).toBe('2');
    expect(kpi(p, 'booking_confirmed_hours')).toBe('6.0');
    expect(kpi(p, 'booking_approved')).toBe('1');
    expect(kpi(p, 'booking_approved_hours')).toBe('3.0');
    expect(kpi(p, 'consol_created')).toBe('2');
    expect(kpi(p, 'invoice_created')).toBe('0');
    const docs = (
      await get(`/Analytics/OperationReportPBI/documents?${period}&drill_step=booking_confirmed`, admin)
    ).json();
    expect(docs.rows.map((r: { number: string; value: string }) => [r.number, r.value])).toEqual([
      [so.b5, '6.0'],
      [so.b6, null],
    ]);
  });

  it('ProductivityReportPBI: documents handled per user from the status history', async () => {
    // The demo seed wrote I1's own history today: left out, so only the entries below count.
    await t.db.execute(
      sql`delete from status_history where entity_type = 'invoice' and entity_id = ${String(invoiceId)}`,
    );
    await t.db.execute(sql`insert into status_history (entity_type, entity_id, action, actor_uid, actor_name) values
      ('booking', ${so.b1}, 'update', 'u-xavier', 'Xavier'), ('booking', ${so.b1}, 'confirm', 'u-xavier', 'Xavier'),
      ('booking', ${so.b2}, 'update', 'u-xavier', 'Xavier'), ('consolidation', ${consol.c1}, 'update', 'u-yan', 'Yan')`);
    const p = await page('ProductivityReportPBI');
    expect([kpi(p, 'users'), kpi(p, 'docs'), kpi(p, 'actions')]).toEqual(['2', '3', '4']);
    expect(
      p.table.rows.map((r) => [r.cells.user, r.cells.booking, r.cells.consolidation, r.cells.actions]),
    ).toEqual([
      ['Xavier', '2', '0', '3'],
      ['Yan', '0', '1', '1'],
    ]);
  });

  it('InsightTrackerReportPBI and WeblogTrackerReportPBI: views per screen and per user', async () => {
    const today = `from=${day(0)}&to=${day(0)}`;
    const insight = await page('InsightTrackerReportPBI', today);
    const row = insight.table.rows.find((r) => r.cells.route === '/BMS/OperationAlertDashboard');
    expect([row?.cells.views, row?.cells.users]).toEqual(['2', '1']);
    const weblog = await page('WeblogTrackerReportPBI', today);
    const me = weblog.table.rows.find((r) => r.cells.login === 'ops@demo.test');
    expect([me?.cells.views, me?.cells.routes, me?.cells.days]).toEqual(['3', '2', '1']);
  });
});

describe('party access on the ops pages', () => {
  it('an agent counts only its own parties’ alerts and sees only its own page views', async () => {
    const q = `from=${day(0)}&to=${day(0)}`;
    const alerts = (await get(`/Analytics/OperationAlertPBI?${q}&office=${OFFICE}`, agent)).json();
    const kpi = (key: string) => alerts.kpis.find((x: { key: string }) => x.key === key)?.value;
    // B1 (red) and B2 (yellow) carry agent@'s party; B4, the plans and the invoice do not.
    expect([kpi('red'), kpi('yellow'), kpi('invoice'), kpi('load_plan')]).toEqual(['1', '1', '0', '0']);
    await post('/PageViews', agent, {
      views: [{ route: '/BMS/enhance_booking', at: new Date().toISOString() }],
    });
    const weblog = (await get(`/Analytics/WeblogTrackerReportPBI?${q}`, agent)).json();
    expect(weblog.table.rows.map((r: { cells: { login: string } }) => r.cells.login)).toEqual([
      'agent@demo.test',
    ]);
  });
});

describe('page-view rate limit', () => {
  it('answers 429 after 20 batches a minute from one user', async () => {
    const h = bearer(await sessionToken(t, 'ops.sha@demo.test'));
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push(
        (await post('/PageViews', h, { views: [{ route: '/', at: new Date().toISOString() }] })).statusCode,
      );
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});
