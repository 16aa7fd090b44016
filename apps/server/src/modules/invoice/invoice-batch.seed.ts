import { type TInvoiceAction, ZCreateInvoiceRequest } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { type AppConfig, loadConfig } from '../../config';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { DEMO_FINANCE } from '../../platform/seed/demo-people';
import { type InvoiceInsert, invoiceRepository } from './invoice.repository';
import { invoiceService } from './invoice.service';
import { invoiceBatchService } from './invoice-batch.service';

const DAY = 86_400_000;
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();

async function seedActor(db: Db): Promise<Actor | null> {
  const { rows } = await db.execute<{ user_uid: string; login_id: string }>(
    sql`select user_uid::text as user_uid, login_id from users where login_id = 'finance@demo.test'`,
  );
  if (!rows[0]) return null;
  const funcs = await db.execute<{ func_id: string }>(sql`select func_id from funcs`);
  return {
    user_uid: rows[0].user_uid,
    login_id: rows[0].login_id,
    first_name: DEMO_FINANCE.first_name,
    last_name: DEMO_FINANCE.last_name,
    sid: 'seed',
    profile: null,
    profile_type: 'FINANCE',
    super_user_uid: null,
    funcs: new Set(funcs.rows.map((f) => f.func_id)),
  };
}

const LINES = [
  {
    charge_code: 'OFR',
    description: 'Ocean freight HKG-LAX 40HQ',
    unit_price: '2100',
    quantity: '1',
    uom: '40HQ',
    tax_code: 'NOTAX',
    tax_rate: '0',
  },
  {
    charge_code: 'DOC',
    description: 'Documentation',
    unit_price: '450',
    quantity: '1',
    uom: 'SHPT',
    tax_code: 'NOTAX',
    tax_rate: '0',
  },
].map((l) => ({ ...l, dr_cr: 'DR' as const, price_includes_tax: false }));

interface Demo {
  type: 'AR' | 'AP';
  account: string;
  moves: TInvoiceAction[];
  after?: (n: Date) => Partial<InvoiceInsert>;
  interAccount?: boolean;
  /** Moves made after `after` put the invoice in a later status. */
  later?: { action: TInvoiceAction; reason?: string }[];
}

const APPROVED: TInvoiceAction[] = ['prepare', 'approve_1', 'approve_2'];
/** Accounting printed / exported / imported demo invoices with printing clocks for the 002 §9 colours. */
const DEMO: Demo[] = [
  {
    type: 'AR',
    account: 'HKCUS001',
    moves: APPROVED,
    after: (n) => ({ status: 'ACCOUNTING_PRINTED', printed_at: ago(n, 1) }),
  },
  {
    type: 'AR',
    account: 'HKCUS001',
    moves: APPROVED,
    after: (n) => ({ status: 'ACCOUNTING_PRINTED', printed_at: ago(n, 5) }),
  },
  {
    type: 'AR',
    account: 'HKCUS001',
    moves: APPROVED,
    after: (n) => ({ status: 'EXPORTED', printed_at: ago(n, 0.5), export_file: 'EXP2601010001.csv' }),
  },
  {
    type: 'AR',
    account: 'HKCUS001',
    moves: APPROVED,
    after: (n) => ({ status: 'EXPORTED', printed_at: ago(n, 3), export_file: 'EXP2601010001.csv' }),
  },
  {
    type: 'AR',
    account: 'HKCUS001',
    moves: APPROVED,
    after: (n) => ({ status: 'EXPORTED', printed_at: ago(n, 5), export_file: 'EXP2601010002.csv' }),
  },
  {
    type: 'AR',
    account: 'HKCUS001',
    moves: APPROVED,
    after: (n) => ({ status: 'IMPORTED', printed_at: ago(n, 6), gov_invoice_no: '44039001' }),
  },
  {
    type: 'AR',
    account: 'HKCUS001',
    moves: [...APPROVED, 'queue_auto_export'],
    after: (n) => ({ printed_at: ago(n, 2.5) }),
  },
  {
    type: 'AP',
    account: 'HKCAR001',
    moves: APPROVED,
    after: (n) => ({ status: 'EXPORTED', printed_at: ago(n, 1), ap_ref: 'MAEU-HK-5610' }),
  },
  {
    type: 'AR',
    account: 'HKCUS001',
    moves: APPROVED,
    after: (n) => ({
      status: 'POSTED',
      printed_at: ago(n, 20),
      posted_at: ago(n, 18),
      acct_process_status: 'SUCCESS',
    }),
    later: [{ action: 'reverse', reason: 'Billed to the wrong customer' }],
  },
  { type: 'AP', account: 'HKCAR001', moves: ['prepare', 'approve_1'], interAccount: true },
];

/**
 * Demo invoices after approval (docs/invoices.md): Export, Import and PendingPosting lists with on-time,
 * yellow and red rows, one queued for auto export, a reversal pair, an inter-account debit note and a tax-
 * invoice group. Runs once (skipped when any invoice is already past the 2nd approval from this seed).
 */
export async function seedDemoInvoicesAfterApproval(
  db: Db,
  config: AppConfig['invoice'] = loadConfig().invoice,
  now = new Date(),
) {
  const { rows: done } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from invoices where status in ('EXPORTED', 'IMPORTED', 'NEW_REVERSAL')`,
  );
  if (done[0].n > 0) return;
  const actor = await seedActor(db);
  const { rows: jobs } = await db.execute<{ job_no: string; so_no: string; etd: string }>(
    sql`select job_no, so_no, etd::text as etd from shipping_orders where job_no is not null order by job_no desc, so_no`,
  );
  if (!actor || !jobs.length) return;
  const create = async (d: Pick<Demo, 'type' | 'account' | 'interAccount'>, i: number) => {
    const job = jobs[i % jobs.length];
    const input = ZCreateInvoiceRequest.parse({
      inv_type: d.type,
      kind: d.type,
      account_code: d.account,
      job_nos: [job.job_no],
      so_nos: [job.so_no],
      currency: d.type === 'AR' ? 'HKD' : 'USD',
      invoice_date: job.etd,
      sub_type: d.type === 'AR' ? 'VAT_SPECIAL' : 'RECEIPT',
      is_inter_account: !!d.interAccount,
      lines: LINES,
    });
    return db.transaction((tx) => invoiceService.create(tx, config, actor, input));
  };
  for (const [i, d] of DEMO.entries()) {
    const created = await create(d, i);
    let version = created.row.version;
    for (const action of d.moves)
      version = (await invoiceService.act(db, actor, created.row.inv_id, { action, version })).row.version;
    if (d.after) {
      await invoiceRepository.setClocks(db, created.row.inv_id, d.after(now));
      version = (await invoiceRepository.byId(db, created.row.inv_id))?.version ?? version;
    }
    for (const m of d.later ?? [])
      version = (
        await invoiceService.act(db, actor, created.row.inv_id, {
          action: m.action,
          version,
          reason: m.reason,
        })
      ).row.version;
  }
  // A tax-invoice group of two new receivables (the Grouping screen's current grouping).
  const a = await create({ type: 'AR', account: 'HKCUS001' }, 20);
  const b = await create({ type: 'AR', account: 'HKCUS001' }, 21);
  await invoiceBatchService.group(db, actor, {
    kind: 'TAX_INVOICE',
    rows: [a.row, b.row].map((r) => ({ inv_id: r.inv_id, version: r.version })),
    remarks: 'Monthly VAT invoice',
  });
}
