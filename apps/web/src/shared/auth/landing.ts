import type { TUserModuleListResponse } from '@portal/contracts';

/** The forced password change page (000 §2.2, §4 Sign-in step 3). */
export const CHANGE_PASSWORD_PATH = '/BMS/Setting/update_user_password';
export const USER_PROFILE_PATH = '/BMS/Setting/user_profile';
export const LOGIN_PATH = '/login';
export const ACCESS_DECLINED_PATH = '/AccessDeclined';

/** Profiles whose landing page is booking approval (000 §4, §6). */
const APPROVAL_LANDING_PROFILES = ['AGENT', 'CONSIGNEE'];
const APPROVAL_MODULE_KEY = 'm_booking_approval_enhance';

/**
 * The default page after sign-in (000 §4): booking approval for AGENT and CONSIGNEE when they have it,
 * else the first module that is neither a setting nor an admin one, else the root.
 */
export function landingPath(modules: TUserModuleListResponse['modules'], profileType: string | null): string {
  if (profileType && APPROVAL_LANDING_PROFILES.includes(profileType.toUpperCase())) {
    const approval = modules.find((m) => m.key === APPROVAL_MODULE_KEY && m.url);
    if (approval) return approval.url;
  }
  const first = modules.find((m) => m.url && m.section !== 'setting' && m.section !== 'admin');
  return first?.url ?? '/';
}

/**
 * The redir target when it is a path on this site (not another origin, not the login page itself);
 * null otherwise, so a crafted link cannot send the user elsewhere.
 */
export function safeRedirect(
  redir: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (!redir?.startsWith('/') || redir.startsWith('//') || redir.startsWith('/\\')) return null;
  try {
    const url = new URL(redir, origin);
    if (url.origin !== origin) return null;
    if (url.pathname.toLowerCase() === LOGIN_PATH) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** Message keys the login page shows (persistently) when it is opened with `?reason=`. */
export const LOGIN_REASONS = [
  'msgLoginTimeout',
  'msgSessionRevoked',
  'msgProfileNotFound',
  'msgUserDisabled',
] as const;
export type LoginReason = (typeof LOGIN_REASONS)[number];

/** /login with the page to come back to and, optionally, why the user was sent there. */
export function loginUrl(redir?: string | null, reason?: LoginReason): string {
  const q = new URLSearchParams();
  const back = safeRedirect(redir ?? null);
  if (back && back !== '/') q.set('redir', back);
  if (reason) q.set('reason', reason);
  const s = q.toString();
  return s ? `${LOGIN_PATH}?${s}` : LOGIN_PATH;
}

/** The current path, search and hash: what redir should bring the user back to. */
export const currentPath = () => window.location.pathname + window.location.search + window.location.hash;
