import type { TExchangeRate } from '@portal/contracts';
import type { ExchangeRateRow } from './exchange-rate.repository';

/** What an exchange rate looks like on the wire. */
export const presentExchangeRate = (r: ExchangeRateRow): TExchangeRate => ({
  id: r.id,
  from_currency: r.from_currency,
  to_currency: r.to_currency,
  rate: r.rate,
  effective_date: r.effective_date,
  version: r.version,
  updated_at: new Date(r.updated_at).toISOString(),
  updated_by: r.updated_by,
});
