import { gpDefaultPeriod } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { gpReportService, seedDemoFinanceHistory } from '.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('finance history demo seed', () => {
  it('gives every office 12 months of GP, mostly posted, some failed and open, two customers over their limit', async () => {
    const now = new Date();
    const started = performance.now();
    await seedDemoFinanceHistory(t.db, now, { inTests: true });
    const ms = performance.now() - started;
    console.log(`finance history seed: ${Math.round(ms)} ms`);
    // Bulk inserts: about a second here; generous for a loaded CI runner.
    expect(ms).toBeLessThan(20_000);
    const report = await gpReportService.report(t.db, { baseCurrency: 'HKD' }, 'GPReport', {
      ...gpDefaultPeriod(now),
      basis: 'posted',
    });
    const months = new Set(report.rows.map((r) => r.keys.month));
    expect(months.size).toBe(12);
    const offices = new Set(report.rows.map((r) => r.keys.office));
    expect(offices.size).toBe(5);
    expect(Number(report.totals.gp)).toBeGreaterThan(0);
    const { rows } = await t.db.execute<{ acct: string; n: number }>(sql`
      select acct_process_status as acct, count(*)::int as n from invoices where invoice_no like 'GPH-%' group by 1`);
    const by = Object.fromEntries(rows.map((r) => [r.acct, r.n]));
    expect(by.SUCCESS).toBeGreaterThan(200);
    expect(by.FAILURE).toBeGreaterThan(0);
    expect(by.NA).toBeGreaterThan(0);
    const { rows: breach } = await t.db.execute<{ party_code: string }>(sql`
      select p.party_code from parties p join invoices i on i.party_id = p.party_id
       where i.inv_type = 'AR' and i.invoice_no like 'GPH-%' and p.credit_limit > 0
       group by p.party_code, p.credit_limit having sum(i.base_total_amount) > p.credit_limit`);
    expect(breach.length).toBeGreaterThanOrEqual(2);
    // Seeding again adds nothing.
    await seedDemoFinanceHistory(t.db, now, { inTests: true });
    const { rows: n } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where invoice_no like 'GPH-%'`,
    );
    expect(n[0].n).toBe(rows.reduce((a, r) => a + r.n, 0));
  }, 120_000);
});
