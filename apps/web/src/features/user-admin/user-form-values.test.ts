import type { TAdminUser } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequest } from './user-form-values';

describe('user form', () => {
  it('starts a new user in English without profiles or password', () => {
    const v = toFormValues(null);
    expect(v).toMatchObject({
      login_id: '',
      default_lang: 'en-US',
      country_code: null,
      password: '',
      profiles: [],
    });
  });

  it('reads a user with details and profiles, filling the profile defaults', () => {
    const u = {
      login_id: 'amy',
      last_name: 'Chan',
      first_name: 'Amy',
      default_lang: 'zh-HK',
      details: { address: null, country_code: 'HK', sales_codes: ['S1'], office_code: 'HKG' },
      profiles: [{ user_profile_id: 4, profile_type: 'STAFF', role: 'OPS' }],
    } as unknown as TAdminUser;
    const v = toFormValues(u);
    expect(v).toMatchObject({ login_id: 'amy', default_lang: 'zh-HK', address: '', country_code: 'HK' });
    expect(v.profiles).toEqual([
      {
        user_profile_id: 4,
        profile_type: 'STAFF',
        role: 'OPS',
        office_code: null,
        user_level_id: null,
        party_type_ids: [],
        all_party: false,
        party_group_ids: [],
        tradelane_ids: [],
      },
    ]);
  });

  it('sends trimmed texts, empty optional ones as null, sales codes without blanks', () => {
    const body = toRequest({
      ...toFormValues(null),
      login_id: ' amy ',
      phone: ' ',
      company: ' Acme ',
      sales_codes: [' S1 ', ' '],
    });
    expect(body).toMatchObject({ login_id: 'amy', phone: null, company: 'Acme', sales_codes: ['S1'] });
    expect(body).not.toHaveProperty('password');
  });

  it('sends a typed password, and a profile id only for an existing profile', () => {
    const body = toRequest({
      ...toFormValues(null),
      password: ' s3cret! ',
      profiles: [
        { user_profile_id: 4, profile_type: 'STAFF', role: 'OPS', all_party: 1 },
        { profile_type: 'AGENT' },
      ],
    });
    expect(body.password).toBe('s3cret!');
    expect(body.profiles?.[0]).toMatchObject({ user_profile_id: 4, all_party: true });
    expect(body.profiles?.[1]).not.toHaveProperty('user_profile_id');
    expect(body.profiles?.[1]).toMatchObject({
      profile_type: 'AGENT',
      role: '',
      office_code: null,
      party_group_ids: [],
    });
  });
});
