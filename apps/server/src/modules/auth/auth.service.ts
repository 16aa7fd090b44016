import {
  MAX_FAILED_LOGINS,
  MSG,
  type TLoginRequest,
  type TLoginResponse,
  type TRenewTokenResponse,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Actor, CHANGE_USER_FUNC } from '../../platform/access/access';
import { dummyHash, verifyPassword } from '../../platform/auth/password';
import { AppError, forbidden, notFound, unauthorized, unprocessable } from '../../platform/errors/app-error';
import type { AppDeps } from '../../platform/http/types';
import { counter } from '../../platform/metrics';
import { presentLogin, presentRenew } from './auth.presenter';
import * as repo from './auth.repository';
import { isPasswordExpired } from './password-policy';
import {
  type ClientInfo,
  loadSessionView,
  nextExpiry,
  signSessionToken,
  startUserSession,
} from './session.service';

export { CHANGE_USER_FUNC };

const accountLocked = () => new AppError(423, MSG.accountLocked);

/** Prometheus (GET /metrics): failed sign-ins by reason, and accounts locked by too many of them. */
const signInFailures = counter('portal_sign_in_failures_total', 'Failed sign-ins by reason', ['reason']);
const lockouts = counter('portal_account_lockouts_total', 'Accounts locked after too many failed sign-ins');

/**
 * Signs a user in (000 §3, §4 Sign-in): checks the password (in the same time for unknown users), counts
 * failures and locks the account at MAX_FAILED_LOGINS, refuses pending, disabled and profile-less users,
 * then opens a session, with the profile already chosen when the user has exactly one.
 */
export async function login(opts: {
  deps: AppDeps;
  input: TLoginRequest;
  client: ClientInfo;
  log: FastifyBaseLogger;
}): Promise<TLoginResponse> {
  const { deps, input, client, log } = opts;
  const user = await repo.findUserByLogin(deps.db, input.username);
  // Verify against a dummy hash when there is no user (or no password yet), so timing reveals nothing.
  const passwordOk =
    (await verifyPassword(user?.password_hash ?? (await dummyHash()), input.password)) &&
    Boolean(user?.password_hash);
  const fail = (reason: string, error: AppError) => {
    log.warn(
      { security: 'login_failure', reason, login: input.username, user_uid: user?.user_uid, ip: client.ip },
      'sign-in failed',
    );
    signInFailures.inc({ reason });
    if (reason === 'locked_now') lockouts.inc();
    return error;
  };
  if (!user) throw fail('unknown_user', unauthorized(MSG.loginIncorrect));
  if (user.locked_at) throw fail('locked', accountLocked());
  if (!passwordOk) {
    const { locked } = await repo.recordFailedLogin(deps.db, user.user_uid, MAX_FAILED_LOGINS);
    throw locked
      ? fail('locked_now', accountLocked())
      : fail('wrong_password', unauthorized(MSG.loginIncorrect));
  }
  if (user.status === 'P') throw fail('not_activated', forbidden(MSG.userNotActivated));
  if (user.status !== 'A') throw fail('disabled', forbidden(MSG.userDisabled));

  const superUserUid = user.is_super_user ? user.user_uid : null;
  const started = await startUserSession({
    db: deps.db,
    tokens: deps.tokens,
    user,
    superUserUid,
    client,
    ttlSeconds: deps.config.tokenTtlSeconds,
    before: (tx) => repo.recordSuccessfulLogin(tx, user.user_uid, input.language),
  });
  if (!started) throw fail('no_profile', forbidden(MSG.profileNotFound));
  log.info(
    {
      security: 'login_success',
      login: user.login_id,
      user_uid: user.user_uid,
      sid: started.sid,
      ip: client.ip,
    },
    'signed in',
  );
  // An expired password (PASSWORD_MAX_AGE_DAYS) forces a change like force_change_password does.
  const forceChange =
    user.force_change_password ||
    isPasswordExpired(user.password_changed_at, deps.config.password.maxAgeDays);
  return presentLogin(
    started.token,
    { ...user, default_lang: input.language, force_change_password: forceChange },
    started.view,
  );
}

/** Moves the session's expiry (and chosen profile) forward and signs a fresh token for it. */
async function refreshSession(deps: AppDeps, actor: Actor, profileId: number): Promise<TRenewTokenResponse> {
  const { exp, expiresAt } = nextExpiry(deps.config.tokenTtlSeconds);
  const out = await deps.db.transaction(async (tx) => {
    const profiles = await repo.listActiveProfiles(tx, actor.user_uid);
    if (!profiles.some((p) => p.user_profile_id === profileId)) throw notFound(MSG.profileNotFound);
    const user = await repo.findUserByUid(tx, actor.user_uid);
    const session = await repo.findSession(tx, actor.sid);
    if (!user || !session || session.revoked_at) throw unauthorized(MSG.sessionRevoked);
    await repo.updateSession(tx, actor.sid, { expires_at: expiresAt, user_profile_id: profileId });
    const view = await loadSessionView(tx, actor.user_uid, profileId, profiles, session.super_user_uid);
    return { user, session, view };
  });
  const token = await signSessionToken(deps.tokens, out.user, {
    sid: actor.sid,
    exp,
    profile: profileId,
    superUserUid: out.session.super_user_uid,
  });
  return presentRenew(token, out.user, out.view);
}

/** POST /Auth/renewtoken: extends the current session; a profile must have been chosen. */
export async function renewToken(opts: { deps: AppDeps; actor: Actor }): Promise<TRenewTokenResponse> {
  if (opts.actor.profile === null) throw new AppError(403, MSG.profileRequired);
  return refreshSession(opts.deps, opts.actor, opts.actor.profile);
}

/** POST /Auth/renewtoken/{profileId}: chooses or switches the profile of the current session. */
export async function switchProfile(opts: {
  deps: AppDeps;
  actor: Actor;
  profileId: number;
  log: FastifyBaseLogger;
}): Promise<TRenewTokenResponse> {
  const answer = await refreshSession(opts.deps, opts.actor, opts.profileId);
  opts.log.info(
    {
      security: 'profile_chosen',
      user_uid: opts.actor.user_uid,
      sid: opts.actor.sid,
      profile: opts.profileId,
    },
    'profile chosen',
  );
  return answer;
}

/**
 * POST /Auth/ChangeUser/{id}: a super user (the token carries super_user_uid) holding change_user
 * continues as another active user. The current session ends; the new one remembers the super user.
 * The target's function ids over all their active profiles must be a subset of the REAL super user's
 * (super_user_uid, not the user changed into), so Change User never grants more than the super user
 * holds: no `admin` target unless the super user holds admin. Changing back to oneself always passes.
 */
export async function changeUser(opts: {
  deps: AppDeps;
  actor: Actor;
  id: string;
  client: ClientInfo;
  log: FastifyBaseLogger;
}): Promise<TLoginResponse> {
  const { deps, actor, id, client, log } = opts;
  const superUserUid = actor.super_user_uid;
  const deny = (reason: string, error: AppError, extra: Record<string, unknown> = {}) => {
    log.warn(
      {
        security: 'change_user_denied',
        reason,
        user_uid: actor.user_uid,
        super_user_uid: superUserUid,
        target: id,
        ...extra,
      },
      'change user refused',
    );
    return error;
  };
  if (!superUserUid || !(await repo.superUserHoldsFunc(deps.db, superUserUid, CHANGE_USER_FUNC))) {
    throw deny('no_right', forbidden(MSG.noChangeUserRight));
  }
  const target = await repo.findUserByLoginOrUid(deps.db, id);
  // A locked account is as closed as a disabled one: only a password reset opens it again (000 §4).
  if (target?.status !== 'A' || target.locked_at) {
    throw deny('target_unknown_or_inactive', unprocessable(MSG.changeUserFail), {
      locked: Boolean(target?.locked_at),
    });
  }
  if (target.user_uid !== superUserUid) {
    const own = await repo.listUserFuncIds(deps.db, superUserUid);
    const wanted = await repo.listUserFuncIds(deps.db, target.user_uid);
    const beyond = [...wanted].filter((f) => !own.has(f));
    if (beyond.length) {
      throw deny('target_holds_more_rights', forbidden(MSG.noChangeUserRight), {
        beyond: beyond.slice(0, 20),
      });
    }
  }

  const started = await startUserSession({
    db: deps.db,
    tokens: deps.tokens,
    user: target,
    superUserUid,
    client,
    ttlSeconds: deps.config.tokenTtlSeconds,
    before: (tx) => repo.revokeSession(tx, actor.sid),
  });
  if (!started) throw deny('target_without_profile', unprocessable(MSG.changeUserFail));
  log.info(
    {
      security: 'change_user',
      super_user_uid: superUserUid,
      from_user_uid: actor.user_uid,
      to_user_uid: target.user_uid,
      to_login: target.login_id,
      sid: started.sid,
    },
    'changed user',
  );
  return presentLogin(started.token, target, started.view);
}

/** POST /Auth/logout: revokes the current session, so its token stops working at once. */
export async function logout(opts: { deps: AppDeps; actor: Actor; log: FastifyBaseLogger }) {
  await repo.revokeSession(opts.deps.db, opts.actor.sid);
  opts.log.info({ security: 'logout', user_uid: opts.actor.user_uid, sid: opts.actor.sid }, 'signed out');
  return { success: true };
}
