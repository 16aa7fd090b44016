import type { TRate } from '@portal/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequest } from './rate-form-values';

describe('rate form', () => {
  it('starts a new rate as active FCL in USD with one empty container line', () => {
    const v = toFormValues(null);
    expect(v).toMatchObject({ service: 'FCL', currency: 'USD', status: 'A', valid_from: null, remarks: '' });
    expect(v.rate_containers).toEqual([{ container_type: undefined, amount: '' }]);
  });

  it('reads a saved rate with its dates as pickers and copies of its lines', () => {
    const r = {
      source_key: 'SRC',
      carrier_code: 'MSCU',
      pol: 'CNSHA',
      pod: 'USLAX',
      service: 'FCL',
      currency: 'USD',
      valid_from: '2026-01-01',
      valid_to: '2026-03-31',
      transit_days: 18,
      free_time_days: null,
      remarks: null,
      status: 'A',
      rate_containers: [{ container_type: '40HQ', amount: '1500.00' }],
    } as unknown as TRate;
    const v = toFormValues(r);
    expect(v.valid_from?.format('YYYY-MM-DD')).toBe('2026-01-01');
    expect(v.remarks).toBe('');
    expect(v.rate_containers).toEqual(r.rate_containers);
    expect(v.rate_containers[0]).not.toBe(r.rate_containers[0]);
  });

  it('sends codes trimmed in capitals, dates as YYYY-MM-DD, numbers or null, amounts as typed text', () => {
    const body = toRequest({
      source_key: ' src1 ',
      carrier_code: 'mscu',
      pol: ' cnsha',
      pod: 'uslax ',
      service: 'LCL',
      currency: 'usd',
      valid_from: dayjs('2026-02-03'),
      valid_to: '2026-02-28',
      transit_days: 12,
      free_time_days: '7',
      remarks: '  ',
      status: 'A',
      rate_containers: [{ container_type: '20GP', amount: ' 99.50 ' }],
    });
    expect(body).toEqual({
      source_key: 'SRC1',
      carrier_code: 'MSCU',
      pol: 'CNSHA',
      pod: 'USLAX',
      service: 'LCL',
      currency: 'USD',
      valid_from: '2026-02-03',
      valid_to: '2026-02-28',
      transit_days: 12,
      free_time_days: null,
      remarks: null,
      status: 'A',
      rate_containers: [{ container_type: '20GP', amount: '99.50' }],
    });
  });

  it('sends missing dates as empty text and no lines when there are none', () => {
    const body = toRequest({ valid_from: null, valid_to: dayjs('not a date') });
    expect(body.valid_from).toBe('');
    expect(body.valid_to).toBe('');
    expect(body.rate_containers).toEqual([]);
  });
});
