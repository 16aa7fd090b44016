import type { TCompareResponse, TCompareRow } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { proposalsOf } from './approval-proposals';

const row = (sailing_id: number, rate_id: number | null): TCompareRow => ({
  sailing_id,
  carrier_code: 'COSU',
  vessel_name: 'V',
  voyage: '1E',
  etd: '2027-01-01',
  eta: '2027-01-15',
  earliest_ship_date: '2026-12-20',
  est_ship_date: '2027-01-01',
  transit_days: 14,
  is_tbc: false,
  cfs_cutoff: null,
  cy_cutoff: null,
  vgm_cutoff: null,
  si_cutoff: null,
  rate_id,
  currency: rate_id ? 'USD' : null,
  rate_containers: [],
  total_rate: rate_id ? '100.00' : null,
  cheapest: false,
  fastest: false,
  proposed: false,
});

describe('proposalsOf', () => {
  it('keeps the table order, the rate of each row and trimmed remarks', () => {
    const data: TCompareResponse = {
      so_no: 'SO1',
      pol: 'CNSHA',
      pod: 'USLAX',
      cargo_ready_date: '2026-12-20',
      equipment: [{ container_type: '40HQ', qty: 1 }],
      rows: [row(1, 10), row(2, null), row(3, 30)],
    };
    expect(proposalsOf(data, [3, 1], { 3: '  earliest  ', 1: '   ' })).toEqual([
      { sailing_id: 1, rate_id: 10, remarks: null },
      { sailing_id: 3, rate_id: 30, remarks: 'earliest' },
    ]);
    expect(proposalsOf(data, [2])).toEqual([{ sailing_id: 2, rate_id: null, remarks: null }]);
  });
});
