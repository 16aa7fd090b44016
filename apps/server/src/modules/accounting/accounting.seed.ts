import type { TInvoiceAction } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { type AppConfig, loadConfig } from '../../config';
import type { Db, DbOrTx } from '../../platform/db/client';
import { DEMO_FINANCE } from '../../platform/seed/demo-people';
import { seedActor } from '../../platform/seed/seed-actor';
import { createDemoInvoice, demoInvoiceInput, demoJobs, demoLine } from '../invoice';
import { postingAccounts, postingRules, postingTaxAccounts } from './accounting.tables';

type Rule = typeof postingRules.$inferInsert;
const rule = (
  rule_set: string,
  seq: number,
  account_source: string,
  amount: string,
  side: 'DEBIT' | 'CREDIT',
  description: string,
  account: string | null = null,
): Rule => ({ rule_set, seq, account_source, amount, side, description, account });

/**
 * The posting rules (docs/accounting.md "Posting rules"): receivables debit the customer's control account
 * with the gross amount and credit revenue (each charge line's ledger code) and output VAT; payables the
 * other way round; reversals swap the sides; the inter-account debit note debits the inter-office account.
 */
export const POSTING_RULES: Rule[] = [
  rule('AR', 1, 'PARTY', 'GROSS', 'DEBIT', 'Customer control (sun A/C code), invoice total'),
  rule('AR', 2, 'CHARGE', 'NET', 'CREDIT', 'Revenue: charge code ledger, line amount net of tax'),
  rule('AR', 3, 'TAX', 'TAX', 'CREDIT', 'Output VAT per tax code'),
  rule('AP', 1, 'CHARGE', 'NET', 'DEBIT', 'Cost: charge code ledger, line amount net of tax'),
  rule('AP', 2, 'TAX', 'TAX', 'DEBIT', 'Input VAT per tax code'),
  rule('AP', 3, 'PARTY', 'GROSS', 'CREDIT', 'Vendor control (sun A/C code), invoice total'),
  rule('AR_REVERSAL', 1, 'PARTY', 'GROSS', 'CREDIT', 'Customer control, reversed total'),
  rule('AR_REVERSAL', 2, 'CHARGE', 'NET', 'DEBIT', 'Revenue reversed per line'),
  rule('AR_REVERSAL', 3, 'TAX', 'TAX', 'DEBIT', 'Output VAT reversed'),
  rule('AP_REVERSAL', 1, 'CHARGE', 'NET', 'CREDIT', 'Cost reversed per line'),
  rule('AP_REVERSAL', 2, 'TAX', 'TAX', 'CREDIT', 'Input VAT reversed'),
  rule('AP_REVERSAL', 3, 'PARTY', 'GROSS', 'DEBIT', 'Vendor control, reversed total'),
  rule('AR_INTER_ACCOUNT_DN', 1, 'FIXED', 'GROSS', 'DEBIT', 'Inter-office current account, total', '1500'),
  rule('AR_INTER_ACCOUNT_DN', 2, 'CHARGE', 'NET', 'CREDIT', 'Revenue per line'),
  rule('AR_INTER_ACCOUNT_DN', 3, 'TAX', 'TAX', 'CREDIT', 'Output VAT per tax code'),
];

/** Output VAT 2210 on receivables, input VAT 1410 on payables, for every tax code (as the export file). */
export const TAX_ACCOUNTS = ['VAT6', 'VAT9', 'VAT13', 'ZERO', 'EXEMPT'].flatMap((tax_code) => [
  { inv_type: 'AR', tax_code, account: '2210' },
  { inv_type: 'AP', tax_code, account: '1410' },
]);

/** Base-currency rounding differences of converted lines. */
export const ROUNDING_ACCOUNT = '7990';

/**
 * Product reference data (seed/reference.ts, every start): the rules, tax accounts and rounding account are
 * inserted when missing; rows an accountant changed are kept.
 */
export async function seedPostingRules(db: DbOrTx) {
  await db.insert(postingRules).values(POSTING_RULES).onConflictDoNothing();
  await db.insert(postingTaxAccounts).values(TAX_ACCOUNTS).onConflictDoNothing();
  await db
    .insert(postingAccounts)
    .values({ purpose: 'ROUNDING', account: ROUNDING_ACCOUNT })
    .onConflictDoNothing();
}

/** The demo party left without a sun A/C code (pending sun A/C approval): its invoice is not ready to post. */
export const DEMO_NO_SUN_PARTY = 'USSEA001';

const LINES = [
  demoLine('OFR', 'Ocean freight HKG-SEA 40HQ', '1850', '1', '40HQ'),
  demoLine('THCO', 'Origin terminal handling', '210.55', '2', '40HQ'),
];

const DEMO: { type: 'AR' | 'AP'; account: string; currency: string; gov: string }[] = [
  { type: 'AR', account: 'HKCUS001', currency: 'HKD', gov: '44039101' },
  { type: 'AR', account: 'HKCUS001', currency: 'USD', gov: '44039102' },
  { type: 'AR', account: DEMO_NO_SUN_PARTY, currency: 'USD', gov: '44039103' },
  { type: 'AP', account: 'HKCAR001', currency: 'USD', gov: '44039104' },
];

/**
 * Demo data of posting (docs/accounting.md): the demo parties get their sun A/C code (their party code, as
 * the ledger stand-in's chart has them) except DEMO_NO_SUN_PARTY; four approved invoices wait in Imported
 * with their government invoice numbers, one of them billed to that party (the posting screen shows it not
 * ready, naming the missing code). Runs once (skipped when a demo posting invoice exists).
 */
export async function seedDemoPosting(db: Db, config: AppConfig['invoice'] = loadConfig().invoice) {
  const { rows: seen } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from invoices where remarks = 'Posting demo'`,
  );
  if (seen[0].n > 0) return;
  await db.execute(sql`
    update parties set sun_ac_code = party_code
     where (sun_ac_code is null or sun_ac_code = '') and party_code <> ${DEMO_NO_SUN_PARTY} and created_by = 'seed'`);
  const actor = await seedActor(db, DEMO_FINANCE, 'FINANCE');
  const jobs = await demoJobs(db, { limit: 8 });
  if (!actor || !jobs.length) return;
  const moves: TInvoiceAction[] = ['prepare', 'approve_1', 'approve_2'];
  for (const [i, d] of DEMO.entries()) {
    const input = demoInvoiceInput(jobs[i % jobs.length], {
      inv_type: d.type,
      account_code: d.account,
      currency: d.currency,
      invoice_date: new Date().toISOString().slice(0, 10),
      remarks: 'Posting demo',
      ap_ref: d.type === 'AP' ? `MAEU-HK-${5700 + i}` : null,
      lines: LINES,
    });
    const { inv_id } = await createDemoInvoice(db, config, actor, input, moves);
    // Printing, export and import are the invoice module's steps; the demo puts the invoice straight in Imported.
    await db.execute(sql`
      update invoices set status = 'IMPORTED', gov_invoice_no = ${d.gov}, printed_at = now() - interval '1 day',
             status_changed_at = now(), version = version + 1
       where inv_id = ${inv_id}`);
  }
}
