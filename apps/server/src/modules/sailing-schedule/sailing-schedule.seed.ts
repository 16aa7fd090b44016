import type { Db } from '../../platform/db/client';
import { sailingScheduleRepository as repo } from './sailing-schedule.repository';

const addDays = (base: Date, days: number) =>
  new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo sailings (empty database only): MAEU, MSCU and COSU from HKHKG to NLRTM (one via SGSIN with two
 * legs), CNSHA to USLAX, and a TBC one. Dates are relative to `today`, so the demo always has
 * sailings ahead. Carriers and ports come from the reference seed.
 */
export async function seedDemoSailings(db: Db, today = new Date()) {
  const d = (n: number) => addDays(today, n);
  const cut = (n: number, hm: string) => `${d(n)}T${hm}`;
  const base = { is_manual: true, status: 'A', created_by: 'seed', updated_by: 'seed' } as const;
  const sailings = [
    {
      carrier_code: 'MAEU',
      vessel_name: 'MAERSK MC-KINNEY MOLLER',
      imo: '9619103',
      voyage: '612W',
      service_name: 'Asia-Europe 7',
      service_code: 'AE7',
      pol: 'HKHKG',
      pod: 'NLRTM',
      etd: d(10),
      eta: d(39),
      transshipment_port: 'SGSIN',
      cfs_cutoff: cut(6, '12:00'),
      cy_cutoff: cut(8, '18:00'),
      vgm_cutoff: cut(8, '12:00'),
      si_cutoff: cut(7, '17:00'),
      is_tbc: false,
      legs: [
        {
          etd: d(10),
          eta: d(14),
          vessel_name: 'MAERSK KOTKA',
          voyage: '612S',
          service_code: 'FE1',
          port_from: 'HKHKG',
          port_to: 'SGSIN',
        },
        {
          etd: d(16),
          eta: d(39),
          vessel_name: 'MAERSK MC-KINNEY MOLLER',
          voyage: '612W',
          service_code: 'AE7',
          port_from: 'SGSIN',
          port_to: 'NLRTM',
        },
      ],
    },
    {
      carrier_code: 'MSCU',
      vessel_name: 'MSC GULSUN',
      imo: '9839973',
      voyage: 'FA614W',
      service_name: 'Lion Service',
      service_code: 'LION',
      pol: 'HKHKG',
      pod: 'NLRTM',
      etd: d(12),
      eta: d(40),
      transshipment_port: null,
      cfs_cutoff: cut(8, '12:00'),
      cy_cutoff: cut(10, '18:00'),
      vgm_cutoff: cut(10, '12:00'),
      si_cutoff: cut(9, '17:00'),
      is_tbc: false,
      legs: [],
    },
    {
      carrier_code: 'COSU',
      vessel_name: 'COSCO SHIPPING UNIVERSE',
      imo: '9795426',
      voyage: '045W',
      service_name: 'Asia-North Europe 1',
      service_code: 'AEU1',
      pol: 'HKHKG',
      pod: 'NLRTM',
      etd: d(15),
      eta: d(46),
      transshipment_port: null,
      cfs_cutoff: cut(11, '12:00'),
      cy_cutoff: cut(13, '18:00'),
      vgm_cutoff: cut(13, '12:00'),
      si_cutoff: cut(12, '17:00'),
      is_tbc: false,
      legs: [],
    },
    {
      carrier_code: 'COSU',
      vessel_name: 'COSCO SHIPPING ARIES',
      imo: '9863546',
      voyage: '052E',
      service_name: 'Asia-PNW',
      service_code: 'AAC',
      pol: 'CNSHA',
      pod: 'USLAX',
      etd: d(8),
      eta: d(22),
      transshipment_port: null,
      cfs_cutoff: cut(4, '12:00'),
      cy_cutoff: cut(6, '18:00'),
      vgm_cutoff: cut(6, '12:00'),
      si_cutoff: cut(5, '17:00'),
      is_tbc: false,
      legs: [],
    },
    {
      carrier_code: 'MSCU',
      vessel_name: 'MSC TBN',
      imo: null,
      voyage: 'TBA1E',
      service_name: 'Pearl Service',
      service_code: 'PRL',
      pol: 'CNSHA',
      pod: 'USLAX',
      etd: d(35),
      eta: d(50),
      transshipment_port: null,
      cfs_cutoff: null,
      cy_cutoff: null,
      vgm_cutoff: null,
      si_cutoff: null,
      is_tbc: true,
      legs: [],
    },
  ];
  for (const { legs, ...s } of sailings) {
    const id = await repo.insert(db, { ...base, ...s });
    await repo.replaceLegs(db, id, legs);
  }
  return sailings.length;
}
