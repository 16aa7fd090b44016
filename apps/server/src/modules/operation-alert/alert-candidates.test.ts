import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBooking } from '../../../test/booking-factory';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Actor } from '../../platform/access/access';
import { alertCandidates } from './alert-candidates.repository';
import {
  type AlertFilters,
  type AlertPath,
  operationAlertRepository as alerts,
} from './operation-alert.repository';

/**
 * The operation alert candidates (docs/operation-alerts.md "Candidates") never disagree with the direct
 * computation from the documents: after random creates, edits (single and multi-row statements), deletes and
 * a truncate-free history of changes of bookings, approvals, plans and invoices, the candidate-based
 * OperationAlertPBI counts, dashboard and drill-down page equal the direct ones for every filter, and the
 * candidates the triggers kept equal a rebuild from scratch.
 */
let t: TestApp;
const viewer: Actor = {
  user_uid: '00000000-0000-4000-8000-0000000000c7',
  login_id: 'alert-candidates-test',
  first_name: 'Alert',
  last_name: 'Candidates',
  sid: 'test',
  profile: null,
  profile_type: 'INTERNAL',
  super_user_uid: null,
  funcs: new Set(['booking', 'booking_approval', 'consolidation', 'm_ar', 'm_ap']),
};
const OFFICES = ['HKG', 'SZX', 'SHA'];
const OWNERS = ['Ann', 'Bo', 'seed'];

// A seeded generator, so a failure can be replayed.
let seed = 17;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
const maybe = <T>(x: T): T | null => (rnd() < 0.2 ? null : x);
// Clocks half an hour (half a day for invoices) from any threshold: the two computations run a few
// milliseconds apart and must not see a document change colour in between.
const hoursAgo = () => sql`now() - make_interval(mins => ${Math.floor(rnd() * 120) * 60 + 30})`;
const daysAgo = () => sql`now() - make_interval(hours => ${Math.floor(rnd() * 70) * 24 + 12})`;

const FILTERS: AlertFilters[] = [
  {},
  { office: 'HKG' },
  { office: 'SZX' },
  { kind: 'booking' },
  { kind: 'booking_approval', colour: 'red' },
  { kind: 'consolidation' },
  { kind: 'load_plan' },
  { kind: 'invoice' },
  { colour: 'yellow' },
  { colour: 'red', office: 'SHA' },
  { owner: 'Ann' },
];

const sorted = <T>(xs: T[]) => [...xs].map((x) => JSON.stringify(x)).sort();

async function expectSame(label: string) {
  for (const f of FILTERS) {
    const at = `${label} ${JSON.stringify(f)}`;
    const run = (path: AlertPath) =>
      Promise.all([
        alerts.cubeNow(t.db, viewer, f, path),
        alerts.dashboardNow(t.db, viewer, f, 4, path),
        alerts.page(t.db, viewer, f, 100_000, 0, path),
        alerts.page(t.db, viewer, f, 7, 3, path),
      ]);
    const [cube, dash, page, slice] = await run('auto');
    const [dCube, dDash, dPage, dSlice] = await run('direct');
    expect(sorted(cube), at).toEqual(sorted(dCube));
    expect(dash.groups, at).toEqual(dDash.groups);
    expect(sorted(dash.kinds), at).toEqual(sorted(dDash.kinds));
    expect(sorted(dash.lists), at).toEqual(sorted(dDash.lists));
    expect(dash.rows, at).toEqual(dDash.rows);
    expect(page, at).toEqual(dPage);
    expect(slice, at).toEqual(dSlice);
  }
}

const candidates = async () =>
  (
    await t.db.execute<Record<string, unknown>>(sql`select list, doc_id, kind, office, owner, yellow_at::text,
        red_at::text, alert_at::text, week::text from op_alert_candidates order by list, doc_id`)
  ).rows;

const ids = async (table: string, id: string) =>
  (
    await t.db.execute<{ id: number }>(sql`select ${sql.raw(id)} as id from ${sql.raw(table)} order by 1`)
  ).rows.map((r) => r.id);

async function randomBookingEdit(soIds: number[]) {
  // One to four orders in one statement (the triggers see a transition table of several rows).
  const some = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => pick(soIds));
  const status = pick([
    'NEW_E_BOOKING',
    'NEW_MANUAL',
    'AMEND_PENDING',
    'CANCEL_PENDING',
    'CONFIRMED',
    'CONFIRMED',
    'CANCELLED',
    'RECOVERED',
  ]);
  await t.db.execute(sql`update shipping_orders set status = ${status}, status_changed_at = ${hoursAgo()},
      confirmed_at = ${rnd() < 0.3 ? null : hoursAgo()},
      approval_status = ${maybe(pick(['REQUEST_FOR_APPROVAL', 'PENDING_CUSTOMER', 'REJECTED', 'APPROVED']))},
      approval_status_at = ${hoursAgo()}, si_status = ${pick(['PENDING', 'SUBMITTED'])},
      service_type = ${pick(['LCL', 'FCL'])}, is_consolidatable = ${rnd() < 0.7},
      in_consol_plan = ${rnd() < 0.3}, handling_office = ${pick(OFFICES)},
      updated_by = ${maybe(pick(OWNERS))}, updated_at = now()
    where so_id in (${sql.join(
      some.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

async function randomPlanEdit(planIds: number[]) {
  if (!planIds.length) return;
  await t.db.execute(sql`update consol_plans set
      status = ${pick(['PLAN', 'RECOVERED', 'REQUEST_FOR_APPROVAL', 'PENDING_CUSTOMER', 'REJECTED', 'APPROVED', 'CANCELLED'])},
      status_changed_at = ${hoursAgo()}, fully_allocated = ${rnd() < 0.4},
      etd = current_date + ${Math.floor(rnd() * 25) - 5}::int, handling_office = ${pick(OFFICES)},
      updated_by = ${maybe(pick(OWNERS))}
    where consol_id = ${pick(planIds)}`);
}

async function randomInvoiceEdit(invIds: number[]) {
  if (!invIds.length) return;
  const some = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(invIds));
  await t.db.execute(sql`update invoices set
      status = ${pick(['NEW', 'REJECTED', 'PREPARED', 'APPROVED_1', 'APPROVED_2', 'RELEASED', 'PRINTED', 'POSTED', 'DELETED'])},
      created_at = ${daysAgo()}, prepared_at = ${daysAgo()}, approved_1_at = ${daysAgo()},
      approved_2_at = ${daysAgo()}, printed_at = ${daysAgo()}, posted_at = ${daysAgo()},
      is_closed = ${rnd() < 0.2}, ap_ref = ${maybe('APREF')}, office_code = ${pick(OFFICES)},
      updated_by = ${maybe(pick(OWNERS))}
    where inv_id in (${sql.join(
      some.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('operation alert candidates', () => {
  it('equal the direct computation after random changes, and a rebuild', async () => {
    await expectSame('template');
    // The candidates do answer (not the direct path twice): the template's demo alerts are among them.
    expect((await candidates()).length).toBeGreaterThan(0);
    expect((await alerts.cubeNow(t.db, viewer, {})).length).toBeGreaterThan(0);
    const created: number[] = [];
    for (let i = 0; i < 12; i++)
      created.push(
        (
          await createTestBooking(t.db, {
            status: pick(['NEW_E_BOOKING', 'NEW_MANUAL', 'CONFIRMED']),
            status_changed_at: new Date(
              Date.now() - (Math.floor(rnd() * 40) + 0.5) * 3_600_000,
            ).toISOString(),
            handling_office: pick(OFFICES),
            created_by: pick(OWNERS),
            updated_by: null,
          })
        ).so_id,
      );
    const soIds = await ids('shipping_orders', 'so_id');
    const planIds = await ids('consol_plans', 'consol_id');
    const invIds = await ids('invoices', 'inv_id');
    expect(soIds.length).toBeGreaterThan(20);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 40; i++) {
        const r = rnd();
        if (r < 0.5) await randomBookingEdit(soIds);
        else if (r < 0.7) await randomPlanEdit(planIds);
        else await randomInvoiceEdit(invIds);
      }
      await expectSame(`round ${round}`);
    }
    // A delete leaves the candidates with the document (one of this test's bookings, nothing refers to it).
    const gone = created[0];
    await t.db.execute(sql`delete from so_containers where so_id = ${gone}`).catch(() => undefined);
    await t.db.execute(sql`delete from so_equipment where so_id = ${gone}`).catch(() => undefined);
    await t.db.execute(sql`delete from shipping_orders where so_id = ${gone}`);
    const left = await t.db.execute(sql`select 1 from op_alert_candidates where doc_id = ${gone}
      and (kind in ('booking', 'booking_approval') or list = 'pending_consolidation_creation')`);
    expect(left.rows).toEqual([]);
    await expectSame('after delete');

    // What the triggers kept is what a rebuild from scratch computes.
    const kept = await candidates();
    expect(kept.length).toBeGreaterThan(0);
    await alertCandidates.rebuild(t.db);
    expect(await candidates()).toEqual(kept);
    await expectSame('after rebuild');
  });

  it('a second install with the same definition changes nothing', async () => {
    const before = await t.db.execute<{ built_at: string }>(
      sql`select built_at::text from op_alert_candidate_state where id = 1`,
    );
    await alertCandidates.install(t.db);
    const after = await t.db.execute<{ built_at: string }>(
      sql`select built_at::text from op_alert_candidate_state where id = 1`,
    );
    expect(after.rows).toEqual(before.rows);
  });
});
