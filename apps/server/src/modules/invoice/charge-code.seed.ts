import type { DbOrTx } from '../../platform/db/client';
import { chargeCodeRepository } from './charge-code.repository';
import { taxRuleRepository } from './tax-rule.repository';

type Seed = [
  code: string,
  en: string,
  zhHk: string,
  zhCn: string,
  ledger: string,
  ar: boolean,
  ap: boolean,
  tax: string,
  rate: string,
  uom: string,
];

/**
 * A realistic set of freight charges with their ledgers (7021–7048 and the 703X filing family). Tax: 6 %
 * VAT on freight-forwarding services, 9 % on transport (ocean freight, trucking), 0 on insurance pass-through
 * and profit share between offices.
 */
export const CHARGE_CODES: Seed[] = [
  ['OFR', 'Ocean freight', '海運費', '海运费', '7021', true, true, 'VAT9', '9', 'CNTR'],
  ['AFR', 'Air freight', '空運費', '空运费', '7022', true, true, 'VAT9', '9', 'KG'],
  [
    'THCO',
    'Terminal handling charge (origin)',
    '起運港碼頭操作費',
    '起运港码头操作费',
    '7023',
    true,
    true,
    'VAT6',
    '6',
    'CNTR',
  ],
  [
    'THCD',
    'Terminal handling charge (destination)',
    '目的港碼頭操作費',
    '目的港码头操作费',
    '7024',
    true,
    true,
    'VAT6',
    '6',
    'CNTR',
  ],
  ['DOC', 'Documentation fee', '文件費', '文件费', '7025', true, true, 'VAT6', '6', 'SHPT'],
  ['BLF', 'Bill of lading fee', '提單費', '提单费', '7026', true, true, 'VAT6', '6', 'BL'],
  ['CUS', 'Customs clearance', '報關費', '报关费', '7027', true, true, 'VAT6', '6', 'SHPT'],
  ['TRK', 'Trucking', '拖車費', '拖车费', '7028', true, true, 'VAT9', '9', 'TRIP'],
  ['CFS', 'CFS charge', '貨運站費', '货运站费', '7029', true, true, 'VAT6', '6', 'CBM'],
  ['VGM', 'VGM submission fee', 'VGM 申報費', 'VGM 申报费', '7031', true, true, 'VAT6', '6', 'CNTR'],
  ['ISF', 'ISF filing (US 10+2)', 'ISF 申報費', 'ISF 申报费', '7032', true, true, 'VAT6', '6', 'SHPT'],
  ['ENS', 'ENS filing (EU ICS2)', 'ENS 申報費', 'ENS 申报费', '7033', true, true, 'VAT6', '6', 'SHPT'],
  ['AMS', 'AMS filing', 'AMS 申報費', 'AMS 申报费', '703X', true, true, 'VAT6', '6', 'BL'],
  ['INS', 'Cargo insurance', '貨物保險費', '货物保险费', '7041', true, true, 'EXEMPT', '0', 'SHPT'],
  ['HDL', 'Handling fee', '操作費', '操作费', '7042', true, true, 'VAT6', '6', 'SHPT'],
  ['PSH', 'Profit share', '利潤分成', '利润分成', '7048', true, true, 'ZERO', '0', 'SHPT'],
];

/** Adds the charge codes that are missing (existing codes are kept as edited). */
export async function seedChargeCodes(db: DbOrTx) {
  await chargeCodeRepository.insert(
    db,
    CHARGE_CODES.map(([charge_code, en, hk, cn, ledger_code, ar_use, ap_use, tax, rate, uom]) => ({
      charge_code,
      description_en: en,
      description_zh_hk: hk,
      description_zh_cn: cn,
      ledger_code,
      ar_use,
      ap_use,
      default_tax_code: tax,
      default_tax_rate: rate,
      uom,
      created_by: 'seed',
      updated_by: 'seed',
    })),
  );
  await seedTaxRules(db);
}

const HK_NO_VAT =
  'Hong Kong levies no VAT, GST or sales tax on goods or services (no such tax in the Inland Revenue Ordinance, Cap. 112)';
const CN_SERVICES =
  'Caishui [2016] No. 36, Annex 1 Art. 15: modern services (logistics auxiliary services, freight forwarding) 6 %';
const CN_TRANSPORT =
  'Caishui [2016] No. 36, Annex 1 Art. 15: transport services; 9 % from 2019-04-01 (MOF/SAT/GAC Announcement [2019] No. 39)';
const CN_ZERO = 'Caishui [2016] No. 36, Annex 4 Art. 1: international transport services are zero-rated';
const CN_EXEMPT =
  'Caishui [2016] No. 36, Annex 3 Art. 1(14): international freight forwarding agency services are exempt';

/**
 * The demo tax rules (issue 38): Hong Kong has no VAT (NOTAX, 0); China's offices charge 6 % VAT on forwarding
 * services and 9 % on transport (ocean and air freight, trucking) to local customers, and to overseas
 * customers zero-rate international transport and exempt the forwarding agency services. The VAT kinds are
 * those of the Chinese tax invoices (002 §3 sub-types VAT special / general / e-invoice).
 */
export const TAX_RULES: {
  office_country: string;
  charge_code: string | null;
  scope: 'ANY' | 'LOCAL' | 'OVERSEAS';
  tax_code: string;
  tax_rate: string;
  source: string;
  effective_from: string;
}[] = [
  {
    office_country: 'HK',
    charge_code: null,
    scope: 'ANY',
    tax_code: 'NOTAX',
    tax_rate: '0',
    source: HK_NO_VAT,
    effective_from: '2000-01-01',
  },
  {
    office_country: 'CN',
    charge_code: null,
    scope: 'LOCAL',
    tax_code: 'VAT6',
    tax_rate: '6',
    source: CN_SERVICES,
    effective_from: '2016-05-01',
  },
  ...['OFR', 'AFR', 'TRK'].map((charge_code) => ({
    office_country: 'CN',
    charge_code,
    scope: 'LOCAL' as const,
    tax_code: 'VAT9',
    tax_rate: '9',
    source: CN_TRANSPORT,
    effective_from: '2019-04-01',
  })),
  ...['OFR', 'AFR'].map((charge_code) => ({
    office_country: 'CN',
    charge_code,
    scope: 'OVERSEAS' as const,
    tax_code: 'ZERO',
    tax_rate: '0',
    source: CN_ZERO,
    effective_from: '2016-05-01',
  })),
  {
    office_country: 'CN',
    charge_code: null,
    scope: 'OVERSEAS',
    tax_code: 'EXEMPT',
    tax_rate: '0',
    source: CN_EXEMPT,
    effective_from: '2016-05-01',
  },
];

/** Seeds the tax rules once (an empty table only: rules finance edited are kept). */
export async function seedTaxRules(db: DbOrTx) {
  if ((await taxRuleRepository.count(db)) > 0) return;
  for (const r of TAX_RULES)
    await taxRuleRepository.insert(db, { ...r, created_by: 'seed', updated_by: 'seed' });
}
