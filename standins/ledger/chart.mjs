// The stand-in ledger's seeded chart of accounts. It covers every account the portal's demo seed can post to
// (docs/ledger.md "Chart of accounts"): control, tax, bank, exchange-difference accounts, the charge codes'
// ledger codes (apps/server/src/modules/invoice/charge-code.seed.ts), the demo parties' ledger codes
// (L1000–L1016, party.seed.ts) and their SunSystems account codes (a party without a sun A/C code posts under
// its party code, as the accounting export does). Kept here, in the other company's system, on purpose: the
// portal never reads it; a mismatch shows as UNKNOWN_ACCOUNT exactly as it would against a real ledger.

/** @typedef {{ code: string, name: string, type: 'asset'|'liability'|'equity'|'income'|'expense' }} Account */

/** @type {Account[]} */
export const CONTROL_ACCOUNTS = [
  { code: '1010', name: 'Bank — HSBC HKD current', type: 'asset' },
  { code: '1011', name: 'Bank — HSBC USD current', type: 'asset' },
  { code: '1012', name: 'Bank — Bank of China CNY current', type: 'asset' },
  { code: '1013', name: 'Bank — Deutsche Bank EUR current', type: 'asset' },
  { code: '1020', name: 'Petty cash HKD', type: 'asset' },
  { code: '1200', name: 'Trade debtors control (accounts receivable)', type: 'asset' },
  { code: '1410', name: 'Input VAT recoverable', type: 'asset' },
  { code: '1500', name: 'Inter-office current account', type: 'asset' },
  { code: '2100', name: 'Trade creditors control (accounts payable)', type: 'liability' },
  { code: '2210', name: 'Output VAT payable', type: 'liability' },
  { code: '2300', name: 'Accrued charges', type: 'liability' },
  { code: '3000', name: 'Retained earnings', type: 'equity' },
  { code: '7900', name: 'Exchange difference (realised)', type: 'expense' },
  { code: '7901', name: 'Exchange difference (unrealised)', type: 'expense' },
  { code: '7990', name: 'Rounding difference', type: 'expense' },
];

/** Charge codes' ledger codes (charge-code.seed.ts): revenue on receivables, cost on payables. */
export const CHARGE_LEDGERS = [
  ['7021', 'Ocean freight'],
  ['7022', 'Air freight'],
  ['7023', 'Terminal handling (origin)'],
  ['7024', 'Terminal handling (destination)'],
  ['7025', 'Documentation fees'],
  ['7026', 'Bill of lading fees'],
  ['7027', 'Customs clearance'],
  ['7028', 'Trucking'],
  ['7029', 'CFS charges'],
  ['7031', 'VGM submission fees'],
  ['7032', 'ISF filing fees'],
  ['7033', 'ENS filing fees'],
  ['703X', 'Filing fees (other)'],
  ['7041', 'Cargo insurance'],
  ['7042', 'Handling fees'],
  ['7048', 'Profit share'],
];

/** Demo parties (party.seed.ts DEMO_PARTIES, in order): party code = default sun A/C code; ledger L1000 + i. */
export const DEMO_PARTY_CODES = [
  ['HKSHP001', 'Pacific Star Garment Manufacturing Ltd.'],
  ['HKCUS001', 'Harbour Light Trading Co., Ltd.'],
  ['HKAGT002', 'Kowloon Bay Consolidators Ltd.'],
  ['HKCAR001', 'Maersk Hong Kong Ltd.'],
  ['CNSZX001', 'Shenzhen Bright Star Electronics Co., Ltd.'],
  ['CNNGB001', 'Ningbo Oriental Homeware Co., Ltd.'],
  ['CNSHA001', 'Shanghai Jinqiao Logistics Co., Ltd.'],
  ['CNXMN001', 'Xiamen Seaview Ceramics Co., Ltd.'],
  ['USLAX001', 'Westcoast Home Furnishings Inc.'],
  ['USNYC001', 'Atlantic Retail Group LLC'],
  ['USCHI001', 'Midwest Freight Partners Inc.'],
  ['USSEA001', 'Puget Sound Importers Inc.'],
  ['DEHAM001', 'Hanseatic Cargo Services GmbH'],
  ['DEMUC001', 'Bavaria Sporting Goods GmbH'],
  ['DEBRE001', 'Bremen Coffee Roasters GmbH'],
  ['NLRTM001', 'Maasvlakte Forwarding B.V.'],
  ['NLAMS001', 'Amsterdam Fresh Imports B.V.'],
];

/** The default chart: control accounts, charge ledgers, each demo party under its code and its ledger code. */
export function defaultChart() {
  /** @type {Account[]} */
  const chart = [...CONTROL_ACCOUNTS];
  for (const [code, name] of CHARGE_LEDGERS) chart.push({ code, name, type: 'income' });
  DEMO_PARTY_CODES.forEach(([code, name], i) => {
    chart.push({ code, name: `${name} (sun A/C)`, type: 'asset' });
    chart.push({ code: `L${1000 + i}`, name: `${name} (ledger)`, type: 'asset' });
  });
  return chart;
}
