import { z } from 'zod';
import { LANGUAGES, PAGE_SIZES } from './constants';

export * from './auth-catalogue';

/** Text that can be stored: PostgreSQL refuses NUL characters in text. */
const noNul = (s: string) => !s.includes('\u0000');

/** 000 §3 Login request. Messages are the keys of the required-field texts in 000 §5. */
export const ZLoginRequest = z.object({
  username: z.string().trim().min(1, 'msgUsernameRequired').max(254).refine(noNul, 'msgFieldInvalid'),
  password: z.string().min(1, 'msgPasswordRequired').max(256),
  language: z.enum(LANGUAGES, { message: 'msgLanguageRequired' }),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZProfile = z.object({
  user_profile_id: z.number().int(),
  profile_type_id: z.number().int(),
  profile_type: z.string().describe('Profile type code, e.g. AGENT'),
  profile_name: z.string().describe('Display name of the profile type'),
  office_code: z.string().nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZUac = z.object({
  user_level_id: z.number().int().nullable(),
  party_accesses: z.array(z.object({ party_type_id: z.string(), all_party: z.boolean() })),
  menu_func_accesses: z.array(z.object({ menu_id: z.string(), func_id: z.string() })),
});
export type TUac = z.infer<typeof ZUac>;

export const ZSysNotice = z.object({
  uid: z.string(),
  notice_type: z.enum(['NOTICE', 'ALERT']),
  notice_title: z.string(),
  notice_body: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
});

export const ZUserPreference = z.object({
  preference_id: z.number().int(),
  preference_type: z.string().nullable(),
  preference: z.unknown(),
  url: z.string(),
  preference_name: z.string().nullable(),
  preference_style: z.string().nullable(),
  isFavourite: z.boolean(),
});

/** Answer of /Auth/renewtoken (000 §7). */
export const ZRenewTokenResponse = z.object({
  token: z.string(),
  profiles: z.array(ZProfile),
  uac: ZUac,
  userStatus: z.string(),
  user_preferences: z.array(ZUserPreference),
  sysAlertList: z.array(ZSysNotice),
  /**
   * Display name of the real (super) user when this is a Change User session (the token's
   * super_user_uid is not its sub), for the header's "signed in as" banner; null otherwise.
   */
  super_user_name: z.string().nullable(),
});
export type TRenewTokenResponse = z.infer<typeof ZRenewTokenResponse>;

/** Answer of /Auth/login (000 §3). `uac` is empty until a profile is chosen when the user has several. */
export const ZLoginResponse = ZRenewTokenResponse.extend({
  default_lang: z.enum(LANGUAGES),
  default_page_size: z.number().int(),
  table_layout_settings: z.unknown(),
  sysNoticeList: z.array(ZSysNotice),
  force_change_password: z.boolean(),
  needChangePassword: z.boolean(),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** Claims of the signed token (000 §3 Token profile, plus the session id). */
export interface TokenClaims {
  sub: string;
  first_name: string;
  last_name: string;
  /** Chosen user_profile_id, or null before the user picks one. */
  profile: number | null;
  super_user_uid: string | null;
  sid: string;
  exp: number;
}

export const ZProfileIdParams = z.object({
  profileId: z.coerce.number().int().positive().max(2_147_483_647),
});
/** `id` is the target's login id (or user uid). */
export const ZChangeUserParams = z.object({
  id: z.string().trim().min(1).max(254).refine(noNul, 'msgFieldInvalid'),
});

export const ZProfileTypeOption = z.object({ profile_type_id: z.number().int(), profile_type: z.string() });
export const ZProfileTypeOptionList = z.array(ZProfileTypeOption);

export interface MenuItem {
  key: string;
  title: string;
  url?: string;
  icon?: string;
  section?: string;
  children?: MenuItem[];
}
export const ZMenuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    key: z.string(),
    title: z.string().describe('i18n key of the menu title (namespace menu)'),
    url: z.string().optional(),
    icon: z.string().optional(),
    section: z.string().optional(),
    children: z.array(ZMenuItem).optional(),
  }),
);

/** GET /Users/UserModuleList: modules the user may open, and the menu tree. */
export const ZUserModuleListResponse = z.object({
  modules: z.array(z.object({ section: z.string(), key: z.string(), url: z.string() })),
  menu: z.array(ZMenuItem),
});
export type TUserModuleListResponse = z.infer<typeof ZUserModuleListResponse>;

export const ZSuccess = z.object({ success: z.boolean() });

/** POST /Password/changepassword (ours; the forced change page /BMS/Setting/update_user_password). */
export const ZChangePasswordRequest = z.object({
  old_password: z.string().min(1, 'msgPasswordRequired').max(256),
  new_password: z
    .string()
    .min(1, 'msgPasswordRequired')
    .max(256)
    .describe('Strong password rule, see isStrongPassword'),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** GET /Users/GetUserProfile (ours): the signed-in user's own settings and profiles. */
export const ZUserProfileResponse = z.object({
  login_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  default_lang: z.enum(LANGUAGES),
  default_page_size: z.number().int(),
  profiles: z.array(ZProfile),
});
export type TUserProfileResponse = z.infer<typeof ZUserProfileResponse>;

/** POST /Users/UpdateUserSettings (ours): answers the updated ZUserProfileResponse. */
export const ZUpdateUserSettingsRequest = z.object({
  default_lang: z.enum(LANGUAGES, { message: 'msgLanguageRequired' }),
  default_page_size: z
    .literal(PAGE_SIZES, { message: 'msgFieldInvalid' })
    .describe('One of 10, 20, 30, 40, 50, 100'),
});
export type TUpdateUserSettingsRequest = z.infer<typeof ZUpdateUserSettingsRequest>;

/** POST /Auth/GetCargosphereAccessToken (000 §7): a short-lived token for the cargo platform. */
export const ZCargoTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** When the token stops working on the platform (ISO 8601). */
  expires_at: z.string(),
  /** Seconds from now until then. */
  expires_in: z.number().int(),
  /** Where the browser opens the platform: `{platform_url}?access_token=`. */
  platform_url: z.string(),
});
