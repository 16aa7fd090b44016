import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultChart } from '../../../../../standins/ledger/chart.mjs';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Accounts of a table's column, when the table exists (posting tables belong to modules/accounting). */
async function accountsOf(table: string, column: string): Promise<string[]> {
  const { rows: exists } = await t.db.execute<{ ok: boolean }>(
    sql`select to_regclass(${table}) is not null as ok`,
  );
  if (!exists[0]?.ok) return [];
  const { rows } = await t.db.execute<{ a: string }>(
    sql.raw(`select distinct ${column} as a from ${table} where coalesce(${column}, '') <> ''`),
  );
  return rows.map((r) => r.a);
}

describe('the ledger stand-in chart of accounts', () => {
  it('holds every account the demo seed can post to (demo postings never meet UNKNOWN_ACCOUNT)', async () => {
    const chart = new Set(defaultChart().map((a) => a.code));
    const used = new Map<string, string[]>([
      ['charge codes (ledger code)', await accountsOf('charge_codes', 'ledger_code')],
      ['parties (ledger code)', await accountsOf('parties', 'ledger_code')],
      // a party posts under its sun A/C code; without one the accounting export uses its party code
      [
        'parties (sun A/C code or party code)',
        await accountsOf('parties', "coalesce(nullif(sun_ac_code, ''), party_code)"),
      ],
      ['posting rules (fixed accounts)', await accountsOf('posting_rules', 'account')],
      ['posting tax accounts', await accountsOf('posting_tax_accounts', 'account')],
      ['posting accounts (rounding, …)', await accountsOf('posting_accounts', 'account')],
    ]);
    expect(used.get('charge codes (ledger code)')?.length).toBeGreaterThan(10);
    expect(used.get('parties (ledger code)')?.length).toBeGreaterThan(10);
    expect(used.get('posting tax accounts')?.length).toBeGreaterThan(0);
    expect(used.get('posting accounts (rounding, …)')?.length).toBeGreaterThan(0);
    const missing = [...used].flatMap(([what, codes]) =>
      codes.filter((c) => !chart.has(c)).map((c) => `${what}: ${c}`),
    );
    expect(missing).toEqual([]);
  });
});
