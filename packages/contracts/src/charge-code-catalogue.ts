// Charge code constants without zod (issue 20: invoice and SOPMS screens import the tax codes without the
// schemas); charge-code.ts re-exports everything here.

/**
 * Ledger codes of invoice charges (002 §3: the 7021 to 7048 ledgers and the 703X family, which a ledger
 * code may name literally when the accounting system picks the digit).
 */
export const LEDGER_CODE_PATTERN = /^70(2[1-9]|3[0-9X]|4[0-8])$/;

/** Units of measure a charge is priced in. */
export const CHARGE_UOMS = [
  'SHPT',
  'CNTR',
  '20GP',
  '40GP',
  '40HQ',
  'CBM',
  'KG',
  'BL',
  'SET',
  'TRIP',
] as const;

/**
 * Tax codes (output VAT on AR, input VAT on AP, zero-rated, exempt, and no tax where there is no VAT at all)
 * with their default rates in percent. Which one a line takes comes from the tax rules (master data,
 * tax-rule.ts), not from this list.
 */
export const TAX_CODES = {
  VAT6: '6',
  VAT9: '9',
  VAT13: '13',
  ZERO: '0',
  EXEMPT: '0',
  NOTAX: '0',
} as const satisfies Record<string, string>;
export type TTaxCode = keyof typeof TAX_CODES;
export const TAX_CODE_NAMES = Object.keys(TAX_CODES) as TTaxCode[];

export const CHARGE_CODE_SORTABLE = ['charge_code', 'ledger_code', 'description_en'] as const;

/**
 * The countries (office country, ISO 3166) a tax code belongs to; a code not listed fits every country
 * (zero-rated, exempt, no tax). China's VAT rates (Caishui [2016] No. 36, rates of Caishui [2019] No. 39) are
 * the kinds of the Chinese tax invoices (002 §3 sub-types VAT special / general / e-invoice).
 */
export const TAX_CODE_COUNTRIES: Partial<Record<TTaxCode, readonly string[]>> = {
  VAT6: ['CN'],
  VAT9: ['CN'],
  VAT13: ['CN'],
};
/** Whether `code` may be used on an invoice issued by an office in `country`. */
export const taxCodeFitsCountry = (code: string, country: string | null | undefined): boolean => {
  const only = TAX_CODE_COUNTRIES[code as TTaxCode];
  return !only || (!!country && only.includes(country));
};
