import type { TBooking } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { bookingSignals } from './booking-cross-tab';

const base = {
  so_no: 'SOHKG261100001',
  version: 1,
  sailing_id: 3,
  carrier_code: 'OOCL',
  vessel_name: 'OOCL HONG KONG',
  voyage: '001E',
  etd: '2026-12-01',
  eta: '2026-12-20',
  cfs_closing: '2026-11-28T12:00',
  cy_closing: null,
  vgm_closing: null,
  si_closing: null,
  isf_parties: [],
  ens_parties: [],
  goods_description: 'TOYS',
} as unknown as TBooking;
const saved = (change: Partial<TBooking>) => ({ ...base, version: 2, ...change }) as TBooking;

describe('bookingSignals', () => {
  it('signals a house-bill sailing change for any sailing field, including a closing', () => {
    expect(bookingSignals(base, saved({ vessel_name: 'EVER GIVEN' }))).toEqual(['hblSailing']);
    expect(bookingSignals(base, saved({ cfs_closing: '2026-11-27T12:00' }))).toEqual(['hblSailing']);
  });

  it('signals a filing-party change for ISF or ENS parties', () => {
    const ens = [{ role: 'SHIPPER', name: 'A' }] as unknown as TBooking['ens_parties'];
    expect(bookingSignals(base, saved({ ens_parties: ens }))).toEqual(['filingParty']);
    expect(bookingSignals(base, saved({ etd: '2026-12-02', ens_parties: ens }))).toEqual([
      'hblSailing',
      'filingParty',
    ]);
  });

  it('signals nothing for other fields, for a new booking, or for another booking', () => {
    expect(bookingSignals(base, saved({ goods_description: 'SHOES' }))).toEqual([]);
    expect(bookingSignals(undefined, base)).toEqual([]);
    expect(bookingSignals(base, saved({ so_no: 'OTHER', vessel_name: 'X' }))).toEqual([]);
  });
});
