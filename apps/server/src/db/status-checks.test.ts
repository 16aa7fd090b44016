import {
  ACCT_PROCESS_STATUSES,
  APPROVAL_STATUSES,
  BOOKING_STATUSES,
  CARRIER_BOOKING_STATUSES,
  CARRIER_STATUSES,
  CONSOL_STATUSES,
  INVOICE_STATUSES,
  JOURNAL_STATUSES,
  MBL_STATUSES,
  PARTY_RECORD_STATUSES,
  PARTY_STATUSES,
  PERIOD_STATUSES,
  RATE_STATUSES,
  REGISTRATION_STATUSES,
  SAILING_STATUSES,
  SEQ_STATUSES,
  SI_STATUSES,
  SOPMS_STATUSES,
  SPACE_STATUSES,
  TEMPLATE_STATUSES,
  USER_STATUSES,
  WAREHOUSE_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The status CHECK constraints (issue 41, migration 0017): each column's constraint holds exactly its contract
 * list, so a status added to or dropped from a contract without a migration fails here, and the database refuses
 * a status no list knows. Constraint name → [table, column, list].
 */
const CHECKS: Record<string, [table: string, column: string, values: readonly string[]]> = {
  accounting_periods_status_check: ['accounting_periods', 'status', PERIOD_STATUSES],
  carriers_status_check: ['carriers', 'status', CARRIER_STATUSES],
  consol_plans_status_check: ['consol_plans', 'status', CONSOL_STATUSES],
  invoices_acct_process_status_check: ['invoices', 'acct_process_status', ACCT_PROCESS_STATUSES],
  invoices_status_check: ['invoices', 'status', INVOICE_STATUSES],
  journals_status_check: ['journals', 'status', JOURNAL_STATUSES],
  master_bls_status_check: ['master_bls', 'status', MBL_STATUSES],
  mst_seq_rules_status_check: ['mst_seq_rules', 'status', SEQ_STATUSES],
  parties_approval_status_check: ['parties', 'approval_status', PARTY_STATUSES],
  parties_status_check: ['parties', 'status', PARTY_RECORD_STATUSES],
  rates_status_check: ['rates', 'status', RATE_STATUSES],
  sailing_schedules_status_check: ['sailing_schedules', 'status', SAILING_STATUSES],
  shipping_orders_approval_status_check: ['shipping_orders', 'approval_status', APPROVAL_STATUSES],
  shipping_orders_carrier_booking_status_check: [
    'shipping_orders',
    'carrier_booking_status',
    CARRIER_BOOKING_STATUSES,
  ],
  shipping_orders_si_status_check: ['shipping_orders', 'si_status', SI_STATUSES],
  shipping_orders_space_status_check: ['shipping_orders', 'space_status', SPACE_STATUSES],
  shipping_orders_status_before_cancel_check: ['shipping_orders', 'status_before_cancel', BOOKING_STATUSES],
  shipping_orders_status_check: ['shipping_orders', 'status', BOOKING_STATUSES],
  sopms_templates_status_check: ['sopms_templates', 'status', SOPMS_STATUSES],
  templates_status_check: ['templates', 'status', TEMPLATE_STATUSES],
  user_registrations_status_check: ['user_registrations', 'status', REGISTRATION_STATUSES],
  users_status_check: ['users', 'status', USER_STATUSES],
  warehouses_status_check: ['warehouses', 'status', WAREHOUSE_STATUSES],
  webhook_deliveries_status_check: ['webhook_deliveries', 'status', WEBHOOK_DELIVERY_STATUSES],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The status CHECKs in the database: name, table, and the quoted values of `status = ANY (ARRAY['A'::text, …])`. */
async function checksInDatabase() {
  const { rows } = await t.db.execute<{ name: string; table: string; def: string }>(sql`
    select c.conname as name, r.relname as "table", pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_class r on r.oid = c.conrelid join pg_namespace n on n.oid = r.relnamespace
    where c.contype = 'c' and n.nspname = 'public' and c.conname like '%status%check'
    order by 1`);
  return rows.map((r) => ({ ...r, values: [...r.def.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]) }));
}

describe('status CHECK constraints', () => {
  it('hold exactly the contract lists, one per typed status column', async () => {
    const found = await checksInDatabase();
    expect(found.map((c) => c.name)).toEqual(Object.keys(CHECKS).sort());
    for (const c of found) {
      const [table, column, values] = CHECKS[c.name];
      expect(c.table, c.name).toBe(table);
      expect(c.def, c.name).toContain(`(${column} = ANY`);
      expect(c.values, c.name).toEqual([...values]);
    }
  });

  it('refuse a status outside the list: 23514, naming the constraint', async () => {
    let tried = 0;
    for (const [name, [table, column]] of Object.entries(CHECKS)) {
      const one = sql.raw(`(select ctid from "${table}" limit 1)`);
      const { rows } = await t.db.execute(sql`select 1 from ${sql.raw(`"${table}"`)} where ctid = ${one}`);
      if (!rows.length) continue;
      tried++;
      const bad = await t.db
        .execute(
          sql`update ${sql.raw(`"${table}"`)} set ${sql.raw(`"${column}"`)} = 'NOT_A_STATUS' where ctid = ${one}`,
        )
        .then(
          () => null,
          (e: { cause?: { code?: string; constraint?: string }; code?: string; constraint?: string }) =>
            e.cause ?? e,
        );
      expect(bad, name).toMatchObject({ code: '23514', constraint: name });
    }
    // The demo seed fills the main documents and master data, so most constraints meet a row.
    expect(tried).toBeGreaterThanOrEqual(15);
  });
});
