import {
  type TInvoiceInput,
  type TSopmsTemplateInput,
  ZCreateInvoiceRequest,
  ZCreateSopmsTemplateRequest,
} from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { invoiceService } from '../invoice';
import { sopmsService } from './sopms.service';

/** The demo account SOPMS templates watch: no other demo invoice or test bills it, so nothing else is blocked. */
export const SOPMS_DEMO_ACCOUNT = 'USNYC001';

type Tpl = Omit<Partial<TSopmsTemplateInput>, 'rules'> &
  Pick<TSopmsTemplateInput, 'name' | 'section_code' | 'validation_group' | 'override_level'> & {
    rules: Record<string, string>[];
  };

const TEMPLATES: Tpl[] = [
  {
    name: 'Atlantic Retail – US collect charges',
    section_code: 'AR',
    validation_group: 'Customer SOP',
    description:
      'ISF is billed on every US shipment; ocean freight at the contract rate; no B/L fee (waived).',
    override_level: 30,
    account_codes: [SOPMS_DEMO_ACCOUNT],
    inv_kinds: ['AR', 'DN'],
    rules: [
      { rule_type: 'REQUIRED_CHARGE', charge_code: 'ISF' },
      { rule_type: 'REQUIRED_CHARGE', charge_code: 'OFR', rate: '1800' },
      { rule_type: 'FORBIDDEN_CHARGE', charge_code: 'BLF' },
    ],
  },
  {
    name: 'Atlantic Retail – tax invoice',
    section_code: 'AR',
    validation_group: 'Tax',
    override_level: 20,
    account_codes: [SOPMS_DEMO_ACCOUNT],
    rules: [{ rule_type: 'TAX', sub_type: 'VAT_GENERAL' }],
  },
  {
    name: 'Bavaria Sporting – insured 2026 season',
    section_code: 'AR',
    validation_group: 'Customer SOP',
    override_level: 20,
    account_codes: ['DEMUC001'],
    consignee_codes: ['DEMUC001'],
    etd_from: '2026-01-01',
    etd_to: '2026-12-31',
    rules: [{ rule_type: 'REQUIRED_CHARGE', charge_code: 'INS' }],
  },
  {
    name: 'Westcoast Home – no AMS filing',
    section_code: 'AR',
    validation_group: 'Customer SOP',
    override_level: 0,
    account_codes: ['USLAX001'],
    rules: [{ rule_type: 'FORBIDDEN_CHARGE', charge_code: 'AMS' }],
  },
  {
    name: 'HKG sea exports – documentation fee',
    section_code: 'AR',
    validation_group: 'Office SOP',
    override_level: 10,
    status: 'I',
    office_codes: ['HKG'],
    transport_modes: ['SEA'],
    rules: [{ rule_type: 'REQUIRED_CHARGE', charge_code: 'DOC', min_amount: '300', max_amount: '600' }],
  },
  {
    name: 'Amsterdam Fresh – no VAT on documentation, first half 2026',
    section_code: 'AR',
    validation_group: 'Tax',
    override_level: 99,
    account_codes: ['NLAMS001'],
    overseas: 'LOCAL',
    inv_date_from: '2026-01-01',
    inv_date_to: '2026-06-30',
    rules: [{ rule_type: 'TAX', charge_code: 'DOC', tax_code: 'NOTAX' }],
  },
  {
    name: 'Midwest Freight – VGM tax code',
    section_code: 'AP',
    validation_group: 'Tax',
    override_level: 10,
    account_codes: ['USCHI001'],
    rules: [{ rule_type: 'TAX', charge_code: 'VGM', tax_code: 'NOTAX' }],
  },
  {
    name: 'Maersk HK – ocean freight bounds',
    section_code: 'AP',
    validation_group: 'Carrier SOP',
    override_level: 20,
    status: 'I',
    account_codes: ['HKCAR001'],
    rules: [{ rule_type: 'REQUIRED_CHARGE', charge_code: 'OFR', min_amount: '1000', max_amount: '2000' }],
  },
  {
    name: 'SIN air exports – no ocean freight',
    section_code: 'AP',
    validation_group: 'Office SOP',
    override_level: 99,
    office_codes: ['SIN'],
    transport_modes: ['AIR'],
    rules: [{ rule_type: 'FORBIDDEN_CHARGE', charge_code: 'OFR' }],
  },
];

/** A demo user as the seed's actor, with every function of the catalogue (the seed acts for them). */
async function actorOf(db: Db, login: string): Promise<Actor | null> {
  const { rows } = await db.execute<{ user_uid: string; first_name: string; last_name: string }>(
    sql`select user_uid::text as user_uid, first_name, last_name from users where login_id = ${login}`,
  );
  if (!rows[0]) return null;
  const funcs = await db.execute<{ func_id: string }>(sql`select func_id from funcs`);
  return {
    ...rows[0],
    login_id: login,
    sid: 'seed',
    profile: null,
    profile_type: 'ADMIN',
    super_user_uid: null,
    funcs: new Set(funcs.rows.map((f) => f.func_id)),
  };
}

const line = (
  charge_code: string,
  description: string,
  unit_price: string,
  quantity: string,
  tax: [string, string],
  uom: string,
) => ({
  charge_code,
  description,
  unit_price,
  quantity,
  tax_code: tax[0],
  tax_rate: tax[1],
  uom,
  dr_cr: 'DR' as const,
});

/**
 * Demo SOPMS (empty table only, from seed/demo.ts): the templates above, owned by manager@demo.test, and an
 * AR invoice to Atlantic Retail awaiting 1st approval that breaks the level-30 template (ISF missing, ocean
 * freight at 1850 instead of 1800, a B/L fee) and the level-20 one: supervisor@ is refused, manager@ overrides.
 */
export async function seedDemoSopms(db: Db) {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from sopms_templates`);
  if (rows[0].n > 0) return;
  const admin = await actorOf(db, 'admin@demo.test');
  const manager = await actorOf(db, 'manager@demo.test');
  const { rows: jobs } = await db.execute<{ job_no: string; so_no: string; etd: string }>(
    sql`select job_no, so_no, etd::text as etd from shipping_orders where job_no is not null order by job_no, so_no limit 1`,
  );
  if (!admin || !manager) return;
  // The invoice first: the templates below would refuse its own save when the check is registered.
  if (jobs[0]) {
    const input: TInvoiceInput = ZCreateInvoiceRequest.parse({
      inv_type: 'AR',
      kind: 'AR',
      account_code: SOPMS_DEMO_ACCOUNT,
      job_nos: [jobs[0].job_no],
      so_nos: [jobs[0].so_no],
      currency: 'HKD',
      invoice_date: jobs[0].etd,
      sub_type: 'VAT_SPECIAL',
      is_overseas: true,
      remarks: 'SOPMS demo: breaks the Atlantic Retail templates',
      lines: [
        line('OFR', 'Ocean freight 40HQ', '1850', '2', ['NOTAX', '0'], '40HQ'),
        line('THCO', 'THC origin', '2140', '2', ['NOTAX', '0'], 'CNTR'),
        line('DOC', 'Documentation', '450', '1', ['NOTAX', '0'], 'SHPT'),
        line('BLF', 'B/L fee', '380', '1', ['NOTAX', '0'], 'BL'),
      ],
    });
    const config = loadConfig().invoice;
    const created = await db.transaction((tx) => invoiceService.create(tx, config, admin, input));
    await invoiceService.act(db, admin, created.row.inv_id, {
      action: 'prepare',
      version: created.row.version,
    });
  }
  for (const t of TEMPLATES) await sopmsService.create(db, manager, ZCreateSopmsTemplateRequest.parse(t));
}
