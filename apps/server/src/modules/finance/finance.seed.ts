import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

/** Ages (days before today) of the demo receivables: one per ageing bucket and a second current one. */
const AGES = [5, 12, 25, 48, 75, 130];

/**
 * A small finance demo (docs/finance.md) so finance@demo.test and manager@demo.test see non-empty cards and
 * an overdue report on first sign-in even without the 12-month history seed (modules/gp-report). It runs
 * only when fewer than 10 open receivables exist (the history seed, when present, makes far more), and
 * copies a posted demo AR invoice (header, jobs and lines) to a few customers at ages spread over every
 * ageing bucket; one customer's credit limit is lowered below its outstanding (a credit-limit breach).
 * Idempotent: the copies' numbers start with FINDEMO- and are never made twice.
 */
export async function seedDemoFinance(db: Db): Promise<void> {
  // Not in the API tests' template database: other modules' tests count the demo seed's posted invoices, and
  // finance.test.ts makes its own fixtures.
  if (process.env.VITEST) return;
  const { rows: open } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from invoices
     where inv_type = 'AR' and status in ('POSTED', 'CLOSED') and outstanding_amount <> 0`);
  if ((open[0]?.n ?? 0) >= 10) return;
  const { rows: done } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from invoices where invoice_no like 'FINDEMO-%'`,
  );
  if ((done[0]?.n ?? 0) > 0) return;
  const { rows: tpl } = await db.execute<{ inv_id: number }>(sql`
    select inv_id from invoices where inv_type = 'AR' and status <> 'DELETED' and total_amount > 0
     order by (status = 'POSTED') desc, inv_id limit 1`);
  const { rows: customers } = await db.execute<{ party_id: number; party_code: string }>(sql`
    select party_id, party_code from parties
     where party_code in ('HKCUS001', 'CNSZX001', 'CNSHA001', 'SGSIN001', 'USLAX001', 'DEHAM001')
        or party_id in (select party_id from invoices where inv_type = 'AR')
     order by party_code limit 4`);
  if (!tpl[0] || customers.length === 0) return;
  let n = 0;
  for (const [ci, c] of customers.entries()) {
    for (const [ai, age] of AGES.entries()) {
      if (ci > 0 && ai % 2 === 1) continue; // the first customer gets every bucket, the others half
      n++;
      const no = `FINDEMO-${String(n).padStart(4, '0')}`;
      const { rows } = await db.execute<{ inv_id: number }>(sql`
        insert into invoices (invoice_no, inv_type, kind, status, status_changed_at, account_code, party_id,
               hbl_no, mbl_no, office_code, is_overseas, sales_code, currency, base_currency, exchange_rate,
               net_amount, tax_amount, total_amount, base_total_amount, settled_amount, outstanding_amount,
               invoice_date, gov_invoice_no, sub_type, acct_process_status, journal_no, prepared_by, prepared_at,
               approved_1_by, approved_1_at, approved_2_by, approved_2_at, printed_at, posted_at, search_text,
               created_at, updated_at)
        select ${no}, inv_type, kind, 'POSTED', now() - make_interval(days => ${age}), ${c.party_code}, ${c.party_id},
               hbl_no, mbl_no, office_code, is_overseas, sales_code, currency, base_currency, exchange_rate,
               net_amount, tax_amount, total_amount, base_total_amount, 0, total_amount,
               current_date - ${age}::int, gov_invoice_no, sub_type, 'SUCCESS', ${`DEMO-${no}`},
               prepared_by, now() - make_interval(days => ${age + 2}), approved_1_by,
               now() - make_interval(days => ${age + 2}), approved_2_by, now() - make_interval(days => ${age + 1}),
               now() - make_interval(days => ${age}), now() - make_interval(days => ${age}),
               lower(${no} || ' ' || search_text), now() - make_interval(days => ${age + 3}), now()
          from invoices where inv_id = ${tpl[0].inv_id}
        returning inv_id`);
      const id = rows[0].inv_id;
      await db.execute(sql`insert into invoice_jobs (inv_id, job_no, so_no)
        select ${id}, job_no, so_no from invoice_jobs where inv_id = ${tpl[0].inv_id}`);
      await db.execute(sql`insert into invoice_lines (inv_id, line_no, charge_code, description, reference, job_no,
               unit_price, price_includes_tax, quantity, uom, dr_cr, tax_code, tax_rate, amount, tax_amount,
               total_amount, settled_amount, outstanding_amount)
        select ${id}, line_no, charge_code, description, reference, job_no, unit_price, price_includes_tax, quantity,
               uom, dr_cr, tax_code, tax_rate, amount, tax_amount, total_amount, 0, total_amount
          from invoice_lines where inv_id = ${tpl[0].inv_id}`);
    }
  }
  // A credit-limit breach: the first customer's limit below what it now owes (in the base currency).
  await db.execute(sql`
    update parties set credit_limit = greatest(1, floor((select sum(outstanding_amount * exchange_rate) / 2
      from invoices where party_id = ${customers[0].party_id} and invoice_no like 'FINDEMO-%')))
     where party_id = ${customers[0].party_id}`);
}
