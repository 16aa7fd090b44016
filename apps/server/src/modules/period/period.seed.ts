import { invoiceTotals } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import type { Db } from '../../platform/db/client';

/** The office whose demo month is ready to close (docs/period-close.md "Demo data"). */
export const DEMO_CLOSE_OFFICE = 'HKG';
/** Invoice numbers of this seed. */
const PREFIX = 'PCL-';

/**
 * The demo month ready to close: 13 months back, just before the 12 months of finance history
 * (gp-report/finance-history.seed.ts), so no other seed puts an open invoice in it.
 */
export function demoClosePeriod(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 13, 1));
  return d.toISOString().slice(0, 7);
}

const LINES = {
  AR: [
    { charge_code: 'OFR', description: 'Ocean freight', unit_price: '9800', tax_code: 'VAT9', tax_rate: '9' },
    {
      charge_code: 'DOC',
      description: 'Documentation fee',
      unit_price: '450',
      tax_code: 'VAT6',
      tax_rate: '6',
    },
  ],
  AP: [
    {
      charge_code: 'OFR',
      description: 'Carrier ocean freight',
      unit_price: '7600',
      tax_code: 'VAT9',
      tax_rate: '9',
    },
  ],
} as const;

/**
 * Demo data for period close (issue 15): in office HKG, a month whose invoices are all posted (two
 * receivables and a payable on one HKG job, posted through the accounting module's seed helper), so
 * finance@demo.test can close it at once; and an Exported receivable without its government document yet,
 * dated later by the import (the journey uses it to show that posting into the closed month is refused).
 * Skipped in the API tests' template database (other modules' tests count the demo's invoices) and when done.
 */
export async function seedDemoPeriodClose(
  db: Db,
  /** The accounting module's recordPostedForSeed, passed by seed/demo.ts (accounting imports this module). */
  recordPosted: (db: Db, invIds: number[]) => Promise<unknown>,
  now = new Date(),
) {
  if (process.env.VITEST) return;
  const { rows: done } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from invoices where invoice_no like ${`${PREFIX}%`}`,
  );
  if ((done[0]?.n ?? 0) > 0) return;
  const { rows: jobs } = await db.execute<{ job_no: string; so_no: string }>(sql`
    select job_no, so_no from shipping_orders
     where handling_office = ${DEMO_CLOSE_OFFICE} and job_no is not null order by so_id limit 1`);
  const { rows: parties } = await db.execute<{ party_id: number; party_code: string; full_name: string }>(
    sql`select party_id, party_code, full_name from parties where party_code in ('HKCUS001', 'HKCAR001')`,
  );
  const job = jobs[0];
  const party = new Map(parties.map((p) => [p.party_code, p]));
  if (!job || party.size < 2) return;
  const base = loadConfig().invoice.baseCurrency;
  const period = demoClosePeriod(now);
  const planned = [
    { no: `${PREFIX}AR-${period}-1`, type: 'AR', account: 'HKCUS001', day: '05', status: 'IMPORTED' },
    { no: `${PREFIX}AR-${period}-2`, type: 'AR', account: 'HKCUS001', day: '18', status: 'IMPORTED' },
    { no: `${PREFIX}AP-${period}-1`, type: 'AP', account: 'HKCAR001', day: '12', status: 'IMPORTED' },
    // Waiting for its government invoice document (Import Document gives it a date); not in the month yet.
    { no: `${PREFIX}AR-LATE`, type: 'AR', account: 'HKCUS001', day: null, status: 'EXPORTED' },
  ] as const;
  const ids: number[] = [];
  await db.transaction(async (tx) => {
    for (const p of planned) {
      const lines = LINES[p.type].map((l) => ({
        ...l,
        quantity: '1',
        dr_cr: 'DR' as const,
        price_includes_tax: false,
      }));
      const t = invoiceTotals(lines, base, '1', base);
      const acct = party.get(p.account);
      const date = p.day ? `${period}-${p.day}` : null;
      const at = date ? `${date}T09:00:00.000Z` : now.toISOString();
      const { rows } = await tx.execute<{ inv_id: number }>(sql`
        insert into invoices (invoice_no, inv_type, kind, status, acct_process_status, account_code, party_id,
               office_code, currency, base_currency, exchange_rate, net_amount, tax_amount, total_amount,
               base_total_amount, outstanding_amount, invoice_date, gov_invoice_no, sub_type, with_credit_term,
               prepared_by, prepared_at, approved_1_by, approved_1_at, approved_2_by, approved_2_at, printed_at,
               status_changed_at, created_at, updated_at, created_by, updated_by, search_text)
        values (${p.no}, ${p.type}, ${p.type}, ${p.status}, ${date ? 'PENDING' : 'NA'}, ${p.account},
               ${acct?.party_id}, ${DEMO_CLOSE_OFFICE}, ${base}, ${base}, 1, ${t.net_amount}, ${t.tax_amount},
               ${t.total_amount}, ${t.base_total_amount}, ${t.total_amount}, ${date}::date,
               ${date ? `GOV${p.no.replace(/\W/g, '')}` : null}, ${p.type === 'AR' ? 'VAT_SPECIAL' : null}, true,
               'Olivia Ops', ${at}::timestamptz, 'Sam Supervisor', ${at}::timestamptz, 'Mia Manager',
               ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz,
               'Olivia Ops', 'Mia Manager',
               ${`${p.no} ${p.account} ${acct?.full_name ?? ''} ${job.job_no} ${job.so_no}`.toLowerCase()})
        returning inv_id`);
      const id = rows[0]?.inv_id;
      if (!id) continue;
      if (date) ids.push(id);
      await tx.execute(
        sql`insert into invoice_jobs (inv_id, job_no, so_no) values (${id}, ${job.job_no}, ${job.so_no})`,
      );
      for (const [i, l] of lines.entries()) {
        const lt = t.lines[i];
        await tx.execute(sql`
          insert into invoice_lines (inv_id, line_no, charge_code, description, job_no, unit_price, quantity, uom,
                 dr_cr, tax_code, tax_rate, amount, tax_amount, total_amount, outstanding_amount)
          values (${id}, ${i + 1}, ${l.charge_code}, ${l.description}, ${job.job_no}, ${l.unit_price}, '1', 'SHPT',
                 'DR', ${l.tax_code}, ${l.tax_rate}, ${lt?.amount ?? '0'}, ${lt?.tax_amount ?? '0'},
                 ${lt?.total_amount ?? '0'}, ${lt?.total_amount ?? '0'})`);
      }
    }
  });
  // Posted with their journals (no ledger call), as the finance history is.
  await recordPosted(db, ids);
}
