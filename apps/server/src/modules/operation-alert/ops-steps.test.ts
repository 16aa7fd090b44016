import type { TAnalyticsFilters } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBooking } from '../../../test/booking-factory';
import {
  changedAtOneMoment,
  changedTenMinutesAgo,
  expectEachChangeReadOnce,
} from '../../../test/sweep-changes';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Actor } from '../../platform/access/access';
import { operationAlertRepository as alerts } from './operation-alert.repository';
import { opsAnalyticsRepository as live } from './ops-analytics.repository';
import { opsStepsRepository as agg, type OpsCubeRow } from './ops-steps.repository';

/**
 * OperationReportPBI's aggregate (docs/analytics.md "Operation report aggregate") never disagrees with the
 * direct computation: after a rebuild, after creates and edits of bookings, plans and invoices that no sweep
 * has seen yet (the page corrects them live), after the sweep, and against a rebuild from scratch.
 */
let t: TestApp;
const actor: Actor = {
  user_uid: '00000000-0000-4000-8000-0000000000a1',
  login_id: 'ops-steps-test',
  first_name: 'Ops',
  last_name: 'Steps',
  sid: 'test',
  profile: null,
  profile_type: 'INTERNAL',
  super_user_uid: null,
  funcs: new Set(),
};
const dayOf = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const period = { from: dayOf(-400), to: dayOf(0) };
const FILTERS: TAnalyticsFilters[] = [
  period,
  { ...period, office: 'HKG' },
  { ...period, office: 'SZX' },
  { ...period, mode: 'AIR' },
  { ...period, service: 'LCL' },
  { ...period, carrier: 'MAEU' },
  { ...period, office: 'HKG', mode: 'SEA', service: 'FCL' },
  { from: dayOf(-20), to: dayOf(-3) },
];

type Norm = { step: string; week: string; office: string; n: number; n_hours: number; sum: number };
const norm = (rows: OpsCubeRow[]): Norm[] =>
  rows
    .map((r) => ({
      step: r.step,
      week: r.week,
      office: r.office ?? '',
      n: r.n,
      n_hours: r.n_hours,
      sum: Number(r.sum_hours ?? 0),
    }))
    .sort((a, b) => `${a.step}|${a.week}|${a.office}`.localeCompare(`${b.step}|${b.week}|${b.office}`));

async function expectSame() {
  for (const f of FILTERS) {
    const direct = norm(await live.operationCube(t.db, actor, f));
    const fromAgg = await agg.cube(t.db, actor, f);
    expect(fromAgg, JSON.stringify(f)).not.toBeNull();
    expect(norm(fromAgg ?? []), JSON.stringify(f)).toEqual(direct);
  }
}

const cubeRows = async () =>
  (
    await t.db.execute<
      Record<string, unknown>
    >(sql`select step, day::text as day, office, mode, service, carrier,
        n, n_hours, sum_hours::numeric::float8 as sum_hours from ops_step_cube order by 1, 2, 3, 4, 5, 6`)
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  // The template's documents were written moments ago: age them, so the aggregate (not the live correction)
  // answers for them.
  for (const table of ['shipping_orders', 'consol_plans', 'invoices'])
    await t.db.execute(sql`update ${sql.raw(table)} set updated_at = updated_at - interval '1 day'`);
});
afterAll(async () => {
  await t?.close();
});

describe('OperationReportPBI aggregate', () => {
  it('is not used before it is built (the page computes live)', async () => {
    expect(await agg.cube(t.db, actor, period)).toBeNull();
  });

  it('equals the direct computation after a rebuild, for every filter the cube answers', async () => {
    await agg.rebuild(t.db);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ops_step_facts`);
    expect(rows[0].n).toBeGreaterThan(0);
    await expectSame();
    // Customer, lane and external viewers are not the cube's: the page computes them live.
    expect(await agg.cube(t.db, actor, { ...period, customer: 'HKCUS001' })).toBeNull();
    expect(await agg.cube(t.db, actor, { ...period, lane: 'CNSHA-USLAX' })).toBeNull();
    expect(await agg.cube(t.db, { ...actor, profile_type: 'CUSTOMER' }, period)).toBeNull();
  });

  it('stays equal after creates and edits no sweep has seen, after the sweep, and to a rebuild', async () => {
    // Creates: confirmed with and without a duration, approved, air, another office and carrier.
    await createTestBooking(t.db, { handling_office: 'SZX', created_at: ago(50), status: 'NEW_MANUAL' });
    await createTestBooking(t.db, {
      status: 'CONFIRMED',
      created_at: ago(30),
      confirmed_at: ago(20),
      approval_status: 'APPROVED',
      approval_status_at: ago(3),
      carrier_code: 'MAEU',
    });
    await createTestBooking(t.db, {
      status: 'CONFIRMED',
      transport_mode: 'AIR',
      service_type: 'LCL',
      created_at: ago(5),
      confirmed_at: ago(9),
    });
    // Edits of existing documents: confirm, approve, un-approve, office / mode / carrier moves.
    const { rows: sos } = await t.db.execute<{ so_id: number }>(
      sql`select so_id from shipping_orders order by so_id limit 12`,
    );
    const id = (i: number) => sos[i % sos.length].so_id;
    await t.db.execute(sql`update shipping_orders set status = 'CONFIRMED', confirmed_at = now() - interval '7 hours',
        updated_at = now() where so_id = ${id(0)}`);
    await t.db.execute(sql`update shipping_orders set approval_status = 'APPROVED', approval_status_at = now(),
        confirmed_at = coalesce(confirmed_at, now() - interval '2 days'), updated_at = now() where so_id = ${id(1)}`);
    await t.db.execute(sql`update shipping_orders set approval_status = 'REJECTED', updated_at = now()
        where so_id = ${id(1) === id(2) ? id(3) : id(2)}`);
    await t.db.execute(sql`update shipping_orders set handling_office = 'SZX', transport_mode = 'AIR',
        carrier_code = 'MAEU', updated_at = now() where so_id in (${id(4)}, ${id(5)})`);
    await t.db.execute(sql`update shipping_orders set created_at = created_at - interval '40 days', updated_at = now()
        where so_id = ${id(6)}`);
    // Plans: one approved now, one moved office. Invoices: one posted, one deleted, one moved office.
    await t.db.execute(sql`update consol_plans set status = 'APPROVED', status_changed_at = now(), updated_at = now()
        where consol_id = (select min(consol_id) from consol_plans)`);
    await t.db.execute(sql`update consol_plans set handling_office = 'SZX', updated_at = now()
        where consol_id = (select max(consol_id) from consol_plans)`);
    await t.db.execute(sql`update invoices set posted_at = now(), updated_at = now()
        where inv_id = (select min(inv_id) from invoices where status <> 'DELETED')`);
    await t.db.execute(sql`update invoices set status = 'DELETED', updated_at = now()
        where inv_id = (select max(inv_id) from invoices where status <> 'DELETED')`);
    await t.db.execute(sql`update invoices set office_code = 'SZX', updated_at = now()
        where inv_id = (select min(inv_id) + 1 from invoices)`);
    // Not swept yet: the page corrects the changed documents live.
    await expectSame();

    const swept = await agg.sweep(t.db);
    expect(swept.rebuilt).toBe(false);
    expect(swept.docs).toBeGreaterThan(0);
    await expectSame();
    // Idempotent: a second sweep (the overlap reads the same documents again) changes nothing.
    const before = await cubeRows();
    await agg.sweep(t.db);
    expect(await cubeRows()).toEqual(before);
    // The cube is the sum of the facts, and both are what a rebuild from scratch gives.
    const { rows: diff } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from (
        (select step, day, office, mode, service, carrier, n, n_hours, sum_hours from ops_step_cube
         except select step, day, office, mode, service, carrier, count(*)::int, count(hours)::int,
                       coalesce(sum(hours), 0) from ops_step_facts group by 1, 2, 3, 4, 5, 6)
        union all
        (select step, day, office, mode, service, carrier, count(*)::int, count(hours)::int, coalesce(sum(hours), 0)
           from ops_step_facts group by 1, 2, 3, 4, 5, 6
         except select step, day, office, mode, service, carrier, n, n_hours, sum_hours from ops_step_cube)) d`);
    expect(diff[0].n).toBe(0);
    await agg.rebuild(t.db);
    expect(await cubeRows()).toEqual(before);
    await expectSame();
  });
});

describe('OperationAlertPBI and the dashboard on narrow rows', () => {
  const viewer: Actor = {
    ...actor,
    funcs: new Set(['booking', 'booking_approval', 'consolidation', 'm_ar', 'm_ap']),
  };
  const weekOf = (at: string) => {
    const d = new Date(at);
    const day = (d.getUTCDay() + 6) % 7;
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day))
      .toISOString()
      .slice(0, 10);
  };

  it('count and rank exactly the alerts the full rows list', async () => {
    for (const office of [undefined, 'HKG']) {
      const all = (await alerts.page(t.db, viewer, { office }, 1_000_000, 0)).rows;
      expect(all.length).toBeGreaterThan(0);
      // OperationAlertPBI: kind × office × colour × week of the alert's start.
      const direct = new Map<string, number>();
      for (const r of all) {
        const key = JSON.stringify([r.kind, r.office, r.colour, weekOf(r.alert_at)]);
        direct.set(key, (direct.get(key) ?? 0) + 1);
      }
      const cube = await alerts.cube(t.db, viewer, { office });
      expect(new Map(cube.map((c) => [JSON.stringify([c.kind, c.office, c.colour, c.week]), c.n]))).toEqual(
        direct,
      );
      // The dashboard: group counts, kind counts and each group's first rows with every column.
      const dash = await alerts.dashboard(t.db, viewer, { office }, 3);
      const groups = new Map<string, typeof all>();
      for (const r of all) {
        const key = JSON.stringify([r.owner, r.office]);
        groups.set(key, [...(groups.get(key) ?? []), r]);
      }
      expect(dash.groups.length).toBe(groups.size);
      for (const g of dash.groups) {
        const mine = groups.get(JSON.stringify([g.owner, g.office])) ?? [];
        expect([g.red, g.yellow]).toEqual([
          mine.filter((r) => r.colour === 'red').length,
          mine.filter((r) => r.colour === 'yellow').length,
        ]);
        const order = (a: (typeof all)[number], b: (typeof all)[number]) =>
          Date.parse(a.alert_at) - Date.parse(b.alert_at) ||
          a.kind.localeCompare(b.kind) ||
          Number(a.doc_id) - Number(b.doc_id) ||
          a.list.localeCompare(b.list);
        const first = [...mine].sort(order).slice(0, 3);
        const shown = dash.rows.filter((r) => r.owner === g.owner && r.office === g.office);
        const pick = (r: (typeof all)[number]) => ({
          kind: r.kind,
          list: r.list,
          doc_id: Number(r.doc_id),
          number: r.number,
          status: r.status,
          is_e_booking: r.is_e_booking,
          inv_type: r.inv_type,
          since: new Date(r.since.length > 10 ? r.since : `${r.since}T00:00:00Z`).toISOString(),
          alert_at: new Date(r.alert_at).toISOString(),
          colour: r.colour,
        });
        expect(shown.map(pick)).toEqual(first.map(pick));
      }
    }
  });

  it('shares one run between identical overlapping calls, and only while it runs', async () => {
    const [a, b] = await Promise.all([
      alerts.cube(t.db, viewer, { office: 'HKG' }),
      alerts.cube(t.db, viewer, { office: 'HKG' }),
    ]);
    expect(a).toBe(b);
    const other = alerts.cube(t.db, { ...viewer, funcs: new Set(['booking']) }, { office: 'HKG' });
    const c = await alerts.cube(t.db, viewer, { office: 'HKG' });
    expect(c).not.toBe(a);
    expect(await other).not.toBe(c);
    expect((await other).every((r) => r.kind === 'booking')).toBe(true);
  });
});

describe('the ops steps sweep reads a change again only within the overlap after the sweep that saw it (issue 40)', () => {
  it('after changes ten minutes ago, the next sweep refreshes them and the one after reads nothing', async () => {
    await agg.rebuild(t.db);
    const at = await changedTenMinutesAgo(t.db, [
      { table: 'shipping_orders', id: 'so_id' },
      { table: 'consol_plans', id: 'consol_id' },
      { table: 'invoices', id: 'inv_id' },
    ]);
    // The watermarks where a sweep that read the last change left them until session 51 (its time).
    await t.db.execute(sql`update ops_step_state set so_seen_at = ${at}, cp_seen_at = ${at}, inv_seen_at = ${at},
        so_max_id = (select max(so_id) from shipping_orders), cp_max_id = (select max(consol_id) from consol_plans),
        inv_max_id = (select max(inv_id) from invoices) where id = 1`);
    expect((await agg.sweep(t.db)).docs).toBeGreaterThan(0);
    expect(await agg.sweep(t.db)).toEqual({ rebuilt: false, docs: 0 });
  });

  it('more changes at one moment than a batch: each sweep continues after the last row the one before read', async () => {
    await agg.rebuild(t.db);
    const { at, changes } = await changedAtOneMoment(t.db, [
      { table: 'shipping_orders' },
      { table: 'consol_plans' },
      { table: 'invoices' },
    ]);
    const n = changes.shipping_orders + changes.consol_plans + changes.invoices;
    const batch = Math.ceil(Math.max(changes.shipping_orders, changes.consol_plans, changes.invoices) / 4);
    await t.db.execute(sql`update ops_step_state set so_seen_at = ${at}, cp_seen_at = ${at}, inv_seen_at = ${at},
        so_after_id = null, cp_after_id = null, inv_after_id = null,
        so_max_id = (select max(so_id) from shipping_orders), cp_max_id = (select max(consol_id) from consol_plans),
        inv_max_id = (select max(inv_id) from invoices) where id = 1`);
    // Until session 52 a full batch kept only its last row's time, and every sweep read the same first batch.
    await expectEachChangeReadOnce(n, batch, async (b) => (await agg.sweep(t.db, b)).docs);
  });
});
