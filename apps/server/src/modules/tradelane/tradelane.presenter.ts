import type { TTradelane } from '@portal/contracts';
import type { TradelaneRow } from './tradelane.repository';

const iso = (v: string) => new Date(v).toISOString();

/** What a trade lane looks like on the wire. */
export const presentTradelane = (r: TradelaneRow): TTradelane => ({
  tradelane_id: r.tradelane_id,
  tradelane_name: r.tradelane_name,
  tradelane_type: r.tradelane_type,
  pol_country: r.pol_country,
  pol_country_name: r.pol_country_name,
  pod_country: r.pod_country,
  pod_country_name: r.pod_country_name,
  office_code: r.office_code,
  account_code: r.account_code,
  effective_date: r.effective_date,
  customer_type: r.customer_type,
  customer_code: r.customer_code,
  version: r.version,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by,
});
