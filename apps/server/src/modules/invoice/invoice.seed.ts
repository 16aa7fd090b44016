import type { TInvoiceAction } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { type AppConfig, loadConfig } from '../../config';
import type { Db } from '../../platform/db/client';
import { DEMO_ADMIN } from '../../platform/seed/demo-people';
import { seedActor } from '../../platform/seed/seed-actor';
import { seedDemoExchangeRates } from '../exchange-rate';
import { seedChargeCodes } from './charge-code.seed';
import { ago, createDemoInvoice, demoInvoiceInput, demoJobs, demoLine } from './demo-invoice.seed';
import { type InvoiceInsert, invoiceRepository } from './invoice.repository';

const AR_LINES = [
  demoLine('OFR', 'Ocean freight HKG-HAM 40HQ', '1850', '2', '40HQ'),
  demoLine('THCO', 'THC origin', '2140', '2', 'CNTR'),
  demoLine('DOC', 'Documentation', '450', '1', 'SHPT'),
  demoLine('BLF', 'B/L fee', '380', '1', 'BL'),
];
const AP_LINES = [
  demoLine('OFR', 'Carrier ocean freight', '1500', '2', '40HQ'),
  demoLine('VGM', 'VGM submission', '120', '2', 'CNTR'),
];

/**
 * One demo invoice: who (the side's demo customer or carrier unless told), which currency (HKD receivable,
 * USD payable unless told), which moves, and what it looks like afterwards.
 */
interface DemoInvoice {
  type: 'AR' | 'AP';
  kind: string;
  account?: string;
  currency?: string;
  moves?: TInvoiceAction[];
  /** Clocks set back (days) for the 002 §9 colours, and later-stage fields. */
  after?: (now: Date) => Partial<InvoiceInsert>;
  apRef?: string;
}

const APPROVED: TInvoiceAction[] = ['prepare', 'approve_1', 'approve_2'];
const DEMO: DemoInvoice[] = [
  { type: 'AR', kind: 'AR' },
  { type: 'AR', kind: 'DN', after: (n) => ({ created_at: ago(n, 4) }) },
  { type: 'AR', kind: 'AR', currency: 'USD', after: (n) => ({ created_at: ago(n, 8) }) },
  { type: 'AR', kind: 'AR', moves: ['prepare'] },
  { type: 'AR', kind: 'DN', account: 'DEHAM001', currency: 'EUR', moves: ['prepare', 'approve_1'] },
  { type: 'AR', kind: 'AR', moves: APPROVED, after: (n) => ({ approved_2_at: ago(n, 4) }) },
  { type: 'AR', kind: 'AR', moves: APPROVED, after: (n) => ({ approved_2_at: ago(n, 7) }) },
  { type: 'AR', kind: 'CN', moves: ['prepare', 'reject_1'] },
  {
    type: 'AR',
    kind: 'AR',
    moves: APPROVED,
    after: (n) => ({
      status: 'ACCOUNTING_PRINTED',
      printed_at: ago(n, 3),
      gov_invoice_no: '44031234',
      acct_process_status: 'PENDING',
    }),
  },
  {
    type: 'AR',
    kind: 'AR',
    moves: APPROVED,
    after: (n) => ({
      status: 'POSTED',
      printed_at: ago(n, 15),
      posted_at: ago(n, 12),
      gov_invoice_no: '44031235',
      acct_process_status: 'SUCCESS',
      journal_no: 'JN2026000101',
    }),
  },
  {
    type: 'AR',
    kind: 'AR',
    moves: APPROVED,
    after: (n) => ({
      status: 'POSTED',
      printed_at: ago(n, 40),
      posted_at: ago(n, 35),
      acct_process_status: 'SUCCESS',
      journal_no: 'JN2026000102',
      outstanding_amount: '0',
      is_closed: true,
      close_period: n.toISOString().slice(0, 7).replace('-', ''),
    }),
  },
  { type: 'AP', kind: 'AP' },
  { type: 'AP', kind: 'AP', after: (n) => ({ created_at: ago(n, 35) }) },
  {
    type: 'AP',
    kind: 'INCOMING_DN',
    account: 'USCHI001',
    apRef: 'CHI-INV-88120',
    after: (n) => ({ created_at: ago(n, 65) }),
  },
  { type: 'AP', kind: 'AP', moves: ['prepare'], apRef: 'MAEU-HK-5531' },
  { type: 'AP', kind: 'AP', moves: ['prepare'], after: (n) => ({ prepared_at: ago(n, 3) }) },
  {
    type: 'AP',
    kind: 'AP',
    moves: ['prepare', 'approve_1'],
    apRef: 'MAEU-HK-5540',
    after: (n) => ({ approved_1_at: ago(n, 5) }),
  },
  { type: 'AP', kind: 'CR', currency: 'HKD', moves: ['prepare', 'reject_1'] },
  {
    type: 'AP',
    kind: 'AP',
    moves: APPROVED,
    apRef: 'MAEU-HK-5502',
    after: (n) => ({ status: 'POSTED', posted_at: ago(n, 6), acct_process_status: 'FAILURE' }),
  },
];

/**
 * Demo invoices on the demo jobs (empty database only, from seed/demo.ts): charge codes, exchange rates and
 * invoices of both sides in New, Prepared, Approved 1st/2nd level, Rejected, Accounting Printed, Posted and
 * Closed, with clocks set back so the dashboards show yellow and red cards.
 */
export async function seedDemoInvoices(
  db: Db,
  config: AppConfig['invoice'] = loadConfig().invoice,
  now = new Date(),
) {
  await seedChargeCodes(db);
  await seedDemoExchangeRates(db);
  const { rows: existing } = await db.execute<{ n: number }>(sql`select count(*)::int as n from invoices`);
  if (existing[0].n > 0) return;
  const actor = await seedActor(db, DEMO_ADMIN, 'ADMIN');
  const jobs = await demoJobs(db);
  if (!actor || !jobs.length) return;
  for (const [i, d] of DEMO.entries()) {
    const account = d.account ?? (d.type === 'AR' ? 'HKCUS001' : 'HKCAR001');
    const input = demoInvoiceInput(jobs[i % jobs.length], {
      inv_type: d.type,
      kind: d.kind,
      account_code: account,
      currency: d.currency ?? (d.type === 'AR' ? 'HKD' : 'USD'),
      ap_ref: d.apRef ?? null,
      is_overseas: account.startsWith('DE') || account.startsWith('US'),
      with_credit_term: true,
      is_inter_account: false,
      tax_invoice_emails: [],
      lines: d.type === 'AR' ? AR_LINES : AP_LINES,
    });
    const moves = (d.moves ?? []).map((action) => ({
      action,
      reason: action.startsWith('reject') ? 'Charges do not match the quotation' : null,
    }));
    const { inv_id } = await createDemoInvoice(db, config, actor, input, moves);
    if (d.after) await invoiceRepository.setClocks(db, inv_id, d.after(now));
  }
}
