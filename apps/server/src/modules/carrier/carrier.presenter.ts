import type { TCarrier } from '@portal/contracts';
import type { CarrierRow } from './carrier.repository';

const iso = (v: string) => new Date(v).toISOString();

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
  version: r.version,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by,
});
