import type { TInvoiceAction } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { type AppConfig, loadConfig } from '../../config';
import type { Db } from '../../platform/db/client';
import { DEMO_FINANCE } from '../../platform/seed/demo-people';
import { seedActor } from '../../platform/seed/seed-actor';
import { ago, createDemoInvoice, demoInvoiceInput, demoJobs, demoLine } from './demo-invoice.seed';
import { type InvoiceInsert, invoiceRepository } from './invoice.repository';
import { invoiceService } from './invoice.service';
import { invoiceBatchService } from './invoice-batch.service';

const LINES = [
  demoLine('OFR', 'Ocean freight HKG-LAX 40HQ', '2100', '1', '40HQ'),
  demoLine('DOC', 'Documentation', '450', '1', 'SHPT'),
];

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
  const actor = await seedActor(db, DEMO_FINANCE, 'FINANCE');
  const jobs = await demoJobs(db, { newestFirst: true });
  if (!actor || !jobs.length) return;
  const create = (d: Pick<Demo, 'type' | 'account' | 'interAccount' | 'moves'>, i: number) =>
    createDemoInvoice(
      db,
      config,
      actor,
      demoInvoiceInput(jobs[i % jobs.length], {
        inv_type: d.type,
        account_code: d.account,
        currency: d.type === 'AR' ? 'HKD' : 'USD',
        is_inter_account: !!d.interAccount,
        lines: LINES,
      }),
      d.moves,
    );
  for (const [i, d] of DEMO.entries()) {
    const created = await create(d, i);
    let version = created.version;
    if (d.after) {
      await invoiceRepository.setClocks(db, created.inv_id, d.after(now));
      version = (await invoiceRepository.byId(db, created.inv_id))?.version ?? version;
    }
    for (const m of d.later ?? [])
      version = (
        await invoiceService.act(db, actor, created.inv_id, { action: m.action, version, reason: m.reason })
      ).row.version;
  }
  // A tax-invoice group of two new receivables (the Grouping screen's current grouping).
  const a = await create({ type: 'AR', account: 'HKCUS001', moves: [] }, 20);
  const b = await create({ type: 'AR', account: 'HKCUS001', moves: [] }, 21);
  await invoiceBatchService.group(db, actor, {
    kind: 'TAX_INVOICE',
    rows: [a, b],
    remarks: 'Monthly VAT invoice',
  });
}
