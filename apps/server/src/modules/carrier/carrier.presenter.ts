import type { TCarrier } from '@portal/contracts';
import { presentAudit } from '../../platform/audit/present-audit';
import type { CarrierRow } from './carrier.repository';

/** What a carrier looks like on the wire. */
export const presentCarrier = (r: CarrierRow): TCarrier => ({
  id: r.id,
  carrier_code: r.carrier_code,
  scac: r.scac,
  cbsa: r.cbsa,
  naccs: r.naccs,
  display_name: r.display_name,
  full_name: r.full_name,
  alliance: r.alliance,
  carrier_type: r.carrier_type,
  effective_from: r.effective_from,
  effective_to: r.effective_to,
  status: r.status,
  ...presentAudit(r),
});
