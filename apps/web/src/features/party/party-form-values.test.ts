import type { TParty } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { FIELD_TAB, snapshot, toFormValues, toRequest } from './party-form-values';

describe('party form: values', () => {
  it('starts a new party active, with empty texts, unticked flags, no picks and a zero credit limit', () => {
    const v = toFormValues(null);
    expect(v.status).toBe('A');
    expect(v.short_name).toBe('');
    expect(v.no_edit_name).toBe(false);
    expect(v.party_type).toBeUndefined();
    expect(v.credit_reminder_days).toBeNull();
    expect(v.credit_limit).toBe('0');
    expect(v.country_code).toBeUndefined();
    expect(v.customer_id).toBeUndefined();
    expect(v.roles).toEqual([]);
  });

  it('reads a saved party: the customer as the picker text, empty picks as nothing picked', () => {
    const p = {
      party_code: 'P1',
      short_name: 'Acme',
      status: 'I',
      country_code: '',
      office_code: 'HKG',
      customer_id: 31,
      credit_limit: '5000.00',
      is_release_agent: true,
      roles: ['SHIPPER'],
      target_offices: ['HKG'],
    } as unknown as TParty;
    const v = toFormValues(p);
    expect(v).toMatchObject({
      party_code: 'P1',
      short_name: 'Acme',
      status: 'I',
      office_code: 'HKG',
      customer_id: '31',
      credit_limit: '5000.00',
      is_release_agent: true,
      is_nominated_agent: false,
      roles: ['SHIPPER'],
    });
    expect(v.country_code).toBeUndefined();
  });
});

describe('party form: the request', () => {
  it('trims texts, sends empty optional texts as null and required ones as empty text', () => {
    const body = toRequest({
      ...toFormValues(null),
      party_code: ' P1 ',
      short_name: '  ',
      contact_person: ' ',
      city: ' Hong Kong ',
      credit_limit: ' 100 ',
      credit_reminder_days: 7,
      credit_deadline_days: Number.NaN,
      customer_id: '31',
      is_nominated_agent: 'yes',
      roles: 'not a list',
    }) as unknown as Record<string, unknown>;
    expect(body).toMatchObject({
      party_code: 'P1',
      short_name: '',
      contact_person: null,
      city: 'Hong Kong',
      credit_limit: '100',
      credit_reminder_days: 7,
      credit_deadline_days: null,
      customer_id: 31,
      is_nominated_agent: false,
      party_type: null,
      roles: [],
      target_offices: [],
    });
  });

  it('leaves the credit limit out when it is empty, and the customer null when none is picked', () => {
    const body = toRequest({ ...toFormValues(null), credit_limit: '' }) as unknown as Record<string, unknown>;
    expect(body.credit_limit).toBeUndefined();
    expect(body.customer_id).toBeNull();
  });

  it('tells unsaved changes by the request, not by untrimmed spaces', () => {
    const v = { ...toFormValues(null), short_name: 'Acme' };
    expect(snapshot({ ...v, short_name: ' Acme ' })).toBe(snapshot(v));
    expect(snapshot({ ...v, short_name: 'Acme Ltd' })).not.toBe(snapshot(v));
  });

  it('knows the tab of each field for opening the first error', () => {
    expect(FIELD_TAB.short_name).toBe('general');
    expect(FIELD_TAB.roles).toBe('details');
    expect(FIELD_TAB.bic).toBe('bank');
    expect(FIELD_TAB.credit_limit).toBe('invoice');
    expect(FIELD_TAB.is_release_agent).toBe('agent');
    expect(FIELD_TAB.notify_party_code).toBe('consignee');
    expect(FIELD_TAB.carrier_code).toBe('carrier');
    expect(FIELD_TAB.no_such_field).toBeUndefined();
  });
});
