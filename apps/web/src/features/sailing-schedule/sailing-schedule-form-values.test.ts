import type { TSailingSchedule } from '@portal/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateValue, emptyLeg, minuteValue, toFormValues, toRequest } from './sailing-schedule-form-values';

describe('sailing schedule form', () => {
  it('writes dates as YYYY-MM-DD and cut-offs to the minute, null when empty or invalid', () => {
    expect(dateValue(dayjs('2026-05-06T10:20'))).toBe('2026-05-06');
    expect(dateValue('2026-05-07')).toBe('2026-05-07');
    expect(dateValue('')).toBeNull();
    expect(dateValue(dayjs('nonsense'))).toBeNull();
    expect(minuteValue(dayjs('2026-05-06T10:20:59'))).toBe('2026-05-06T10:20');
    expect(minuteValue(null)).toBeNull();
  });

  it('starts a new leg where the previous one ended', () => {
    const etd = dayjs('2026-01-10');
    expect(emptyLeg('SGSIN', etd)).toEqual({
      etd,
      eta: null,
      vessel_name: '',
      voyage: '',
      service_code: '',
      port_from: 'SGSIN',
      port_to: undefined,
    });
  });

  it('starts a new sailing manual, active, not TBC and without legs', () => {
    expect(toFormValues(null)).toMatchObject({
      is_manual: true,
      is_tbc: false,
      status: 'A',
      legs: [],
      imo: '',
    });
  });

  it('reads a saved sailing with its dates and legs', () => {
    const s = {
      carrier_code: 'MSCU',
      vessel_name: 'MSC A',
      imo: null,
      voyage: '001E',
      service_name: null,
      service_code: 'AE1',
      pol: 'CNSHA',
      pod: 'DEHAM',
      etd: '2026-01-01',
      eta: '2026-02-01',
      transshipment_port: null,
      cfs_cutoff: null,
      cy_cutoff: '2025-12-30T12:00',
      vgm_cutoff: null,
      si_cutoff: null,
      is_manual: false,
      is_tbc: true,
      status: 'A',
      legs: [
        {
          etd: '2026-01-01',
          eta: '2026-01-10',
          vessel_name: 'MSC A',
          voyage: '001E',
          service_code: null,
          port_from: 'CNSHA',
          port_to: 'SGSIN',
        },
      ],
    } as unknown as TSailingSchedule;
    const v = toFormValues(s);
    expect(v.imo).toBe('');
    expect(v.transshipment_port).toBeUndefined();
    expect(v.cy_cutoff?.format('YYYY-MM-DDTHH:mm')).toBe('2025-12-30T12:00');
    expect(v.cfs_cutoff).toBeNull();
    expect(v.legs[0].eta?.format('YYYY-MM-DD')).toBe('2026-01-10');
    expect(v.legs[0].service_code).toBe('');
    expect(toRequest(v as never).legs?.[0]).toEqual({ ...s.legs[0], service_code: null });
  });

  it('sends codes in capitals, empty optional texts as null and the flags as booleans', () => {
    const body = toRequest({
      carrier_code: ' mscu ',
      vessel_name: ' MSC A ',
      imo: ' ',
      voyage: '001E',
      service_code: 'ae1',
      pol: 'cnsha',
      pod: 'deham',
      etd: dayjs('2026-01-01'),
      eta: null,
      transshipment_port: '',
      si_cutoff: dayjs('2025-12-29T09:30'),
      is_manual: 'yes',
      is_tbc: true,
      status: 'A',
      legs: 'none',
    });
    expect(body).toMatchObject({
      carrier_code: 'MSCU',
      vessel_name: 'MSC A',
      imo: null,
      service_name: null,
      service_code: 'AE1',
      pol: 'CNSHA',
      etd: '2026-01-01',
      eta: '',
      transshipment_port: null,
      si_cutoff: '2025-12-29T09:30',
      cfs_cutoff: null,
      is_manual: false,
      is_tbc: true,
      legs: [],
    });
  });
});
