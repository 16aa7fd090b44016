import { z } from 'zod';
import { listResponse, ZListQuery } from './list';

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

/** Tax codes (output VAT on AR, input VAT on AP, zero-rated and exempt) with their default rates in percent. */
export const TAX_CODES = {
  VAT6: '6',
  VAT9: '9',
  VAT13: '13',
  ZERO: '0',
  EXEMPT: '0',
} as const satisfies Record<string, string>;
export type TTaxCode = keyof typeof TAX_CODES;
export const TAX_CODE_NAMES = Object.keys(TAX_CODES) as TTaxCode[];

export const ZChargeCode = z.object({
  charge_code: z.string(),
  description_en: z.string(),
  description_zh_hk: z.string(),
  description_zh_cn: z.string(),
  ledger_code: z.string(),
  ar_use: z.boolean(),
  ap_use: z.boolean(),
  default_tax_code: z.string(),
  default_tax_rate: z.string().describe('Percent, e.g. "6.00"'),
  uom: z.string(),
  status: z.string(),
});
export type TChargeCode = z.infer<typeof ZChargeCode>;

export const CHARGE_CODE_SORTABLE = ['charge_code', 'ledger_code', 'description_en'] as const;
export const ZChargeCodeListQuery = ZListQuery.extend({
  use: z.enum(['AR', 'AP']).optional().describe('Only codes usable on that side'),
});
export type TChargeCodeListQuery = z.infer<typeof ZChargeCodeListQuery>;
export const ZChargeCodeListResponse = listResponse(ZChargeCode);
export const ZChargeCodeParams = z.object({
  charge_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_]{1,20}$/, 'msgFieldInvalid'),
});
