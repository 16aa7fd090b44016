import type { TProfile } from '@portal/contracts';
import type { TokenService } from '../../platform/auth/token';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import { sysNoticeService } from '../sys-notice';
import { EMPTY_UAC, type SessionView } from './auth.presenter';
import type { UserRow } from './auth.repository';
import * as repo from './auth.repository';

/** Where a sign-in came from, kept on the session row. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** Expiry of a session opened or renewed now: whole seconds, so the row and the token's exp agree. */
export function nextExpiry(ttlSeconds: number): { exp: number; expiresAt: string } {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  return { exp, expiresAt: new Date(exp * 1000).toISOString() };
}

/** Opens a session row for `user`; returns its id and expiry. */
export async function openSession(
  tx: DbOrTx,
  opts: {
    user: UserRow;
    profileId: number | null;
    superUserUid: string | null;
    client: ClientInfo;
    ttlSeconds: number;
  },
): Promise<{ sid: string; exp: number }> {
  const { exp, expiresAt } = nextExpiry(opts.ttlSeconds);
  const sid = await repo.insertSession(tx, {
    user_uid: opts.user.user_uid,
    user_profile_id: opts.profileId,
    super_user_uid: opts.superUserUid,
    expires_at: expiresAt,
    ip: opts.client.ip?.slice(0, 64) ?? null,
    user_agent: opts.client.userAgent?.slice(0, 512) ?? null,
  });
  return { sid, exp };
}

/**
 * Loads what a session answer shows: profiles, the chosen profile's uac, preferences, notices and, in a
 * Change User session (superUserUid set and not the user), the real super user's name.
 */
export async function loadSessionView(
  tx: DbOrTx,
  userUid: string,
  profileId: number | null,
  knownProfiles?: TProfile[],
  superUserUid: string | null = null,
): Promise<SessionView> {
  // One after another: a transaction is one connection, and pg does not run queries on it in parallel.
  const profiles = knownProfiles ?? (await repo.listActiveProfiles(tx, userUid));
  const uac = profileId === null ? EMPTY_UAC : await repo.loadUac(tx, profileId);
  const preferences = await repo.listPreferences(tx, userUid);
  const notices = await sysNoticeService.validNow(tx);
  const superUser =
    superUserUid && superUserUid !== userUid ? await repo.findUserByUid(tx, superUserUid) : undefined;
  const superUserName = superUser ? `${superUser.first_name} ${superUser.last_name}`.trim() : null;
  return { profiles, uac, preferences, notices, superUserName };
}

/** Signs the token of a session (000 §3 Token profile plus the session id). */
export function signSessionToken(
  tokens: TokenService,
  user: UserRow,
  session: { sid: string; exp: number; profile: number | null; superUserUid: string | null },
): Promise<string> {
  return tokens.sign(
    {
      sub: user.user_uid,
      first_name: user.first_name,
      last_name: user.last_name,
      profile: session.profile,
      super_user_uid: session.superUserUid,
      sid: session.sid,
    },
    session.exp,
  );
}

/**
 * Signs `user` in: in one transaction runs `before` (e.g. revoke the caller's session), opens a session
 * with the only active profile chosen (none when there are several) and loads the answer's view; then
 * signs the token. Answers null when the user has no active profile.
 */
export async function startUserSession(opts: {
  db: Db;
  tokens: TokenService;
  user: UserRow;
  superUserUid: string | null;
  client: ClientInfo;
  ttlSeconds: number;
  before?: (tx: Tx) => Promise<void>;
}): Promise<{ token: string; sid: string; view: SessionView } | null> {
  const opened = await opts.db.transaction(async (tx) => {
    const profiles = await repo.listActiveProfiles(tx, opts.user.user_uid);
    if (profiles.length === 0) return null;
    await opts.before?.(tx);
    const profileId = profiles.length === 1 ? profiles[0].user_profile_id : null;
    const session = await openSession(tx, { ...opts, profileId });
    const view = await loadSessionView(tx, opts.user.user_uid, profileId, profiles, opts.superUserUid);
    return { session, profileId, view };
  });
  if (!opened) return null;
  const token = await signSessionToken(opts.tokens, opts.user, {
    ...opened.session,
    profile: opened.profileId,
    superUserUid: opts.superUserUid,
  });
  return { token, sid: opened.session.sid, view: opened.view };
}
