import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DATA_STEPS_DIR, DATA_STEPS_TABLE, runMigrations } from '../../platform/db/migrate';

/**
 * The planned-SO flag (shipping_orders.in_consol_plan) of a database from before the flag is set by a data
 * step that runs once with the migrations (drizzle-data/0000_consol_planned_flag.sql), not by every start.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const mismatched = async () => {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    select count(*)::int as n from shipping_orders so
     where so.in_consol_plan is distinct from exists (select 1 from consol_sos cs where cs.so_id = so.so_id)`);
  return rows[0].n;
};
const plannedIds = async () => {
  const { rows } = await t.db.execute<{ so_id: number }>(
    sql`select distinct so_id from consol_sos order by so_id`,
  );
  return rows.map((r) => r.so_id);
};
/** The database as an upgrade from before the flag finds it: no planned SO flagged, the step not applied. */
const asBeforeTheFlag = async () => {
  await t.db.execute(sql`update shipping_orders set in_consol_plan = false where in_consol_plan`);
  await t.db.execute(sql`delete from drizzle.${sql.identifier(DATA_STEPS_TABLE)}`);
};

describe('planned-SO flag data step', () => {
  it('is applied with the migrations: every SO a plan holds is flagged, and only those', async () => {
    const planned = await plannedIds();
    expect(planned.length).toBeGreaterThan(0); // the demo seeds plans
    expect(await mismatched()).toBe(0);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.${sql.identifier(DATA_STEPS_TABLE)}`,
    );
    // Each data step once (this one and those after it, e.g. 0001_mbl_container_numbers).
    const steps = JSON.parse(readFileSync(path.join(DATA_STEPS_DIR, 'meta/_journal.json'), 'utf8')).entries;
    expect(rows[0].n).toBe(steps.length);
  });

  it('flags every planned SO of a database from before the flag, whatever its status, on the next start', async () => {
    await asBeforeTheFlag();
    // A planned SO that is no pending-creation candidate (cancelled) is flagged too, as a plan write would.
    const [cancelled] = await plannedIds();
    await t.db.execute(sql`update shipping_orders set status = 'CANCELLED' where so_id = ${cancelled}`);
    expect(await mismatched()).toBe((await plannedIds()).length);
    await runMigrations(t.db);
    expect(await mismatched()).toBe(0);
  });

  it('runs once per database: a later start does not write shipping_orders again', async () => {
    await runMigrations(t.db);
    const [first] = await plannedIds();
    // A flag cleared by hand after the step stays cleared across starts (the step is not re-run).
    await t.db.execute(sql`update shipping_orders set in_consol_plan = false where so_id = ${first}`);
    await runMigrations(t.db);
    const { rows } = await t.db.execute<{ f: boolean }>(
      sql`select in_consol_plan as f from shipping_orders where so_id = ${first}`,
    );
    expect(rows[0].f).toBe(false);
    await t.db.execute(sql`update shipping_orders set in_consol_plan = true where so_id = ${first}`);
  });
});
