import type { TRoutingTemplate } from '@portal/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequest } from './routing-template-form-values';

describe('routing template form', () => {
  it('starts a new template effective from the start of today, overwritable, without ETA check', () => {
    const v = toFormValues(null, dayjs('2026-04-05T15:30'));
    expect(v.effective_from?.format('YYYY-MM-DD HH:mm')).toBe('2026-04-05 00:00');
    expect(v).toMatchObject({ can_overwrite: true, eta_validation: false, customer_party_id: null });
  });

  it('reads a template with its parties as picker texts', () => {
    const r = {
      name: 'R',
      customer_party_id: null,
      consignee_party_id: 8,
      pod: 'USLAX',
      pld: null,
      fd: null,
      effective_from: '2026-01-01',
      effective_to: null,
      can_overwrite: false,
      eta_validation: true,
    } as TRoutingTemplate;
    const v = toFormValues(r);
    expect(v).toMatchObject({ customer_party_id: null, consignee_party_id: '8', effective_to: null });
    expect(toRequest(v)).toEqual({ ...r });
  });

  it('sends parties as numbers, ports trimmed in capitals or null, dates as YYYY-MM-DD', () => {
    expect(
      toRequest({
        name: ' R ',
        customer_party_id: '3',
        consignee_party_id: 8,
        pod: ' uslax ',
        pld: '  ',
        effective_from: dayjs('2026-02-01'),
        effective_to: '',
        can_overwrite: 'true',
      }),
    ).toEqual({
      name: 'R',
      customer_party_id: 3,
      consignee_party_id: 8,
      pod: 'USLAX',
      pld: null,
      fd: null,
      effective_from: '2026-02-01',
      effective_to: null,
      can_overwrite: false,
      eta_validation: false,
    });
  });
});
