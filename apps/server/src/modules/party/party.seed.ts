import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { carriers } from '../carrier';
import { accountGroups, parties } from './party.tables';
import { indexParties } from './party-search.repository';

type SeedParty = [
  code: string,
  type: string,
  fullName: string,
  shortName: string,
  address1: string,
  city: string,
  state: string | null,
  zip: string,
  country: string,
  tel: string,
  extra: Partial<typeof parties.$inferInsert>,
];

/** Realistic shippers, consignees, agents and customers in HK, CN, US, DE and NL, mostly fully approved. */
// biome-ignore format: one party per row
export const DEMO_PARTIES: SeedParty[] = [
  ['HKSHP001', 'SHIPPER', 'Pacific Star Garment Manufacturing Ltd.', 'Pacific Star', 'Unit 1203, 12/F, Kwun Tong Industrial Centre, 436 Kwun Tong Road', 'Hong Kong', null, '', 'HK', '+85223456789', {}],
  ['HKCUS001', 'CUSTOMER', 'Harbour Light Trading Co., Ltd.', 'Harbour Light', '18/F, Harbour Centre, 25 Harbour Road, Wan Chai', 'Hong Kong', null, '', 'HK', '+85228271234', { credit_limit: '500000.00', approval_status: 'CH', payment_terms_ar: 'NET30', invoice_email: 'accounts@harbourlight.example' }],
  ['HKAGT002', 'AGENT', 'Kowloon Bay Consolidators Ltd.', 'KB Consol', 'Flat B, 9/F, Kowloon Bay Industrial Centre, 15 Wang Hoi Road', 'Hong Kong', null, '', 'HK', '+85227551200', { approval_status: 'MA' }],
  ['HKCAR001', 'CARRIER', 'Maersk Hong Kong Ltd.', 'Maersk HK', '36/F, One Kowloon, 1 Wang Yuen Street, Kowloon Bay', 'Hong Kong', null, '', 'HK', '+85228028111', {}],
  ['CNSZX001', 'SHIPPER', 'Shenzhen Bright Star Electronics Co., Ltd.', 'Bright Star', 'No. 88 Keji South Road, Nanshan District', 'Shenzhen', 'Guangdong', '518057', 'CN', '+8675586001234', {}],
  ['CNNGB001', 'SHIPPER', 'Ningbo Oriental Homeware Co., Ltd.', 'Oriental Homeware', 'No. 1 Mingzhou Road, Beilun District', 'Ningbo', 'Zhejiang', '315800', 'CN', '+8657486881234', {}],
  ['CNSHA001', 'AGENT', 'Shanghai Jinqiao Logistics Co., Ltd.', 'Jinqiao Logistics', 'Room 1501, No. 1000 Zhangyang Road, Pudong New Area', 'Shanghai', 'Shanghai', '200120', 'CN', '+862158881234', { is_nominated_agent: true }],
  ['CNXMN001', 'SHIPPER', 'Xiamen Seaview Ceramics Co., Ltd.', 'Seaview Ceramics', 'No. 6 Haijing Road, Haicang District', 'Xiamen', 'Fujian', '361026', 'CN', '+865926881234', { approval_status: 'P' }],
  ['USLAX001', 'CONSIGNEE', 'Westcoast Home Furnishings Inc.', 'Westcoast Home', '1200 E Carson St', 'Long Beach', 'CA', '90810', 'US', '+15624360000', { customs_broker: 'Pacific Customs Brokers Inc.' }],
  ['USNYC001', 'CONSIGNEE', 'Atlantic Retail Group LLC', 'Atlantic Retail', '350 Fifth Avenue, Suite 4100', 'New York', 'NY', '10118', 'US', '+12125550123', {}],
  ['USCHI001', 'AGENT', 'Midwest Freight Partners Inc.', 'Midwest Freight', '233 S Wacker Dr, Suite 8400', 'Chicago', 'IL', '60606', 'US', '+13125550188', { is_release_agent: true }],
  ['USSEA001', 'CONSIGNEE', 'Puget Sound Importers Inc.', 'Puget Sound', '2001 Western Ave', 'Seattle', 'WA', '98121', 'US', '+12065550147', { approval_status: 'SP' }],
  ['DEHAM001', 'AGENT', 'Hanseatic Cargo Services GmbH', 'Hanseatic Cargo', 'Am Sandtorkai 50', 'Hamburg', null, '20457', 'DE', '+494036091234', { eori_no: 'DE123456789012345', is_release_agent: true, agency_agreement_no: 'AA-2024-017' }],
  ['DEMUC001', 'CONSIGNEE', 'Bavaria Sporting Goods GmbH', 'Bavaria Sporting', 'Leopoldstrasse 244', 'Munich', null, '80807', 'DE', '+49893581234', { eori_no: 'DE987654321' }],
  ['DEBRE001', 'CONSIGNEE', 'Bremen Coffee Roasters GmbH', 'Bremen Coffee', 'Am Speicher XI 9', 'Bremen', null, '28217', 'DE', '+494213881234', { eori_no: 'DE551234567', approval_status: 'MR', approval_remarks: 'Tax ID does not match the trade register' }],
  ['NLRTM001', 'AGENT', 'Maasvlakte Forwarding B.V.', 'Maasvlakte Fwd', 'Europaweg 875', 'Rotterdam', null, '3199 LD', 'NL', '+31181231234', { eori_no: 'NL812345678', is_nominated_agent: true }],
  ['NLAMS001', 'CONSIGNEE', 'Amsterdam Fresh Imports B.V.', 'Amsterdam Fresh', 'Westpoort, Moezelhavenweg 9', 'Amsterdam', null, '1043 AM', 'NL', '+31205551234', { eori_no: 'NL009876543', credit_limit: '150000.00', approval_status: 'CP' }],
];

/** Seeds the demo account groups and parties once (skipped when CNSZX001 exists). */
export async function seedDemoParties(db: DbOrTx) {
  const [exists] = await db
    .select({ id: parties.party_id })
    .from(parties)
    .where(eq(parties.party_code, 'CNSZX001'));
  if (exists) return false;
  const groups = await db
    .insert(accountGroups)
    .values([
      { code: 'HARBOUR', name: 'Harbour Light Group', created_by: 'seed', updated_by: 'seed' },
      { code: 'WESTCOAST', name: 'Westcoast Home Group', created_by: 'seed', updated_by: 'seed' },
      { code: 'BRIGHTSTAR', name: 'Bright Star Holdings', created_by: 'seed', updated_by: 'seed' },
    ])
    .onConflictDoNothing()
    .returning();
  const group = new Map(groups.map((g) => [g.code, g.customer_id]));
  const [maersk] = await db
    .select({ id: carriers.id })
    .from(carriers)
    .where(eq(carriers.carrier_code, 'MAEU'));
  const customerOf: Record<string, string> = {
    HKCUS001: 'HARBOUR',
    USLAX001: 'WESTCOAST',
    CNSZX001: 'BRIGHTSTAR',
  };
  await db.insert(parties).values(
    DEMO_PARTIES.map(([code, type, full, short, address1, city, state, zip, country, tel, extra], i) => ({
      party_code: code,
      party_type: type,
      full_name: full,
      short_name: short,
      address1,
      city,
      state,
      zip_postal: zip || null,
      country_code: country,
      tel,
      email: `contact@${short.toLowerCase().replace(/[^a-z]/g, '')}.example`,
      contact_person: ['Alice Chan', 'Li Wei', 'John Miller', 'Anna Schmidt', 'Jan de Vries'][i % 5],
      address_type: 'BUSINESS',
      contact_type: 'PRIMARY',
      office_code: country === 'CN' ? 'SZX' : 'HKG',
      ledger_code: `L${String(1000 + i)}`,
      tax_id: `${country}${String(91000000 + i * 7919)}`,
      requester_remarks: 'Demo data',
      customer_id: customerOf[code] ? (group.get(customerOf[code]) ?? null) : null,
      carrier_id: type === 'CARRIER' ? (maersk?.id ?? null) : null,
      roles: [type === 'AGENT' ? 'NOMINATION_AGENT' : type],
      approval_status: 'SH' as const,
      created_by: 'seed',
      updated_by: 'seed',
      ...extra,
    })),
  );
  // Seeded parties are found by the global search like created ones.
  await indexParties(
    db,
    (await db.select({ id: parties.party_id }).from(parties)).map((p) => p.id),
  );
  return true;
}
