import { type TCarrier, ZCreateCarrierRequest } from '@portal/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { snapshot, toFormValues, toRequest } from './carrier-form-values';

const carrier: TCarrier = {
  id: 7,
  carrier_code: 'MAEU',
  scac: 'MAEU',
  cbsa: null,
  naccs: null,
  display_name: 'Maersk',
  full_name: 'A.P. Moller - Maersk',
  alliance: 'GEMINI',
  carrier_type: 'OCEAN',
  effective_from: '2025-01-01',
  effective_to: null,
  status: 'A',
  version: 3,
  created_at: '2025-01-01T00:00:00Z',
  created_by: 'Admin',
  updated_at: '2025-02-01T00:00:00Z',
  updated_by: 'Admin',
};

describe('carrier form values', () => {
  it('starts a new carrier active and effective from today', () => {
    const v = toFormValues(null, dayjs('2026-05-04T15:00:00'));
    expect(v.status).toBe('A');
    expect(v.effective_from?.format('YYYY-MM-DD')).toBe('2026-05-04');
    expect(v.alliance).toBeUndefined();
  });

  it('sends what the server expects: trimmed, codes uppercased, empty codes as null, dates as text', () => {
    const v = {
      ...toFormValues(carrier),
      carrier_code: ' msc ',
      scac: '',
      cbsa: 'ab12',
      display_name: ' MSC ',
    };
    const body = toRequest(v);
    expect(body).toMatchObject({
      carrier_code: 'MSC',
      scac: null,
      cbsa: 'AB12',
      naccs: null,
      display_name: 'MSC',
      effective_from: '2025-01-01',
      effective_to: null,
    });
    expect(ZCreateCarrierRequest.safeParse(body).success).toBe(true);
  });

  it('sees no change after loading and a change after editing', () => {
    const loaded = toFormValues(carrier);
    expect(snapshot(loaded)).toBe(snapshot(toFormValues(carrier)));
    expect(snapshot({ ...loaded, full_name: 'Other' })).not.toBe(snapshot(loaded));
    expect(snapshot({ ...loaded, effective_to: dayjs('2026-01-01') })).not.toBe(snapshot(loaded));
  });
});
