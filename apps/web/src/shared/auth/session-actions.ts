import type {
  TLoginRequest,
  TLoginResponse,
  TRenewTokenResponse,
  TUserModuleListResponse,
} from '@portal/contracts';
import { api } from '../api/http';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH, landingPath, safeRedirect } from './landing';
import { sessionStore } from './session-store';
import { decodeClaims } from './token-claims';

/** POST /Auth/login; stores the answer. Failures are thrown (ApiError) for the login page to show. */
export async function signIn(req: TLoginRequest): Promise<TLoginResponse> {
  const res = await api.post<TLoginResponse>('/Auth/login', req, { silent: true });
  sessionStore.storeLogin(res);
  return res;
}

/** POST /Auth/renewtoken/{profileId}: chooses (or switches to) a profile and stores the new token. */
export async function selectProfile(profileId: number): Promise<TRenewTokenResponse> {
  const res = await api.post<TRenewTokenResponse>(`/Auth/renewtoken/${profileId}`, {}, { silent: true });
  sessionStore.storeRenew(res);
  return res;
}

/** Switches profile, then reloads the whole application at '/' (000 §2.2). */
export async function switchProfile(profileId: number): Promise<void> {
  await selectProfile(profileId);
  window.location.assign('/');
}

/** POST /Auth/renewtoken: a fresh token for the current profile. */
export async function renewToken(): Promise<TRenewTokenResponse> {
  const res = await api.post<TRenewTokenResponse>('/Auth/renewtoken', {}, { silent: true });
  sessionStore.storeRenew(res);
  return res;
}

/** POST /Auth/ChangeUser/{loginId} (super users): becomes that user, like a sign-in. */
export async function changeUser(loginId: string): Promise<TLoginResponse> {
  const res = await api.post<TLoginResponse>(
    `/Auth/ChangeUser/${encodeURIComponent(loginId)}`,
    {},
    { silent: true },
  );
  sessionStore.clear();
  sessionStore.storeLogin(res);
  return res;
}

/**
 * Change User, then the target's only profile (the login page asks when there are several, or reports
 * none) and where to go next. Answers the path; the caller reloads so no screen keeps the previous user.
 */
export async function changeUserAndLand(id: string): Promise<string> {
  const res = await changeUser(id);
  if (decodeClaims(res.token)?.profile == null) {
    if (res.profiles.length !== 1) return LOGIN_PATH;
    await selectProfile(res.profiles[0].user_profile_id);
  }
  return afterSignInPath(null);
}

/** Ends the session: tells the server (best effort) and clears all local data (000 §4). */
export function logout(): void {
  if (sessionStore.getSnapshot().token) {
    // The client reads the token synchronously, so the call still carries it after the clear below.
    api.post('/Auth/logout', {}, { silent: true }).catch(() => undefined);
  }
  sessionStore.clear();
}

/** Clears the local session without calling the server (its token is already refused). */
export const clearSession = () => sessionStore.clear();

/** GET /Users/UserModuleList. */
export const fetchUserModules = () => api.get<TUserModuleListResponse>('/Users/UserModuleList');

/**
 * Where to go once a profile is chosen (000 §4 Sign-in): the forced password change, else redir when it
 * is on this site, else the default landing page.
 */
export async function afterSignInPath(redir: string | null): Promise<string> {
  const s = sessionStore.getSnapshot();
  if (s.forceChangePassword) return CHANGE_PASSWORD_PATH;
  const back = safeRedirect(redir);
  if (back) return back;
  try {
    const { modules } = await fetchUserModules();
    const profile = s.profiles.find((p) => p.user_profile_id === s.claims?.profile);
    return landingPath(modules, profile?.profile_type ?? null);
  } catch {
    return '/';
  }
}
