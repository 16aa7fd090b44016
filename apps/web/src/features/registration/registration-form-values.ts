import { SHIPPER_USER_TYPE, type TRegisterApplicationRequest } from '@portal/contracts';

/** A numeric id shown in a native select (its values are text): the Form.Item's getValueProps. */
export const asText = (v: unknown) => ({ value: v === null || v === undefined ? undefined : String(v) });
/** ...and read back as a number (the Form.Item's normalize). */
export const asNumber = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** The registration form's values: the application with its two choices not yet made. */
export type ApplicationValues = Omit<
  TRegisterApplicationRequest,
  'location_type_id' | 'referred_by_office_party_id'
> & {
  location_type_id?: number;
  referred_by_office_party_id?: number;
};

/** SHIPPER keeps location and referral; any other user type sends them as null (000 §5). */
export function applicationBody(v: ApplicationValues): TRegisterApplicationRequest {
  const shipper = v.user_type_id === SHIPPER_USER_TYPE;
  return {
    ...v,
    login_id: v.login_id.trim(),
    location_type_id: shipper && v.location_type_id ? v.location_type_id : null,
    referred_by: shipper ? (v.referred_by ?? null) : null,
    referred_by_office_party_id:
      shipper && v.referred_by_office_party_id ? v.referred_by_office_party_id : null,
  };
}
