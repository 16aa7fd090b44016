import { type TInvoiceAction, type TInvoiceInput, ZCreateInvoiceRequest } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { type AppConfig, loadConfig } from '../../config';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { signatureService } from '../signature';
import { invoiceRepository } from './invoice.repository';
import { invoiceService } from './invoice.service';

const DAY = 86_400_000;
const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();

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

type Line = TInvoiceInput['lines'][number];
const line = (
  charge_code: string,
  description: string,
  unit_price: string,
  quantity: string,
  uom: string,
): Line => ({
  charge_code,
  description,
  unit_price,
  quantity,
  uom,
  tax_code: 'NOTAX',
  tax_rate: '0',
  dr_cr: 'DR',
  price_includes_tax: false,
  reference: null,
  job_no: null,
});
const AR = [
  line('OFR', 'Ocean freight 2 x 40HQ', '1650', '2', '40HQ'),
  line('THCO', 'Terminal handling origin', '2140', '2', 'CNTR'),
  line('DOC', 'Documentation fee 文件费', '450', '1', 'SHPT'),
];
const AP = [
  line('OFR', 'Carrier ocean freight', '1500', '2', '40HQ'),
  line('VGM', 'VGM filing', '120', '2', 'CNTR'),
];

interface Case {
  type: 'AR' | 'AP';
  kind: string;
  account: string;
  currency: string;
  /** The last moves after the two approvals, by finance. */
  print: TInvoiceAction[];
  /** Days since it was printed (the PendingPosting clock: yellow from 2, red from 4). */
  printedDaysAgo: number;
  apRef?: string;
  lines: Line[];
}

const CASES: Case[] = [
  {
    type: 'AR',
    kind: 'AR',
    account: 'HKCUS001',
    currency: 'HKD',
    print: ['print'],
    printedDaysAgo: 0,
    lines: AR,
  },
  {
    type: 'AR',
    kind: 'DN',
    account: 'HKCUS001',
    currency: 'USD',
    print: ['print'],
    printedDaysAgo: 3,
    lines: AR,
  },
  {
    type: 'AR',
    kind: 'AR',
    account: 'HKCUS001',
    currency: 'HKD',
    print: ['print'],
    printedDaysAgo: 6,
    lines: AR,
  },
  {
    type: 'AR',
    kind: 'AR',
    account: 'HKCUS001',
    currency: 'HKD',
    print: ['print', 'accounting_print'],
    printedDaysAgo: 1,
    lines: AR,
  },
  {
    type: 'AR',
    kind: 'DN',
    account: 'DEHAM001',
    currency: 'EUR',
    print: ['print', 'accounting_print'],
    printedDaysAgo: 5,
    lines: AR,
  },
  {
    type: 'AP',
    kind: 'AP',
    account: 'HKCAR001',
    currency: 'USD',
    print: ['release'],
    printedDaysAgo: 1,
    apRef: 'MAEU-HK-5611',
    lines: AP,
  },
  {
    type: 'AP',
    kind: 'CR',
    account: 'HKCAR001',
    currency: 'HKD',
    print: ['release'],
    printedDaysAgo: 2,
    apRef: 'CR-HK-0042',
    lines: AP,
  },
  {
    type: 'AP',
    kind: 'CR',
    account: 'HKCAR001',
    currency: 'HKD',
    print: ['release'],
    printedDaysAgo: 4,
    apRef: 'CR-HK-0043',
    lines: AP,
  },
  {
    type: 'AP',
    kind: 'AP',
    account: 'HKCAR001',
    currency: 'USD',
    print: ['release', 'accounting_print'],
    printedDaysAgo: 3,
    apRef: 'MAEU-HK-5620',
    lines: AP,
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
  const { rows: jobs } = await db.execute<{ job_no: string; so_no: string; etd: string }>(
    sql`select job_no, so_no, etd::text as etd from shipping_orders where job_no is not null order by job_no desc, so_no`,
  );
  if (!ops || !supervisor || !manager || !finance || !jobs.length) return;
  for (const [i, c] of CASES.entries()) {
    const job = jobs[i % jobs.length];
    const input: TInvoiceInput = ZCreateInvoiceRequest.parse({
      inv_type: c.type,
      kind: c.kind,
      account_code: c.account,
      job_nos: [job.job_no],
      so_nos: [job.so_no],
      currency: c.currency,
      invoice_date: job.etd,
      sub_type: c.type === 'AR' ? 'VAT_SPECIAL' : 'CHEQUE',
      ap_ref: c.apRef ?? null,
      is_overseas: c.account.startsWith('DE'),
      with_credit_term: true,
      tax_invoice_emails: [],
      lines: c.lines,
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
    const created = await db.transaction((tx) => invoiceService.create(tx, config, ops, input));
    let version = created.row.version;
    const steps: [Actor, TInvoiceAction][] = [
      [ops, 'prepare'],
      [supervisor, 'approve_1'],
      [manager, 'approve_2'],
      ...c.print.map((a): [Actor, TInvoiceAction] => [finance, a]),
    ];
    for (const [actor, action] of steps)
      version = (await invoiceService.act(db, actor, created.row.inv_id, { action, version })).row.version;
    await invoiceRepository.setClocks(db, created.row.inv_id, {
      printed_at: ago(now, c.printedDaysAgo),
      approved_2_at: ago(now, c.printedDaysAgo + 1),
    });
  }
}
