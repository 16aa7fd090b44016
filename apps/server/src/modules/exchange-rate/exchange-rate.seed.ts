import type { DbOrTx } from '../../platform/db/client';
import { DEMO_ADMIN, personName } from '../../platform/seed/demo-people';
import { exchangeRates } from './exchange-rate.tables';

/** Demo rates to HKD and CNY from 2026-01-01 (approximate market rates; demo data only). */
export const DEMO_EXCHANGE_RATES: [from: string, to: string, rate: string][] = [
  ['USD', 'HKD', '7.780000'],
  ['CNY', 'HKD', '1.085000'],
  ['EUR', 'HKD', '8.450000'],
  ['GBP', 'HKD', '9.850000'],
  ['JPY', 'HKD', '0.052000'],
  ['SGD', 'HKD', '5.800000'],
  ['USD', 'CNY', '7.170000'],
  ['EUR', 'CNY', '7.790000'],
  ['HKD', 'CNY', '0.921600'],
];

/** Seeds the demo exchange rates (empty database only, from seed/demo.ts through the invoice seed). */
export async function seedDemoExchangeRates(db: DbOrTx) {
  await db
    .insert(exchangeRates)
    .values(
      DEMO_EXCHANGE_RATES.map(([from_currency, to_currency, rate]) => ({
        from_currency,
        to_currency,
        rate,
        effective_date: '2026-01-01',
        created_by: personName(DEMO_ADMIN),
        updated_by: personName(DEMO_ADMIN),
      })),
    )
    .onConflictDoNothing();
}
