import { money, type TChargeCode } from '@portal/contracts';
import type { ChargeCodeRow } from './charge-code.repository';

/** What a charge code looks like on the wire. */
export const presentChargeCode = (r: ChargeCodeRow): TChargeCode => ({
  charge_code: r.charge_code,
  description_en: r.description_en,
  description_zh_hk: r.description_zh_hk,
  description_zh_cn: r.description_zh_cn,
  ledger_code: r.ledger_code,
  ar_use: r.ar_use,
  ap_use: r.ap_use,
  default_tax_code: r.default_tax_code,
  default_tax_rate: money.round(r.default_tax_rate, { scale: 2 }),
  uom: r.uom,
  status: r.status,
});
