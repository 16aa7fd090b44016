import { z } from 'zod';
import { isStrongPassword } from './auth';
import { LANGUAGES } from './constants';
import { exportLang, optText, recordStamps, reqText } from './fields';
import { listResponse, ZListQuery } from './list';
import { MSG } from './msg-keys';
import { PARTY_TYPES } from './party';
import { USER_LEVELS, USER_SORTABLE, USER_STATUSES } from './screen-catalogue';
import { isEmail } from './validators/email';

export { USER_LEVELS, USER_SORTABLE, USER_STATUSES } from './screen-catalogue';

/** A user as the maintenance list and detail show it (never the password hash). */
export const ZAdminUser = z.object({
  user_uid: z.string(),
  login_id: z.string(),
  first_name: z.string().describe('Given name'),
  last_name: z.string().describe('Family name'),
  status: z.enum(USER_STATUSES),
  default_lang: z.string(),
  locked: z.boolean(),
  failed_login_count: z.number().int(),
  force_change_password: z.boolean(),
  last_login_at: z.string().nullable(),
  profiles: z.array(
    z.object({
      user_profile_id: z.number().int(),
      profile_type: z.string(),
      role: z.string(),
      office_code: z.string().nullable().optional(),
      user_level_id: z.number().int().nullable().optional(),
      status: z.string().optional(),
      party_type_ids: z.array(z.string()).optional(),
      all_party: z.boolean().optional(),
      party_group_ids: z.array(z.number().int()).optional(),
      tradelane_ids: z.array(z.number().int()).optional(),
    }),
  ),
  details: z
    .object({
      address: z.string().nullable(),
      zip: z.string().nullable(),
      country_code: z.string().nullable(),
      phone: z.string().nullable(),
      fax: z.string().nullable(),
      company: z.string().nullable(),
      position: z.string().nullable(),
      department: z.string().nullable(),
      sales_code: z.string().nullable(),
      referred_by: z.string().nullable(),
      office_code: z.string().nullable(),
      sales_codes: z.array(z.string()),
    })
    .optional()
    .describe('001 §3 User (maintenance) fields beyond the sign-in ones'),
  ...recordStamps,
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZUserListQuery = ZListQuery.extend({
  sort: z.enum(USER_SORTABLE).optional(),
  status: z.enum(USER_STATUSES).optional(),
});

/** The export's query: the list's filters and the language of the column headers. */
export const ZUserExportQuery = ZUserListQuery.extend(exportLang);
export type TUserListQuery = z.infer<typeof ZUserListQuery>;
export const ZUserListResponse = listResponse(ZAdminUser);
export const ZUserIdParams = z.object({ user_uid: z.uuid() });

/** POST /User/{user_uid}/status: disable (D, ends every session at once) or re-enable (A). */
export const ZUserStatusRequest = z.object({
  status: z.enum(['A', 'D'], { message: MSG.fieldRequired }),
  version: z.number().int().min(1),
});

/** POST /User/{user_uid}/resetPassword: a temporary password the user must change at the next sign-in. */
export const ZUserResetPasswordRequest = z.object({
  password: z
    .string()
    .max(256, MSG.fieldTooLong)
    .refine(isStrongPassword, MSG.strongPasswordRequired)
    .describe('8+ characters with a digit, a lowercase and an uppercase letter'),
  version: z.number().int().min(1),
});
export type TUserResetPasswordRequest = z.infer<typeof ZUserResetPasswordRequest>;

/** POST /User/{user_uid}/unlock: clears the lockout and the failure count. */
export const ZUserVersionRequest = z.object({ version: z.number().int().min(1) });

/** One profile of a user as the maintenance screen edits it: one profile type, exactly one function role. */
export const ZUserProfileInput = z.object({
  user_profile_id: z
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe('Absent for a new profile'),
  profile_type: reqText(40).describe('Profile type code, unique per user'),
  role: z
    .string({ message: MSG.userProfileRoleRequired })
    .trim()
    .min(1, MSG.userProfileRoleRequired)
    .max(40, MSG.fieldTooLong)
    .describe('Function role code (one per profile; the access hook reads it)'),
  office_code: optText(20),
  user_level_id: z
    .number()
    .int()
    .min(1, MSG.fieldInvalid)
    .max(USER_LEVELS.length, MSG.fieldInvalid)
    .nullish()
    .transform((v) => v ?? null),
  party_type_ids: z
    .array(z.enum(PARTY_TYPES, { message: MSG.fieldInvalid }))
    .max(20)
    .default([]),
  all_party: z.boolean().default(false),
  party_group_ids: z.array(z.number().int().positive()).max(200).default([]),
  tradelane_ids: z.array(z.number().int().positive()).max(200).default([]),
});
export type TUserProfileInput = z.infer<typeof ZUserProfileInput>;

/** Fields of a user that create and update share (001 §3 User (maintenance)). */
export const ZUserFields = z.object({
  login_id: z
    .string({ message: MSG.fieldInvalid })
    .trim()
    .max(200, MSG.fieldTooLong)
    .refine(isEmail, MSG.fieldInvalid)
    .describe('An e-mail, unique case-insensitively'),
  last_name: reqText(100).describe('Family name'),
  first_name: reqText(100).describe('Given name'),
  default_lang: z.enum(LANGUAGES, { message: MSG.fieldRequired }),
  address: optText(400),
  zip: optText(20),
  country_code: optText(3),
  phone: optText(50),
  fax: optText(50),
  company: optText(200),
  position: optText(100),
  department: optText(100),
  sales_code: optText(20),
  referred_by: optText(200),
  office_code: optText(20),
  sales_codes: z.array(z.string().trim().min(1).max(20, MSG.fieldTooLong)).max(100).default([]),
  profiles: z.array(ZUserProfileInput).max(20).default([]),
});

/** Profile types must be unique per user (001 §5); answers the index of each repeated profile. */
export function duplicateProfileTypes(profiles: { profile_type: string }[]): number[] {
  const seen = new Set<string>();
  const dup: number[] = [];
  profiles.forEach((p, i) => {
    const k = p.profile_type.toUpperCase();
    if (seen.has(k)) dup.push(i);
    seen.add(k);
  });
  return dup;
}

/** POST /User: a user created by an administrator; a password, when given, must be changed at first sign-in. */
export const ZCreateUserRequest = ZUserFields.extend({
  password: z
    .string()
    .max(256, MSG.fieldTooLong)
    .refine(isStrongPassword, MSG.strongPasswordRequired)
    .nullish()
    .transform((v) => v ?? null),
});
export type TCreateUserRequest = z.input<typeof ZCreateUserRequest>;
/** PUT /User/{user_uid}: every field, with the version that was loaded. */
export const ZUpdateUserRequest = ZUserFields.extend({ version: z.number().int().min(1) });
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

/** GET /User/formOptions: the small choice lists of the user form. */
export const ZUserFormOptions = z.object({
  profile_types: z.array(z.object({ code: z.string(), name: z.string(), is_internal: z.boolean() })),
  roles: z.array(z.object({ code: z.string(), name: z.string() })),
  offices: z.array(z.object({ code: z.string(), name: z.string() })),
  party_groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tradelanes: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TUserFormOptions = z.infer<typeof ZUserFormOptions>;
