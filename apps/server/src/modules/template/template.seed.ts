import { type TCreateTemplateRequest, ZCreateTemplateRequest } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { templateLines, templates } from './template.tables';
import { lineContent } from './template-lines';

type Demo = TCreateTemplateRequest & { owner: string; code: string };

const line = (
  charge_code: string,
  basis: 'JOB' | 'HBL' | 'CONTAINER' | 'CONTAINER_SIZE' | 'GROUP',
  currency: string,
  unit_price: string,
  uom: string,
  extra: Partial<{ min_charge: string; max_charge: string; container_size: string; dr_cr: 'DR' | 'CR' }> = {},
) => ({ charge_code, basis, currency, unit_price, quantity: '1', uom, dr_cr: 'DR' as const, ...extra });

/**
 * The demo library: a dozen templates across privacy levels and categories. HKGEXPORT01 is the share code
 * to try: a MARKET template of the Hong Kong office that ops.sha@demo.test (Shanghai) adds from
 * /TMPLIB/AddTemplate/HKGEXPORT01; PRIVATE0001 shows the "cannot add a private template" refusal.
 */
const DEMO: Demo[] = [
  {
    owner: 'supervisor@demo.test',
    code: 'HKGEXPORT01',
    name: 'HKG export local charges',
    description: 'Documentation per HBL, handling per job, THC per container size',
    module: 'WEB_INVOICE',
    category: '7025',
    tags: ['export', 'hkg'],
    privacy: 'MARKET',
    colour: 'blue',
    release_note: 'Handling fee now has a HKD 300 minimum.',
    lines: [
      line('DOC', 'HBL', 'HKD', '450', 'BL'),
      line('HDL', 'JOB', 'HKD', '250', 'SHPT', { min_charge: '300' }),
      line('OFR', 'CONTAINER_SIZE', 'USD', '120', 'CNTR', { max_charge: '1000' }),
    ],
  },
  {
    owner: 'supervisor@demo.test',
    code: 'PRIVATE0001',
    name: 'My draft trucking rates',
    module: 'WEB_INVOICE',
    category: '7028',
    tags: ['draft'],
    privacy: 'PRIVATE',
    colour: 'orange',
    lines: [line('TRK', 'CONTAINER', 'HKD', '1800', 'TRIP', { min_charge: '1800' })],
  },
  {
    owner: 'supervisor@demo.test',
    code: 'GLOBALVGM01',
    name: 'VGM and filing fees',
    module: 'WEB_INVOICE',
    category: '7031',
    tags: ['filing', 'us'],
    privacy: 'GLOBAL',
    colour: 'green',
    lines: [line('VGM', 'CONTAINER', 'USD', '25', 'CNTR'), line('ISF', 'HBL', 'USD', '35', 'SHPT')],
  },
  {
    owner: 'supervisor@demo.test',
    code: 'PRINTDNCN01',
    name: 'Debit note with bank details, bilingual',
    module: 'WEB_INVOICE',
    category: 'PRINT_OPTIONS',
    tags: ['print'],
    privacy: 'GLOBAL',
    colour: 'purple',
    print_options: {
      layout: 'dn_cn',
      language: 'zh',
      show_base_currency: true,
      show_bank: true,
      show_tax: true,
      show_remarks: true,
      copy_label: 'original',
    },
  },
  {
    owner: 'supervisor@demo.test',
    code: 'MARKSFURN01',
    name: 'Furniture marks and goods',
    module: 'BMS',
    category: 'MARKS_GOODS',
    tags: ['furniture'],
    privacy: 'MAIN_OFFICE',
    colour: 'red',
    marks_goods: {
      marks: 'N/M\nMADE IN CHINA\nC/NO. 1-UP',
      goods_description: 'WOODEN FURNITURE (TABLES AND CHAIRS)\nHS 9403.60',
    },
  },
  {
    owner: 'supervisor@demo.test',
    code: 'SHANGBOOK01',
    name: 'East China trucking',
    module: 'WEB_INVOICE',
    category: '7028',
    tags: ['trucking', 'cn'],
    privacy: 'MARKET_OFFICE',
    offices: ['SHA', 'NGB'],
    colour: 'orange',
    lines: [line('TRK', 'CONTAINER', 'CNY', '1200', 'TRIP', { max_charge: '6000' })],
  },
  {
    owner: 'admin@demo.test',
    code: 'AMSGROUP001',
    name: 'AMS per group',
    module: 'WEB_INVOICE',
    category: '703X',
    tags: ['us', 'filing'],
    privacy: 'GLOBAL',
    colour: 'blue',
    lines: [line('AMS', 'GROUP', 'USD', '30', 'BL')],
  },
  {
    owner: 'admin@demo.test',
    code: 'GCSOPMS0001',
    name: 'Standard general charges (SOPMS)',
    module: 'WEB_INVOICE',
    category: 'GC_SOPMS',
    tags: ['sopms', 'standard'],
    privacy: 'MAIN_OFFICE',
    colour: 'green',
    lines: [line('DOC', 'JOB', 'HKD', '350', 'SHPT'), line('BLF', 'HBL', 'HKD', '200', 'BL')],
  },
  {
    owner: 'admin@demo.test',
    code: 'INSURANCE01',
    name: 'Cargo insurance per job',
    module: 'WEB_INVOICE',
    category: '7041',
    tags: ['insurance'],
    privacy: 'MARKET',
    colour: 'purple',
    lines: [line('INS', 'JOB', 'USD', '40', 'SHPT', { min_charge: '50', max_charge: '500' })],
  },
  {
    owner: 'admin@demo.test',
    code: 'PROFITSHR01',
    name: 'Agent profit share',
    module: 'WEB_INVOICE',
    category: '7048',
    tags: ['agent'],
    privacy: 'PRIVATE',
    colour: 'red',
    lines: [line('PSH', 'CONTAINER', 'USD', '50', 'SHPT', { dr_cr: 'CR' })],
  },
  {
    owner: 'ops.sha@demo.test',
    code: 'SHACFS00001',
    name: 'Shanghai CFS charges',
    module: 'WEB_INVOICE',
    category: '7029',
    tags: ['cfs', 'lcl'],
    privacy: 'MAIN_OFFICE',
    colour: 'blue',
    lines: [line('CFS', 'HBL', 'CNY', '180', 'CBM', { min_charge: '180' })],
  },
  {
    owner: 'ops.sha@demo.test',
    code: 'SHAMARKS001',
    name: 'Electronics marks (inactive)',
    module: 'BMS',
    category: 'MARKS_GOODS',
    tags: ['electronics'],
    privacy: 'GLOBAL',
    colour: 'green',
    status: 'I',
    marks_goods: { marks: 'FRAGILE\nTHIS SIDE UP', goods_description: 'CONSUMER ELECTRONICS' },
  },
];

/** Seeds the demo template library into an empty templates table (the owners are demo users). */
export async function seedDemoTemplates(db: Db) {
  const { rows: existing } = await db.execute<{ n: number }>(sql`select count(*)::int as n from templates`);
  if (existing[0].n > 0) return;
  const { rows: owners } = await db.execute<{
    user_uid: string;
    login_id: string;
    name: string;
    code: string | null;
    group_id: string | null;
  }>(sql`select distinct on (u.user_uid) u.user_uid, u.login_id, trim(u.first_name || ' ' || u.last_name) as name,
                o.code, o.group_id
           from users u join user_profiles up on up.user_uid = u.user_uid
           left join offices o on o.office_id = up.office_id
          where u.login_id in ('supervisor@demo.test', 'admin@demo.test', 'ops.sha@demo.test')
          order by u.user_uid, up.sort_order`);
  const byLogin = new Map(owners.map((o) => [o.login_id, o]));
  for (const d of DEMO) {
    const owner = byLogin.get(d.owner);
    if (!owner) continue;
    const v = ZCreateTemplateRequest.parse(d);
    const [row] = await db
      .insert(templates)
      .values({
        name: v.name,
        description: v.description,
        module: v.module,
        category: v.category,
        owner_uid: owner.user_uid,
        owner_name: owner.name,
        owner_login: owner.login_id,
        owner_office: owner.code,
        owner_group: owner.group_id,
        tags: v.tags,
        privacy: v.privacy,
        offices: v.offices,
        share_code: d.code,
        release_note: v.release_note,
        colour: v.colour,
        status: v.status,
        content: v.print_options ?? v.marks_goods,
        created_by: 'seed',
        updated_by: 'seed',
      })
      .returning();
    if (v.lines.length)
      await db.insert(templateLines).values(
        v.lines.map((l, i) => ({
          tmplib_id: row.tmplib_id,
          line_no: i + 1,
          dr_cr: l.dr_cr,
          basis: l.basis,
          ...lineContent(l),
        })),
      );
  }
}
