import { describe, expect, it } from 'vitest';
import { type ApplicationValues, applicationBody, asNumber, asText } from './registration-form-values';

const details: ApplicationValues = {
  login_id: '  new.user@example.com ',
  family_name: 'Chan',
  given_name: 'Tai Man',
  co_address1: '1 Harbour Road',
  co_country_code: 'HK',
  phone: '12345678',
  fax: '-',
  company: 'Harbour Light',
  user_type_id: 'SHIPPER',
  location_type_id: 2,
  referred_by: 'Alice',
  referred_by_office_party_id: 77,
};

describe('registration application', () => {
  it('a shipper keeps its location and referral; the login id is trimmed', () => {
    expect(applicationBody(details)).toEqual({
      ...details,
      login_id: 'new.user@example.com',
      location_type_id: 2,
      referred_by: 'Alice',
      referred_by_office_party_id: 77,
    });
  });

  it('a shipper without a location or office (0 or none) sends them as null', () => {
    const body = applicationBody({
      ...details,
      location_type_id: 0,
      referred_by: undefined,
      referred_by_office_party_id: undefined,
    });
    expect(body).toMatchObject({
      location_type_id: null,
      referred_by: null,
      referred_by_office_party_id: null,
    });
  });

  it('any other user type sends location and referral as null, whatever the form still holds', () => {
    for (const user_type_id of ['CONSIGNEE', 'AGENT'] as const)
      expect(applicationBody({ ...details, user_type_id })).toMatchObject({
        user_type_id,
        location_type_id: null,
        referred_by: null,
        referred_by_office_party_id: null,
      });
  });

  it('shows a numeric choice as the select’s text and reads it back as a number', () => {
    expect(asText(3)).toEqual({ value: '3' });
    expect(asText(null)).toEqual({ value: undefined });
    expect(asText(undefined)).toEqual({ value: undefined });
    expect(asNumber('3')).toBe(3);
    expect(asNumber(undefined)).toBeUndefined();
  });
});
