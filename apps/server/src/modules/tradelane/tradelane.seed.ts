import type { DbOrTx } from '../../platform/db/client';
import { tradelanes } from './tradelane.tables';

/** Main lanes out of Hong Kong, Shenzhen and Shanghai for the demo database. */
const DEMO_TRADELANES: (typeof tradelanes.$inferInsert)[] = [
  {
    tradelane_name: 'Asia - North Europe (HK-DE)',
    tradelane_type: 'EXPORT',
    pol_country: 'HK',
    pod_country: 'DE',
    office_code: 'HKG',
    effective_date: '2026-01-01',
  },
  {
    tradelane_name: 'Asia - North Europe (CN-NL)',
    tradelane_type: 'EXPORT',
    pol_country: 'CN',
    pod_country: 'NL',
    office_code: 'SZX',
    effective_date: '2026-01-01',
  },
  {
    tradelane_name: 'Transpacific (CN-US West Coast)',
    tradelane_type: 'EXPORT',
    pol_country: 'CN',
    pod_country: 'US',
    office_code: 'SHA',
    effective_date: '2026-01-01',
    customer_type: 'SHIPPER',
  },
  {
    tradelane_name: 'Transpacific Eastbound (HK-US)',
    tradelane_type: 'EXPORT',
    pol_country: 'HK',
    pod_country: 'US',
    office_code: 'HKG',
    effective_date: '2026-01-01',
  },
  {
    tradelane_name: 'Intra-Asia (VN-HK)',
    tradelane_type: 'IMPORT',
    pol_country: 'VN',
    pod_country: 'HK',
    office_code: 'HKG',
    effective_date: '2026-03-01',
  },
];

/** Seeds the demo trade lanes whose office exists; skips names that already exist. */
export async function seedDemoTradelanes(db: DbOrTx) {
  await db
    .insert(tradelanes)
    .values(DEMO_TRADELANES.map((l) => ({ ...l, created_by: 'seed', updated_by: 'seed' })))
    .onConflictDoNothing();
}
