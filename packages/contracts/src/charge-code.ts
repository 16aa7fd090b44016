import { z } from 'zod';
import { listResponse, ZListQuery } from './list';

export * from './charge-code-catalogue';

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
export const ZChargeCodeList = z.array(ZChargeCode);

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
