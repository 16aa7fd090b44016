import type { TLoginResponse, TokenClaims, TProfile, TRenewTokenResponse, TUac } from '@portal/contracts';
import { setTokenGetter } from '../api/http';
import { keptOnLogout, readJson, SESSION_KEYS, STORAGE_KEYS, STORAGE_PREFIX } from './storage-keys';
import { decodeClaims } from './token-claims';

/** What the app knows about the signed-in user, rebuilt from localStorage whenever it changes. */
export interface SessionSnapshot {
  token: string | null;
  /** Null when there is no token or it cannot be read. */
  claims: TokenClaims | null;
  profiles: TProfile[];
  uac: TUac | null;
  forceChangePassword: boolean;
  /** The real (super) user's name when this is a Change User session, else null. */
  superUserName: string | null;
}

const read = (): SessionSnapshot => {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  return {
    token,
    claims: decodeClaims(token),
    profiles: readJson<TProfile[]>(STORAGE_KEYS.profiles, []),
    uac: readJson<TUac | null>(STORAGE_KEYS.uac, null),
    forceChangePassword: localStorage.getItem(STORAGE_KEYS.forceChangePassword) === 'true',
    superUserName: readJson<string | null>(STORAGE_KEYS.superUserName, null),
  };
};

let snapshot: SessionSnapshot = read();
const listeners = new Set<() => void>();
const clearedListeners = new Set<() => void>();

const emit = () => {
  snapshot = read();
  for (const l of listeners) l();
};

const write = (key: string, value: unknown) => {
  if (value === undefined) return;
  localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
};

/** Stores what /Auth/renewtoken (or a profile choice) answers. */
function storeRenew(res: TRenewTokenResponse) {
  write(STORAGE_KEYS.token, res.token);
  write(STORAGE_KEYS.profiles, res.profiles);
  write(STORAGE_KEYS.uac, res.uac);
  write(STORAGE_KEYS.userStatus, res.userStatus);
  write(STORAGE_KEYS.userPreferences, res.user_preferences);
  write(STORAGE_KEYS.sysAlerts, res.sysAlertList);
  // JSON, so null (an ordinary session) is stored too and replaces a previous Change User name.
  write(STORAGE_KEYS.superUserName, JSON.stringify(res.super_user_name ?? null));
}

/** The session store: a tiny external store read with useSyncExternalStore (see use-session.ts). */
export const sessionStore = {
  getSnapshot: (): SessionSnapshot => snapshot,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Runs after the session is cleared (logout, 401), e.g. to drop cached server data. */
  onCleared(listener: () => void) {
    clearedListeners.add(listener);
    return () => {
      clearedListeners.delete(listener);
    };
  },
  /** Keeps everything /Auth/login or /Auth/ChangeUser answered. */
  storeLogin(res: TLoginResponse) {
    storeRenew(res);
    write(STORAGE_KEYS.pageSize, String(res.default_page_size));
    write(STORAGE_KEYS.tableLayoutSettings, res.table_layout_settings ?? null);
    write(STORAGE_KEYS.sysNotices, res.sysNoticeList);
    write(STORAGE_KEYS.forceChangePassword, String(res.force_change_password || res.needChangePassword));
    emit();
  },
  storeRenew(res: TRenewTokenResponse) {
    storeRenew(res);
    emit();
  },
  setForceChangePassword(value: boolean) {
    write(STORAGE_KEYS.forceChangePassword, String(value));
    emit();
  },
  /** Removes every portal.* key except device preferences, and session storage. */
  clear() {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(STORAGE_PREFIX) && !keptOnLogout(k)) keys.push(k);
    }
    for (const k of keys) localStorage.removeItem(k);
    sessionStorage.clear();
    emit();
    for (const l of clearedListeners) l();
  },
  /** Re-reads localStorage (after another tab changed it). */
  refresh: emit,
};

// A change in another tab (renewed token, logout, profile switch) reaches this tab as a storage event.
window.addEventListener('storage', (e) => {
  if (e.storageArea !== localStorage) return;
  if (e.key === null || SESSION_KEYS.includes(e.key)) emit();
});

setTokenGetter(() => localStorage.getItem(STORAGE_KEYS.token));
