import type { TSopmsTemplate } from '@portal/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequest } from './sopms-form-values';

describe('SOPMS template form', () => {
  it('starts a new template: AR, active, manager-only override, any overseas, empty lists, one rule', () => {
    const v = toFormValues(null);
    expect(v).toMatchObject({ section_code: 'AR', status: 'A', override_level: 30, overseas: 'ANY' });
    expect(v.account_codes).toEqual([]);
    expect(v.service_types).toEqual([]);
    expect(v.etd_from).toBeNull();
    expect(v.rules).toEqual([{ rule_type: 'REQUIRED_CHARGE', charge_code: '' }]);
  });

  it('reads a saved template: dates as pickers, rules without their ids and order', () => {
    const r = {
      name: 'N',
      section_code: 'AP',
      validation_group: 'G',
      description: null,
      override_level: 20,
      status: 'A',
      overseas: 'YES',
      account_codes: ['A1'],
      inv_kinds: [],
      office_codes: [],
      customer_codes: [],
      issue_party_codes: [],
      agent_codes: [],
      consignee_codes: [],
      notify_party_codes: [],
      transport_modes: [],
      service_types: [],
      etd_from: '2026-01-01',
      etd_to: null,
      inv_date_from: null,
      inv_date_to: null,
      rules: [{ rule_id: 9, seq: 1, rule_type: 'REQUIRED_CHARGE', charge_code: 'OFR' }],
    } as unknown as TSopmsTemplate;
    const v = toFormValues(r);
    expect(v.account_codes).toEqual(['A1']);
    expect(v.etd_from?.format('YYYY-MM-DD')).toBe('2026-01-01');
    expect(v.etd_to).toBeNull();
    expect(v.rules).toEqual([{ rule_type: 'REQUIRED_CHARGE', charge_code: 'OFR' }]);
  });

  it('sends dates as YYYY-MM-DD or null, lists as lists and empty rule fields as null', () => {
    const body = toRequest({
      name: 'N',
      etd_from: dayjs('2026-02-03'),
      etd_to: 'not a picker',
      inv_date_from: dayjs('invalid'),
      account_codes: ['A1'],
      inv_kinds: 'AR',
      rules: [{ rule_type: 'REQUIRED_CHARGE', charge_code: '', min_amount: undefined, note: 'x' }],
    }) as unknown as Record<string, unknown>;
    expect(body.etd_from).toBe('2026-02-03');
    expect(body.etd_to).toBeNull();
    expect(body.inv_date_from).toBeNull();
    expect(body.inv_date_to).toBeNull();
    expect(body.account_codes).toEqual(['A1']);
    expect(body.inv_kinds).toEqual([]);
    expect(body.rules).toEqual([
      { rule_type: 'REQUIRED_CHARGE', charge_code: null, min_amount: null, note: 'x' },
    ]);
    expect((toRequest({}) as unknown as Record<string, unknown>).rules).toEqual([]);
  });
});
