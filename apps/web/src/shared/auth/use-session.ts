import type { FuncId, TProfile } from '@portal/contracts';
import { useMemo, useSyncExternalStore } from 'react';
import { changeUser, logout, renewToken, selectProfile, signIn, switchProfile } from './session-actions';
import { type SessionSnapshot, sessionStore } from './session-store';

/** True when the access list holds the function id (000 §6: a matching menu_id/func_id pair). */
export function hasFuncIn(snapshot: Pick<SessionSnapshot, 'uac'>, funcId: FuncId | string): boolean {
  return snapshot.uac?.menu_func_accesses.some((a) => a.func_id === funcId) ?? false;
}

/** The raw session snapshot; re-renders when it changes in this tab or another one. */
export const useSessionSnapshot = (): SessionSnapshot =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);

export interface Session extends SessionSnapshot {
  /** The chosen profile, or null before one is chosen. */
  currentProfile: TProfile | null;
  /** Signed in with a readable token (it may still be expired; the guard checks that). */
  isSignedIn: boolean;
  hasFunc: (funcId: FuncId | string) => boolean;
  signIn: typeof signIn;
  selectProfile: typeof selectProfile;
  switchProfile: typeof switchProfile;
  renewToken: typeof renewToken;
  changeUser: typeof changeUser;
  logout: typeof logout;
}

/** The signed-in user: claims, profiles, access and the session actions. */
export function useSession(): Session {
  const snapshot = useSessionSnapshot();
  return useMemo(
    () => ({
      ...snapshot,
      currentProfile: snapshot.profiles.find((p) => p.user_profile_id === snapshot.claims?.profile) ?? null,
      isSignedIn: snapshot.claims !== null,
      hasFunc: (funcId: FuncId | string) => hasFuncIn(snapshot, funcId),
      signIn,
      selectProfile,
      switchProfile,
      renewToken,
      changeUser,
      logout,
    }),
    [snapshot],
  );
}
