import type { TInvoiceAction } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { type AppConfig, loadConfig } from '../../config';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { signatureService } from '../signature';
import { ago, createDemoInvoice, demoInvoiceInput, demoJobs, demoLine } from './demo-invoice.seed';
import { invoiceRepository } from './invoice.repository';

/** Demo users who prepare, approve and print invoices: each gets a drawn-looking signature. */
export const DEMO_SIGNERS = [
  'admin@demo.test',
  'ops@demo.test',
  'supervisor@demo.test',
  'manager@demo.test',
  'finance@demo.test',
];

/** A demo user as the services see a signed-in user (its first profile's role and functions). */
async function actorOf(db: Db, login: string): Promise<Actor | null> {
  const { rows } = await db.execute<{
    user_uid: string;
    first_name: string;
    last_name: string;
    user_profile_id: number;
    profile_type: string;
    funcs: string[];
  }>(sql`select u.user_uid::text as user_uid, u.first_name, u.last_name, up.user_profile_id, pt.code as profile_type,
                coalesce(array_agg(rf.func_id) filter (where rf.func_id is not null), '{}') as funcs
           from users u
           join user_profiles up on up.user_uid = u.user_uid
           join profile_types pt on pt.profile_type_id = up.profile_type_id
           left join role_funcs rf on rf.role_id = up.role_id
          where u.login_id = ${login}
          group by u.user_uid, up.user_profile_id, pt.code
          order by up.sort_order, up.user_profile_id
          limit 1`);
  const r = rows[0];
  if (!r) return null;
  return {
    user_uid: r.user_uid,
    login_id: login,
    first_name: r.first_name,
    last_name: r.last_name,
    sid: 'seed',
    profile: r.user_profile_id,
    profile_type: r.profile_type,
    super_user_uid: null,
    funcs: new Set(r.funcs),
  };
}

const AR = [
  demoLine('OFR', 'Ocean freight 2 x 40HQ', '1650', '2', '40HQ'),
  demoLine('THCO', 'Terminal handling origin', '2140', '2', 'CNTR'),
  demoLine('DOC', 'Documentation fee 文件费', '450', '1', 'SHPT'),
];
const AP = [
  demoLine('OFR', 'Carrier ocean freight', '1500', '2', '40HQ'),
  demoLine('VGM', 'VGM filing', '120', '2', 'CNTR'),
];

/** A demo invoice to print: to the side's demo customer or carrier, in HKD (receivable) or USD unless told. */
interface Case {
  type: 'AR' | 'AP';
  kind: string;
  account?: string;
  currency?: string;
  /** The last moves after the two approvals, by finance. */
  print: TInvoiceAction[];
  /** Days since it was printed (the PendingPosting clock: yellow from 2, red from 4). */
  printedDaysAgo: number;
  apRef?: string;
}

const CASES: Case[] = [
  { type: 'AR', kind: 'AR', print: ['print'], printedDaysAgo: 0 },
  { type: 'AR', kind: 'DN', currency: 'USD', print: ['print'], printedDaysAgo: 3 },
  { type: 'AR', kind: 'AR', print: ['print'], printedDaysAgo: 6 },
  { type: 'AR', kind: 'AR', print: ['print', 'accounting_print'], printedDaysAgo: 1 },
  {
    type: 'AR',
    kind: 'DN',
    account: 'DEHAM001',
    currency: 'EUR',
    print: ['print', 'accounting_print'],
    printedDaysAgo: 5,
  },
  { type: 'AP', kind: 'AP', print: ['release'], printedDaysAgo: 1, apRef: 'MAEU-HK-5611' },
  { type: 'AP', kind: 'CR', currency: 'HKD', print: ['release'], printedDaysAgo: 2, apRef: 'CR-HK-0042' },
  { type: 'AP', kind: 'CR', currency: 'HKD', print: ['release'], printedDaysAgo: 4, apRef: 'CR-HK-0043' },
  {
    type: 'AP',
    kind: 'AP',
    print: ['release', 'accounting_print'],
    printedDaysAgo: 3,
    apRef: 'MAEU-HK-5620',
  },
];

/**
 * Demo signatures for the invoice users, and demo invoices moved through the whole flow by the real demo users
 * (ops prepares, supervisor and manager approve, finance prints / releases and accounting-prints with the
 * signatures), with their print clocks set back so the Released / Printed / Accounting Printed lists and the
 * PendingPosting card show every colour. Idempotent: signatures only where missing, invoices only once.
 */
export async function seedDemoPrintedInvoices(
  db: Db,
  config: AppConfig['invoice'] = loadConfig().invoice,
  now = new Date(),
) {
  await signatureService.seedDemo(db, DEMO_SIGNERS);
  const { rows: done } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from invoices where status in ('RELEASED', 'PRINTED')`,
  );
  if (done[0].n > 0) return;
  const [ops, supervisor, manager, finance] = await Promise.all(
    ['ops@demo.test', 'supervisor@demo.test', 'manager@demo.test', 'finance@demo.test'].map((l) =>
      actorOf(db, l),
    ),
  );
  const jobs = await demoJobs(db, { newestFirst: true });
  if (!ops || !supervisor || !manager || !finance || !jobs.length) return;
  for (const [i, c] of CASES.entries()) {
    const job = jobs[i % jobs.length];
    const account = c.account ?? (c.type === 'AR' ? 'HKCUS001' : 'HKCAR001');
    const input = demoInvoiceInput(job, {
      inv_type: c.type,
      kind: c.kind,
      account_code: account,
      currency: c.currency ?? (c.type === 'AR' ? 'HKD' : 'USD'),
      sub_type: c.type === 'AR' ? 'VAT_SPECIAL' : 'CHEQUE',
      ap_ref: c.apRef ?? null,
      is_overseas: account.startsWith('DE'),
      with_credit_term: true,
      tax_invoice_emails: [],
      lines: c.type === 'AR' ? AR : AP,
      cheque_request:
        c.kind === 'CR'
          ? {
              available_date: job.etd,
              free_to_combine: true,
              cheque_currency: 'HKD',
              issued_to: 'Maersk Hong Kong Ltd',
            }
          : null,
    });
    const { inv_id } = await createDemoInvoice(db, config, ops, input, [
      'prepare',
      { action: 'approve_1', actor: supervisor },
      { action: 'approve_2', actor: manager },
      ...c.print.map((action) => ({ action, actor: finance })),
    ]);
    await invoiceRepository.setClocks(db, inv_id, {
      printed_at: ago(now, c.printedDaysAgo),
      approved_2_at: ago(now, c.printedDaysAgo + 1),
    });
  }
}
