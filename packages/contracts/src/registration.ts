import { z } from 'zod';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import { REGISTRATION_KINDS, REGISTRATION_SORTABLE, REGISTRATION_STATUSES } from './maintenance-catalogue';
import { isRegistrationEmail, REG_MSG, REGISTRATION_USER_TYPES } from './registration-catalogue';

export {
  REGISTRATION_FILTER_FIELDS,
  REGISTRATION_KINDS,
  REGISTRATION_SORTABLE,
  REGISTRATION_STATUSES,
} from './maintenance-catalogue';
export * from './registration-catalogue';

/**
 * Self-registration (000 §2.1, §3 Registration user / Registration application, §4, §5) and its
 * administration (001 §2 Admin user_registration_maintenance).
 */

const required = (max: number) => z.string().trim().min(1, 'msgFieldRequired').max(max, 'msgFieldTooLong');
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'msgFieldTooLong')
    .nullish()
    .transform((v) => (v ? v : null));
/** A name: required and not whitespace only. */
const name = z
  .string()
  .max(100, 'msgFieldTooLong')
  .refine((v) => v.trim().length > 0, REG_MSG.nameBlank);

/** Details common to both paths (000 §3, §5). */
export const ZRegistrationDetails = z.object({
  login_id: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isRegistrationEmail, REG_MSG.loginIdEmail)
    .describe('An e-mail address; the login id'),
  email2: z.string().max(254).nullish().describe('Copy of login_id (ignored; the server copies login_id)'),
  family_name: name,
  given_name: name,
  co_address1: required(200),
  co_address2: optional(200),
  co_address3: optional(200),
  co_address4: optional(200),
  co_country_code: z
    .string()
    .trim()
    .toUpperCase()
    .max(2, REG_MSG.countryCodeInvalid)
    .nullish()
    .transform((v) => (v ? v : null))
    .describe('Must match a country of GET /master/country/{text} when given'),
  phone: required(40),
  fax: required(40),
  company: required(200),
  department: optional(100),
  position: optional(100),
});
export type TRegistrationDetails = z.input<typeof ZRegistrationDetails>;

/** pkey/pvalue option (user types, locations). */
export const ZKeyValueOption = z.object({ pkey: z.string(), pvalue: z.string() });
export type TKeyValueOption = z.infer<typeof ZKeyValueOption>;
export const ZKeyValueOptionList = z.array(ZKeyValueOption);
/** Office option (000 §3): party_id is the office id. */
export const ZRegistrationOfficeOption = z.object({
  party_id: z.number().int(),
  short_name: z.string(),
  group_id: z.string(),
});
export type TRegistrationOfficeOption = z.infer<typeof ZRegistrationOfficeOption>;
export const ZRegistrationOfficeOptionList = z.array(ZRegistrationOfficeOption);
export const ZOfficeOptsQuery = z.object({
  location_type_id: z.coerce.number().int().min(1).max(3).optional().describe('1 SCH, 2 NCH, 3 SEA/LPA/IND'),
});

/** GET /admin/validateuserprofile */
export const ZValidateUserProfileQuery = z.object({
  login_id: z.string().max(254),
  checkIsRegistered: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false')
    .describe('Also refuse a login id with a pending registration (default true)'),
});
export const ZMsgKeyItem = z.object({ msg_key: z.string() });
export const ZValidateUserProfileResponse = z.array(ZMsgKeyItem);
export type TValidateUserProfileResponse = z.infer<typeof ZValidateUserProfileResponse>;

/** POST /admin/registerapplication (000 §3 Registration application). */
export const ZRegisterApplicationRequest = ZRegistrationDetails.extend({
  user_type_id: z.enum(REGISTRATION_USER_TYPES, { message: REG_MSG.userTypeRequired }),
  location_type_id: z.number().int().min(0).max(3).nullish().describe('SHIPPER only; 0 or null = none'),
  referred_by: optional(100).describe('SHIPPER only'),
  referred_by_office_party_id: z
    .number()
    .int()
    .min(0)
    .max(2_147_483_647)
    .nullish()
    .describe('SHIPPER only; an office of the location type'),
});
export type TRegisterApplicationRequest = z.input<typeof ZRegisterApplicationRequest>;

/** Answer of both register calls; the same id when a registration is submitted twice. */
export const ZRegisterResponse = z.object({
  success: z.literal(true),
  user_registration_id: z.number().int(),
});
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

/** GET /admin/activateAccount */
export const ZActivateQuery = z.object({
  loginid: z.string().max(254).default(''),
  token: z.string().max(200).default(''),
});
/** POST /Admin/UpdateNewUserPassword (000 §3 Set-password payload). */
export const ZUpdateNewUserPasswordRequest = z.object({
  login_id: z.string().max(254),
  password: z.string().min(1, 'msgFieldRequired').max(256),
  token: z.string().max(200),
});
export type TUpdateNewUserPasswordRequest = z.infer<typeof ZUpdateNewUserPasswordRequest>;
export const ZRegSuccess = z.object({ success: z.boolean() });

// ---- SIS path ----

/** GET /Admin/validateAndGetSISUser */
export const ZValidateSisUserQuery = z.object({
  sis_user_id: z.string().trim().min(1, 'msgFieldRequired').max(100),
  password: z.string().min(1, 'msgFieldRequired').max(256),
});
const action = z.literal('i');
/** One profile of a SIS user, mapped to this portal's ids (000 §3 Registration user). */
export const ZSisProfile = z.object({
  profile_type_id: z.number().int(),
  profile_type: z.string(),
  office_id: z.number().int().nullable(),
  status: z.literal('P'),
  action,
  parties: z.array(
    z.object({ party_id: z.number().int(), party_code: z.string(), action, status: z.literal('P') }),
  ),
  roles: z.array(z.object({ role_id: z.number().int(), role_code: z.string(), action })),
  party_groups: z.array(z.object({ party_group_id: z.number().int(), group_name: z.string(), action })),
  tradelanees: z.array(
    z.object({ tradelane_id: z.number().int(), tradelane_name: z.string(), action, status: z.literal('P') }),
  ),
});
export type TSisProfile = z.infer<typeof ZSisProfile>;
/** The SIS user with its details prefilled for the Enter Details step. */
export const ZSisUser = z.object({
  sis_user_id: z.string(),
  login_id: z.string(),
  email2: z.string(),
  family_name: z.string(),
  given_name: z.string(),
  co_address1: z.string().nullable(),
  co_address2: z.string().nullable(),
  co_address3: z.string().nullable(),
  co_address4: z.string().nullable(),
  co_country_code: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  company: z.string().nullable(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  status: z.literal('P'),
  profiles: z.array(ZSisProfile),
});
export type TSisUser = z.infer<typeof ZSisUser>;
export const ZSisError = z.object({ msg_type: z.literal('error'), msg_key: z.string() });
export const ZValidateSisUserResponse = z.union([ZSisUser, ZSisError]);
export type TValidateSisUserResponse = z.infer<typeof ZValidateSisUserResponse>;

/**
 * POST /admin/registeruser: the entered details with the SIS credentials. The server asks SIS again
 * and takes the profiles, parties, roles, party groups and trade lanes from SIS, never from the caller.
 */
export const ZRegisterUserRequest = ZRegistrationDetails.extend({
  sis_user_id: z.string().trim().min(1, 'msgFieldRequired').max(100),
  sis_password: z.string().min(1, 'msgFieldRequired').max(256),
});
export type TRegisterUserRequest = z.input<typeof ZRegisterUserRequest>;

// ---- administration ----

export const ZRegistrationListQuery = ZListQuery.extend({
  filters: customFiltersParam('REGISTRATION_FILTER_FIELDS'),
  sort: z.enum(REGISTRATION_SORTABLE).optional(),
  status: z.enum(REGISTRATION_STATUSES).optional(),
  kind: z.enum(REGISTRATION_KINDS).optional(),
});
export type TRegistrationListQuery = z.input<typeof ZRegistrationListQuery>;

export const ZRegistrationRow = z.object({
  user_registration_id: z.number().int(),
  kind: z.enum(REGISTRATION_KINDS),
  login_id: z.string(),
  family_name: z.string(),
  given_name: z.string(),
  company: z.string(),
  user_type_id: z.string().nullable(),
  sis_user_id: z.string().nullable(),
  status: z.enum(REGISTRATION_STATUSES),
  activated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TRegistrationRow = z.infer<typeof ZRegistrationRow>;
export const ZRegistrationListResponse = listResponse(ZRegistrationRow);

export const ZRegistration = ZRegistrationRow.extend({
  user_uid: z.string().nullable(),
  email2: z.string(),
  co_address1: z.string(),
  co_address2: z.string().nullable(),
  co_address3: z.string().nullable(),
  co_address4: z.string().nullable(),
  co_country_code: z.string().nullable(),
  phone: z.string(),
  fax: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  location_type_id: z.number().int().nullable(),
  referred_by: z.string().nullable(),
  referred_by_office_party_id: z.number().int().nullable(),
  referred_by_office: z.string().nullable(),
  profiles: z.array(ZSisProfile),
  reject_reason: z.string().nullable(),
  version: z.number().int(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type TRegistration = z.infer<typeof ZRegistration>;
export const ZRegistrationIdParams = z.object({
  user_registration_id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ZApproveRegistrationRequest = z.object({ version: z.number().int().min(1) });
export const ZRejectRegistrationRequest = z.object({
  version: z.number().int().min(1),
  reason: z.string().trim().min(1, REG_MSG.rejectReasonRequired).max(500, 'msgFieldTooLong'),
});
export type TRejectRegistrationRequest = z.infer<typeof ZRejectRegistrationRequest>;
