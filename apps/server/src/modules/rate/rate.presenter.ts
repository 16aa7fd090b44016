import { money, type TRate } from '@portal/contracts';
import { presentAudit } from '../../platform/audit/present-audit';
import type { RateContainerRow, RateRow } from './rate.repository';

/** A rate's carrier, lane, currency and validity as the wire has them (the rate itself and a quote's answer). */
export const rateTerms = (r: RateRow) => ({
  rate_id: r.rate_id,
  source_key: r.source_key,
  carrier_code: r.carrier_code,
  pol: r.pol,
  pod: r.pod,
  service: r.service,
  currency: r.currency,
  valid_from: r.valid_from,
  valid_to: r.valid_to,
  transit_days: r.transit_days,
  free_time_days: r.free_time_days,
});

/** What a rate looks like on the wire; amounts are decimal strings with the currency's decimals (JPY 0, USD 2). */
export const presentRate = (r: RateRow, containers: RateContainerRow[] = []): TRate => ({
  ...rateTerms(r),
  carrier_name: r.carrier_name,
  remarks: r.remarks,
  status: r.status,
  rate_containers: containers.map((c) => ({
    container_type: c.container_type,
    amount: money.round(c.amount, r.currency),
  })),
  ...presentAudit(r),
});
