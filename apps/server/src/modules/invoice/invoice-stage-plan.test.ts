import { INVOICE_STAGES, type TInvoiceType, ZListQuery } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from '../../../test/prepared-statements';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { invoiceRepository } from './invoice.repository';
import { stageSql } from './invoice-stage.repository';

/**
 * A stage list's page is planned once per connection (issue 40, session 56; docs/performance.md "A stage
 * list's page planned once"): its statuses, side and condition are constants in the statement's text and its
 * page size too, so the page runs prepared and PostgreSQL's one plan for it walks the stage's partial index. With
 * the statuses bound as parameters a generic plan cannot prove the index's predicate (these tests then fail:
 * another index is named), and a page sent unnamed leaves no prepared statement.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const stageOf = (type: TInvoiceType, name: string) => {
  const stage = INVOICE_STAGES[type].find((s) => s.name === name);
  if (!stage) throw new Error(`no stage ${type} ${name}`);
  return stage;
};

describe("a stage list's page is planned once", () => {
  it.each([
    ['AR', 'Settled', 'invoices_stage_settled_idx', '"outstanding_amount" = 0'],
    ['AP', 'Closed', 'invoices_stage_closed_idx', '"is_closed"'],
    ['AP', 'APRefInput', 'invoices_ap_ref_missing_idx', '"ap_ref" is null'],
  ] as const)('%s %s: page 1 runs prepared and its one plan walks %s', async (type, name, index, marker) => {
    const q = ZListQuery.parse({ pageSize: 10 });
    await t.db.transaction(async (tx) => {
      // An index read in the page's order over a scan or a sort of the small demo table (whose costs would
      // otherwise pick by how many invoices earlier tests left), so the plan shows which index the predicate
      // allows: the stage's partial index, the smallest in that order, when its predicate is proven.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_incremental_sort = off`);
      for (let i = 0; i < 2; i++) await invoiceRepository.page(tx, q, [stageSql(type, stageOf(type, name))]);
      const rows = await preparedStatements(tx, [marker, 'limit 11'], ['count(*)']);
      expect(rows).toHaveLength(1);
      // No parameter at all: planned once, the same plan for every run.
      expect(rows[0].parameter_types).toBe('{}');
      expect(rows[0].generic_plans).toBeGreaterThanOrEqual(2);
      const { rows: plan } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain (costs off) execute ${sql.identifier(rows[0].name)}`,
      );
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(index);
    });
  });

  it('keeps the generic plan of a keyset page (its bound is the only parameter)', async () => {
    const stage = [stageSql('AR', stageOf('AR', 'PendingPosting'))];
    await t.db.transaction(async (tx) => {
      // A jump (`at`, the keyset page a deep page is read by) binds its bound as the statement's parameters.
      for (let i = 0; i < 8; i++)
        await invoiceRepository.page(tx, ZListQuery.parse({ pageSize: 10, at: i % 2 ? 'AR' : 'ARH' }), stage);
      const rows = (await preparedStatements(tx, ["'PRINTED'", 'limit 11'])).filter(
        (r) => r.parameter_types !== '{}',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].generic_plans + rows[0].custom_plans).toBe(8);
      expect(rows[0].generic_plans).toBeGreaterThan(0);
    });
  });

  it('refuses to write anything but a code constant into the text', async () => {
    expect(() => stageSql("AR' or true --", stageOf('AR', 'Settled'))).toThrow(/not a code constant/);
  });
});
