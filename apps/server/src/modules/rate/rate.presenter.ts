import { money, type TRate } from '@portal/contracts';
import type { RateContainerRow, RateRow } from './rate.repository';

const iso = (v: string) => new Date(v).toISOString();

/** What a rate looks like on the wire; amounts are decimal strings with the currency's decimals (JPY 0, USD 2). */
export const presentRate = (r: RateRow, containers: RateContainerRow[] = []): TRate => ({
  rate_id: r.rate_id,
  source_key: r.source_key,
  carrier_code: r.carrier_code,
  carrier_name: r.carrier_name,
  pol: r.pol,
  pod: r.pod,
  service: r.service,
  currency: r.currency,
  valid_from: r.valid_from,
  valid_to: r.valid_to,
  transit_days: r.transit_days,
  free_time_days: r.free_time_days,
  remarks: r.remarks,
  status: r.status,
  rate_containers: containers.map((c) => ({
    container_type: c.container_type,
    amount: money.round(c.amount, r.currency),
  })),
  version: r.version,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by,
});
