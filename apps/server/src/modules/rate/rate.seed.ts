import type { Db } from '../../platform/db/client';
import { DEMO_ADMIN } from '../../platform/seed/demo-people';
import { rateRepository as repo } from './rate.repository';

/**
 * Demo rates (empty database only) for the demo sailings' lanes, valid from 30 days ago to 90 days
 * ahead of `today`: MAEU/MSCU/COSU HKHKG→NLRTM, COSU/MSCU CNSHA→USLAX, and one LCL rate.
 */
export async function seedDemoRates(db: Db, today = new Date()) {
  const d = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const q = `${today.getUTCFullYear()}Q${Math.floor(today.getUTCMonth() / 3) + 1}`;
  const rows = [
    [
      'MAEU',
      'HKHKG',
      'NLRTM',
      'FCL',
      29,
      7,
      [
        ['20GP', '1450.00'],
        ['40GP', '2380.00'],
        ['40HQ', '2450.00'],
      ],
    ],
    [
      'MSCU',
      'HKHKG',
      'NLRTM',
      'FCL',
      28,
      10,
      [
        ['20GP', '1390.00'],
        ['40GP', '2300.00'],
        ['40HQ', '2350.00'],
        ['45HQ', '2900.00'],
      ],
    ],
    [
      'COSU',
      'HKHKG',
      'NLRTM',
      'FCL',
      31,
      7,
      [
        ['20GP', '1325.50'],
        ['40HQ', '2275.00'],
      ],
    ],
    [
      'COSU',
      'CNSHA',
      'USLAX',
      'FCL',
      14,
      5,
      [
        ['20GP', '1980.00'],
        ['40GP', '2650.00'],
        ['40HQ', '2700.00'],
      ],
    ],
    [
      'MSCU',
      'CNSHA',
      'USLAX',
      'FCL',
      15,
      7,
      [
        ['20GP', '1900.00'],
        ['40HQ', '2750.00'],
      ],
    ],
    ['COSU', 'HKHKG', 'NLRTM', 'LCL', 35, 5, [['LCL-CBM', '48.00']]],
  ] as const;
  for (const [carrier, pol, pod, service, transit, free, containers] of rows) {
    const id = await repo.insert(db, {
      source_key: `${carrier}-${pol}-${pod}-${service}-${q}`,
      carrier_code: carrier,
      pol,
      pod,
      service,
      currency: 'USD',
      valid_from: d(-30),
      valid_to: d(90),
      transit_days: transit,
      free_time_days: free,
      remarks: 'Demo contract rate',
      status: 'A',
      created_by: DEMO_ADMIN.login_id,
      updated_by: DEMO_ADMIN.login_id,
    });
    await repo.replaceContainers(
      db,
      id,
      containers.map(([container_type, amount]) => ({ container_type, amount })),
    );
  }
  return rows.length;
}
