import type { TAdminUser, TCreateUserRequest } from '@portal/contracts';

/** One row of the profiles table. */
export interface ProfileValues {
  user_profile_id?: number;
  profile_type?: string;
  role?: string;
  office_code?: string | null;
  user_level_id?: number | null;
  party_type_ids?: string[];
  all_party?: boolean;
  party_group_ids?: number[];
  tradelane_ids?: number[];
}

/** The user form's values. */
export interface UserFormValues {
  login_id: string;
  last_name: string;
  first_name: string;
  default_lang: string;
  address: string;
  zip: string;
  country_code: string | null;
  phone: string;
  fax: string;
  company: string;
  position: string;
  department: string;
  sales_code: string;
  referred_by: string;
  office_code: string | null;
  sales_codes: string[];
  password?: string;
  profiles: ProfileValues[];
}

/** Form values for a loaded user, or the defaults of a new one. */
export function toFormValues(u: TAdminUser | null): UserFormValues {
  const d = u?.details;
  return {
    login_id: u?.login_id ?? '',
    last_name: u?.last_name ?? '',
    first_name: u?.first_name ?? '',
    default_lang: u?.default_lang ?? 'en-US',
    address: d?.address ?? '',
    zip: d?.zip ?? '',
    country_code: d?.country_code ?? null,
    phone: d?.phone ?? '',
    fax: d?.fax ?? '',
    company: d?.company ?? '',
    position: d?.position ?? '',
    department: d?.department ?? '',
    sales_code: d?.sales_code ?? '',
    referred_by: d?.referred_by ?? '',
    office_code: d?.office_code ?? null,
    sales_codes: d?.sales_codes ?? [],
    password: '',
    profiles: (u?.profiles ?? []).map((p) => ({
      user_profile_id: p.user_profile_id,
      profile_type: p.profile_type,
      role: p.role,
      office_code: p.office_code ?? null,
      user_level_id: p.user_level_id ?? null,
      party_type_ids: p.party_type_ids ?? [],
      all_party: p.all_party ?? false,
      party_group_ids: p.party_group_ids ?? [],
      tradelane_ids: p.tradelane_ids ?? [],
    })),
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const orNull = (v: unknown) => text(v) || null;

/** The request body from the form values (the password only on a new user, and only when typed). */
export function toRequest(raw: Record<string, unknown>): TCreateUserRequest {
  const v = raw as unknown as Partial<UserFormValues>;
  return {
    login_id: text(v.login_id),
    last_name: text(v.last_name),
    first_name: text(v.first_name),
    default_lang: (v.default_lang ?? 'en-US') as TCreateUserRequest['default_lang'],
    address: orNull(v.address),
    zip: orNull(v.zip),
    country_code: orNull(v.country_code),
    phone: orNull(v.phone),
    fax: orNull(v.fax),
    company: orNull(v.company),
    position: orNull(v.position),
    department: orNull(v.department),
    sales_code: orNull(v.sales_code),
    referred_by: orNull(v.referred_by),
    office_code: orNull(v.office_code),
    sales_codes: (v.sales_codes ?? []).map(text).filter(Boolean),
    ...(text(v.password) ? { password: text(v.password) } : {}),
    profiles: (v.profiles ?? []).map((p) => ({
      ...(p.user_profile_id ? { user_profile_id: p.user_profile_id } : {}),
      profile_type: p.profile_type ?? '',
      role: p.role ?? '',
      office_code: p.office_code ?? null,
      user_level_id: p.user_level_id ?? null,
      party_type_ids: (p.party_type_ids ?? []) as NonNullable<
        TCreateUserRequest['profiles']
      >[number]['party_type_ids'],
      all_party: !!p.all_party,
      party_group_ids: p.party_group_ids ?? [],
      tradelane_ids: p.tradelane_ids ?? [],
    })),
  };
}
