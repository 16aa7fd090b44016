import { LANGUAGE_STORAGE_KEY } from '../i18n/i18n';

/** Where the session keeps its parts in localStorage (shared across tabs, 000 §4 Session). */
export const STORAGE_KEYS = {
  token: 'portal.token',
  profiles: 'portal.profiles',
  uac: 'portal.uac',
  language: LANGUAGE_STORAGE_KEY,
  /** Same key as shared/list's PAGE_SIZE_STORAGE_KEY. */
  pageSize: 'portal.pageSize',
  userPreferences: 'portal.userPreferences',
  tableLayoutSettings: 'portal.tableLayoutSettings',
  forceChangePassword: 'portal.forceChangePassword',
  userStatus: 'portal.userStatus',
  sysNotices: 'portal.sysNotices',
  sysAlerts: 'portal.sysAlerts',
  /** The real (super) user's name in a Change User session, for the header banner. */
  superUserName: 'portal.superUserName',
} as const;

/** The prefix of every key the portal writes; logout clears them all except device preferences. */
export const STORAGE_PREFIX = 'portal.';

/**
 * Device-level preferences that survive logout (menu and table layouts are about the screen, not the
 * session): exact keys, or prefixes ending in '.'.
 */
export const KEPT_ON_LOGOUT: readonly string[] = ['portal.menu', 'portal.tableLayout.'];

/** True when logout must keep this localStorage key. */
export const keptOnLogout = (key: string) =>
  KEPT_ON_LOGOUT.some((k) => (k.endsWith('.') ? key.startsWith(k) : key === k));

/** Keys whose change (in this or another tab) changes the session snapshot. */
export const SESSION_KEYS: readonly string[] = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.profiles,
  STORAGE_KEYS.uac,
  STORAGE_KEYS.forceChangePassword,
  STORAGE_KEYS.superUserName,
];

/** Reads a JSON value from localStorage, or the fallback when it is missing or unreadable. */
export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}
