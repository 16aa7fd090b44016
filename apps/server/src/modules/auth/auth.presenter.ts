import {
  LANGUAGES,
  type Language,
  type TLoginResponse,
  type TProfile,
  type TRenewTokenResponse,
  type TUac,
  type TUserProfileResponse,
  type ZSysNotice,
  type ZUserPreference,
} from '@portal/contracts';
import type { z } from 'zod';
import type { SysNoticeRow as NoticeRow } from '../sys-notice';
import type { PreferenceRow, UserRow } from './auth.repository';

type TSysNotice = z.infer<typeof ZSysNotice>;
type TUserPreference = z.infer<typeof ZUserPreference>;

/** The preference type whose rows the login answer also lists as table_layout_settings. */
export const TABLE_LAYOUT_PREFERENCE = 'table_layout';

export const EMPTY_UAC: TUac = { user_level_id: null, party_accesses: [], menu_func_accesses: [] };

const iso = (ts: string) => new Date(ts).toISOString();

/** A stored language, or the default when the column holds something the web app cannot use. */
export const presentLanguage = (lang: string): Language =>
  (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'en-US';

/** A notice or alert as the web app shows it. */
export function presentNotice(n: NoticeRow): TSysNotice {
  return {
    uid: n.uid,
    notice_type: n.notice_type === 'ALERT' ? 'ALERT' : 'NOTICE',
    notice_title: n.notice_title,
    notice_body: n.notice_body,
    valid_from: iso(n.valid_from),
    valid_to: iso(n.valid_to),
  };
}

/** A saved preference as the web app reads it. */
export function presentPreference(p: PreferenceRow): TUserPreference {
  return {
    preference_id: p.preference_id,
    preference_type: p.preference_type,
    preference: p.preference,
    url: p.url,
    preference_name: p.preference_name,
    preference_style: p.preference_style,
    isFavourite: p.is_favourite,
  };
}

/** The signed-in user's own settings (GET /Users/GetUserProfile). */
export function presentUserProfile(user: UserRow, profiles: TProfile[]): TUserProfileResponse {
  return {
    login_id: user.login_id,
    first_name: user.first_name,
    last_name: user.last_name,
    default_lang: presentLanguage(user.default_lang),
    default_page_size: user.default_page_size,
    profiles,
  };
}

/** What a session answer is built from: the user's profiles, the chosen profile's access, preferences and notices. */
export interface SessionView {
  profiles: TProfile[];
  uac: TUac;
  preferences: PreferenceRow[];
  notices: NoticeRow[];
  /** The real super user's display name in a Change User session, else null. */
  superUserName: string | null;
}

/** Answer of /Auth/renewtoken and /Auth/renewtoken/{profileId}. */
export function presentRenew(token: string, user: UserRow, view: SessionView): TRenewTokenResponse {
  return {
    token,
    profiles: view.profiles,
    uac: view.uac,
    userStatus: user.status,
    user_preferences: view.preferences.map(presentPreference),
    sysAlertList: view.notices.filter((n) => n.notice_type === 'ALERT').map(presentNotice),
    super_user_name: view.superUserName,
  };
}

/** Answer of /Auth/login and /Auth/ChangeUser/{id}. */
export function presentLogin(token: string, user: UserRow, view: SessionView): TLoginResponse {
  const layouts = view.preferences.filter((p) => p.preference_type === TABLE_LAYOUT_PREFERENCE);
  return {
    ...presentRenew(token, user, view),
    default_lang: presentLanguage(user.default_lang),
    default_page_size: user.default_page_size,
    table_layout_settings: layouts.length ? layouts.map(presentPreference) : null,
    sysNoticeList: view.notices.filter((n) => n.notice_type === 'NOTICE').map(presentNotice),
    force_change_password: user.force_change_password,
    needChangePassword: user.force_change_password,
  };
}
