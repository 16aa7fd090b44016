import { type TInvoiceAction, type TInvoiceInput, ZCreateInvoiceRequest } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { type AppConfig, loadConfig } from '../../config';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { DEMO_ADMIN } from '../../platform/seed/demo-people';
import { seedDemoExchangeRates } from '../exchange-rate';
import { seedChargeCodes } from './charge-code.seed';
import { type InvoiceInsert, invoiceRepository } from './invoice.repository';
import { invoiceService } from './invoice.service';

const DAY = 86_400_000;
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();

/** The demo administrator acting for the seed (every function, internal profile). */
async function seedActor(db: Db): Promise<Actor | null> {
  const { rows } = await db.execute<{ user_uid: string; login_id: string }>(
    sql`select user_uid::text as user_uid, login_id from users where login_id = 'admin@demo.test'`,
  );
  if (!rows[0]) return null;
  const funcs = await db.execute<{ func_id: string }>(sql`select func_id from funcs`);
  return {
    user_uid: rows[0].user_uid,
    login_id: rows[0].login_id,
    first_name: DEMO_ADMIN.first_name,
    last_name: DEMO_ADMIN.last_name,
    sid: 'seed',
    profile: null,
    profile_type: 'ADMIN',
    super_user_uid: null,
    funcs: new Set(funcs.rows.map((f) => f.func_id)),
  };
}

type Line = TInvoiceInput['lines'][number];
const l = (
  charge_code: string,
  description: string,
  unit_price: string,
  quantity: string,
  tax_code: string,
  tax_rate: string,
  uom: string,
): Line => ({
  charge_code,
  description,
  unit_price,
  quantity,
  tax_code,
  tax_rate,
  uom,
  dr_cr: 'DR',
  price_includes_tax: false,
  reference: null,
  job_no: null,
});

const AR_LINES = [
  l('OFR', 'Ocean freight HKG-HAM 40HQ', '1850', '2', 'NOTAX', '0', '40HQ'),
  l('THCO', 'THC origin', '2140', '2', 'NOTAX', '0', 'CNTR'),
  l('DOC', 'Documentation', '450', '1', 'NOTAX', '0', 'SHPT'),
  l('BLF', 'B/L fee', '380', '1', 'NOTAX', '0', 'BL'),
];
const AP_LINES = [
  l('OFR', 'Carrier ocean freight', '1500', '2', 'NOTAX', '0', '40HQ'),
  l('VGM', 'VGM submission', '120', '2', 'NOTAX', '0', 'CNTR'),
];

/** One demo invoice: who, which moves, how old, and what it looks like afterwards. */
interface DemoInvoice {
  type: 'AR' | 'AP';
  kind: string;
  account: string;
  currency: string;
  moves: TInvoiceAction[];
  /** Clocks set back (days) for the 002 §9 colours, and later-stage fields. */
  after?: (now: Date) => Partial<InvoiceInsert>;
  apRef?: string;
  lines: Line[];
}

const DEMO: DemoInvoice[] = [
  { type: 'AR', kind: 'AR', account: 'HKCUS001', currency: 'HKD', moves: [], lines: AR_LINES },
  {
    type: 'AR',
    kind: 'DN',
    account: 'HKCUS001',
    currency: 'HKD',
    moves: [],
    lines: AR_LINES,
    after: (n) => ({ created_at: ago(n, 4) }),
  },
  {
    type: 'AR',
    kind: 'AR',
    account: 'HKCUS001',
    currency: 'USD',
    moves: [],
    lines: AR_LINES,
    after: (n) => ({ created_at: ago(n, 8) }),
  },
  { type: 'AR', kind: 'AR', account: 'HKCUS001', currency: 'HKD', moves: ['prepare'], lines: AR_LINES },
  {
    type: 'AR',
    kind: 'DN',
    account: 'DEHAM001',
    currency: 'EUR',
    moves: ['prepare', 'approve_1'],
    lines: AR_LINES,
  },
  {
    type: 'AR',
    kind: 'AR',
    account: 'HKCUS001',
    currency: 'HKD',
    moves: ['prepare', 'approve_1', 'approve_2'],
    lines: AR_LINES,
    after: (n) => ({ approved_2_at: ago(n, 4) }),
  },
  {
    type: 'AR',
    kind: 'AR',
    account: 'HKCUS001',
    currency: 'HKD',
    moves: ['prepare', 'approve_1', 'approve_2'],
    lines: AR_LINES,
    after: (n) => ({ approved_2_at: ago(n, 7) }),
  },
  {
    type: 'AR',
    kind: 'CN',
    account: 'HKCUS001',
    currency: 'HKD',
    moves: ['prepare', 'reject_1'],
    lines: AR_LINES,
  },
  {
    type: 'AR',
    kind: 'AR',
    account: 'HKCUS001',
    currency: 'HKD',
    moves: ['prepare', 'approve_1', 'approve_2'],
    lines: AR_LINES,
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
    account: 'HKCUS001',
    currency: 'HKD',
    moves: ['prepare', 'approve_1', 'approve_2'],
    lines: AR_LINES,
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
    account: 'HKCUS001',
    currency: 'HKD',
    moves: ['prepare', 'approve_1', 'approve_2'],
    lines: AR_LINES,
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
  { type: 'AP', kind: 'AP', account: 'HKCAR001', currency: 'USD', moves: [], lines: AP_LINES },
  {
    type: 'AP',
    kind: 'AP',
    account: 'HKCAR001',
    currency: 'USD',
    moves: [],
    lines: AP_LINES,
    after: (n) => ({ created_at: ago(n, 35) }),
  },
  {
    type: 'AP',
    kind: 'INCOMING_DN',
    account: 'USCHI001',
    currency: 'USD',
    moves: [],
    lines: AP_LINES,
    apRef: 'CHI-INV-88120',
    after: (n) => ({ created_at: ago(n, 65) }),
  },
  {
    type: 'AP',
    kind: 'AP',
    account: 'HKCAR001',
    currency: 'USD',
    moves: ['prepare'],
    lines: AP_LINES,
    apRef: 'MAEU-HK-5531',
  },
  {
    type: 'AP',
    kind: 'AP',
    account: 'HKCAR001',
    currency: 'USD',
    moves: ['prepare'],
    lines: AP_LINES,
    after: (n) => ({ prepared_at: ago(n, 3) }),
  },
  {
    type: 'AP',
    kind: 'AP',
    account: 'HKCAR001',
    currency: 'USD',
    moves: ['prepare', 'approve_1'],
    lines: AP_LINES,
    apRef: 'MAEU-HK-5540',
    after: (n) => ({ approved_1_at: ago(n, 5) }),
  },
  {
    type: 'AP',
    kind: 'CR',
    account: 'HKCAR001',
    currency: 'HKD',
    moves: ['prepare', 'reject_1'],
    lines: AP_LINES,
  },
  {
    type: 'AP',
    kind: 'AP',
    account: 'HKCAR001',
    currency: 'USD',
    moves: ['prepare', 'approve_1', 'approve_2'],
    lines: AP_LINES,
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
  const actor = await seedActor(db);
  const { rows: jobs } = await db.execute<{ job_no: string; so_no: string; etd: string }>(
    sql`select job_no, so_no, etd::text as etd from shipping_orders where job_no is not null order by job_no, so_no`,
  );
  if (!actor || !jobs.length) return;
  for (const [i, d] of DEMO.entries()) {
    const job = jobs[i % jobs.length];
    const input: TInvoiceInput = ZCreateInvoiceRequest.parse({
      inv_type: d.type,
      kind: d.kind,
      account_code: d.account,
      job_nos: [job.job_no],
      so_nos: [job.so_no],
      currency: d.currency,
      invoice_date: job.etd,
      sub_type: d.type === 'AR' ? 'VAT_SPECIAL' : 'RECEIPT',
      ap_ref: d.apRef ?? null,
      is_overseas: d.account.startsWith('DE') || d.account.startsWith('US'),
      with_credit_term: true,
      is_inter_account: false,
      tax_invoice_emails: [],
      lines: d.lines,
    });
    const created = await db.transaction((tx) => invoiceService.create(tx, config, actor, input));
    let version = created.row.version;
    for (const action of d.moves) {
      const reason = action.startsWith('reject') ? 'Charges do not match the quotation' : null;
      version = (await invoiceService.act(db, actor, created.row.inv_id, { action, version, reason })).row
        .version;
    }
    if (d.after) await invoiceRepository.setClocks(db, created.row.inv_id, d.after(now));
  }
}
