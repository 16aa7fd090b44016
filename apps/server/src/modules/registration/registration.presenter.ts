import type { TRegistration, TRegistrationRow } from '@portal/contracts';
import type { RegistrationRow } from './registration.repository';

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

/** A list row: no token, no address. */
export function presentRegistrationRow(r: RegistrationRow): TRegistrationRow {
  return {
    user_registration_id: r.user_registration_id,
    kind: r.kind === 'SIS' ? 'SIS' : 'APPLICATION',
    login_id: r.login_id,
    family_name: r.family_name,
    given_name: r.given_name,
    company: r.company,
    user_type_id: r.user_type_id,
    sis_user_id: r.sis_user_id,
    status: r.status === 'A' ? 'A' : r.status === 'R' ? 'R' : 'P',
    activated_at: iso(r.activated_at),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** The detail: everything but the token hash. */
export function presentRegistration(r: RegistrationRow): TRegistration {
  return {
    ...presentRegistrationRow(r),
    user_uid: r.user_uid,
    email2: r.email2,
    co_address1: r.co_address1,
    co_address2: r.co_address2,
    co_address3: r.co_address3,
    co_address4: r.co_address4,
    co_country_code: r.co_country_code,
    phone: r.phone,
    fax: r.fax,
    department: r.department,
    position: r.position,
    location_type_id: r.location_type_id,
    referred_by: r.referred_by,
    referred_by_office_party_id: r.referred_by_office_party_id,
    referred_by_office: r.referred_by_office,
    profiles: r.profiles,
    reject_reason: r.reject_reason,
    version: r.version,
    created_by: r.created_by,
    updated_by: r.updated_by,
  };
}
