import { MSG, type RouteAccess } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../auth/token';
import { type Db, executePrepared } from '../db/client';
import { AppError, forbidden, unauthorized } from '../errors/app-error';
import { registerRequestContext, setRequestActor } from '../http/request-context';
import { ActorCache } from './actor-cache';

/** Who is calling: the signed-in user, the chosen profile and what it may do. */
export interface Actor {
  user_uid: string;
  login_id: string;
  first_name: string;
  last_name: string;
  sid: string;
  profile: number | null;
  profile_type: string | null;
  super_user_uid: string | null;
  /**
   * The real user behind a Change User session: the super user (super_user_uid) when it is not the
   * signed-in user itself. Null (or absent) in an ordinary session.
   */
  real_user?: { uid: string; login_id: string; name: string } | null;
  funcs: ReadonlySet<string>;
}

/** One registered route and its access declaration, as the onRoute hook saw it. */
export interface AccessEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this app with its access declaration, so tests can enumerate them. */
    accessRegistry: readonly AccessEntry[];
  }
  interface FastifyContextConfig {
    /** Who may call this route. Every route under /api/v1 must declare it; there is no default. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export const API_PREFIX = '/api/v1';

/** The function id a super user needs to use Change User (000 §6), and to keep a changed session alive. */
export const CHANGE_USER_FUNC = 'change_user';

/** Display name used in audit columns and status history. */
export const actorName = (a: Actor) => `${a.first_name} ${a.last_name}`.trim();

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** What one query reads about a session: the session, its user and profile, the role's functions. */
type SessionRow = {
  revoked: boolean;
  expired: boolean;
  /** The session's expiry in epoch ms, so a cached row still expires on time. */
  expires_ms: number;
  status: string;
  login_id: string;
  first_name: string;
  last_name: string;
  user_profile_id: number | null;
  profile_status: string | null;
  profile_type: string | null;
  funcs: string[];
  real_uid: string | null;
  real_login_id: string | null;
  real_first_name: string | null;
  real_last_name: string | null;
  /**
   * False in a Change User session whose real user may no longer change user (disabled, locked, no longer
   * a super user, or without change_user on an active profile): such a session is over at once.
   */
  real_ok: boolean;
  /**
   * The functions as a set, built once per cached row (not on every call: the operations role holds ~200):
   * the actors of the calls that reuse the row share it, which is why Actor.funcs is read-only.
   */
  funcSet?: ReadonlySet<string>;
};

const NO_FUNCS: ReadonlySet<string> = new Set();
const funcSetOf = (row: SessionRow): ReadonlySet<string> => {
  if (!row.funcSet) row.funcSet = new Set(row.funcs);
  return row.funcSet;
};

async function readSession(db: Db, sid: string, userUid: string): Promise<SessionRow | null> {
  // Prepared: a key lookup whose planning (six joins, ~1.5 ms) cost more than its run; every signed-in call
  // past the actor cache reads it.
  const { rows } = await executePrepared<SessionRow>(
    db,
    sql`
    select s.revoked_at is not null as revoked, s.expires_at < now() as expired,
           (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
           u.status, u.login_id, u.first_name, u.last_name,
           up.user_profile_id, up.status as profile_status, pt.code as profile_type,
           coalesce(array_agg(rf.func_id) filter (where rf.func_id is not null), '{}') as funcs,
           su.user_uid as real_uid, su.login_id as real_login_id,
           su.first_name as real_first_name, su.last_name as real_last_name,
           (s.super_user_uid is null or s.super_user_uid = s.user_uid or coalesce(
              su.status = 'A' and su.locked_at is null and su.is_super_user and exists (
                select 1 from user_profiles sup join role_funcs srf on srf.role_id = sup.role_id
                 where sup.user_uid = su.user_uid and sup.status = 'A' and srf.func_id = ${CHANGE_USER_FUNC}),
              false)) as real_ok
      from sessions s
      join users u on u.user_uid = s.user_uid
      left join users su on su.user_uid = s.super_user_uid and s.super_user_uid <> s.user_uid
      left join user_profiles up on up.user_profile_id = s.user_profile_id
      left join profile_types pt on pt.profile_type_id = up.profile_type_id
      left join role_funcs rf on rf.role_id = up.role_id
     where s.sid = ${sid} and s.user_uid = ${userUid}
     group by s.sid, u.user_uid, su.user_uid, up.user_profile_id, pt.code`,
  );
  return rows[0] ?? null;
}

async function loadActor(
  db: Db,
  tokens: TokenService,
  cache: ActorCache<SessionRow>,
  header: string | undefined,
): Promise<Actor> {
  if (!header?.startsWith('Bearer ')) throw unauthorized();
  const claims = await tokens.verify(header.slice(7));
  if (claims === 'expired') throw unauthorized(MSG.loginTimeout);
  if (!claims) throw unauthorized();
  const key = `${claims.sid}|${claims.sub}`;
  const row = await cache.get(key, () => readSession(db, claims.sid, claims.sub));
  if (!row || row.revoked || !row.real_ok) throw unauthorized(MSG.sessionRevoked);
  if (row.expired || row.expires_ms <= Date.now()) {
    cache.delete(key);
    throw unauthorized(MSG.loginTimeout);
  }
  if (row.status !== 'A') throw unauthorized(MSG.userDisabled);
  return actorOfRow(row, claims.sub, claims.sid, claims.super_user_uid ?? null);
}

/**
 * The actor of a live session read now, without a token (the notification socket, which authenticated the
 * session earlier, asks who may see a document it watches); null when the session is over or the user disabled.
 */
export async function actorOfSession(db: Db, sid: string, userUid: string): Promise<Actor | null> {
  const row = await readSession(db, sid, userUid);
  if (!row || row.revoked || !row.real_ok || row.expired || row.status !== 'A') return null;
  const { rows } = await db.execute<{ super_user_uid: string | null }>(
    sql`select super_user_uid from sessions where sid = ${sid}`,
  );
  return actorOfRow(row, userUid, sid, rows[0]?.super_user_uid ?? null);
}

function actorOfRow(row: SessionRow, userUid: string, sid: string, superUserUid: string | null): Actor {
  const profileOk = row.user_profile_id !== null && row.profile_status === 'A';
  return {
    user_uid: userUid,
    login_id: row.login_id,
    first_name: row.first_name,
    last_name: row.last_name,
    sid,
    profile: profileOk ? row.user_profile_id : null,
    profile_type: profileOk ? row.profile_type : null,
    super_user_uid: superUserUid,
    real_user: row.real_uid
      ? {
          uid: row.real_uid,
          login_id: row.real_login_id ?? '',
          name: `${row.real_first_name ?? ''} ${row.real_last_name ?? ''}`.trim(),
        }
      : null,
    funcs: profileOk ? funcSetOf(row) : NO_FUNCS,
  };
}

/**
 * Makes the actor known to the rest of the request: the request-scoped context (the status history
 * records the real user from it) and the request log, which names both users of a Change User session.
 * The user is added to the request's own log bindings (pino's setBindings) rather than through a child of
 * the request's logger: a grandchild logger per call turned each request's logger into a prototype, which
 * V8 makes slow to create (~5% of a signed-in call's CPU). The request's logger is its own object (Fastify
 * makes one per request); without a logger (tests) it is the shared root, which is left alone.
 */
function enterActor(
  request: FastifyRequest,
  reply: FastifyReply,
  actor: Actor | null,
  rootLog: FastifyBaseLogger,
) {
  if (!actor) return;
  setRequestActor({ uid: actor.user_uid, name: actorName(actor), real: actor.real_user ?? null });
  const bindings = actor.real_user
    ? { user: actor.login_id, real_user: actor.real_user.login_id }
    : { user: actor.login_id };
  const log = request.log as FastifyBaseLogger & { setBindings?: (b: typeof bindings) => void };
  if (log !== rootLog && typeof log.setBindings === 'function') {
    log.setBindings(bindings);
    return;
  }
  request.log = request.log.child(bindings);
  reply.log = request.log;
}

/** True when the actor may use a route with this access declaration. */
export function allows(access: RouteAccess, actor: Actor | null): boolean {
  if (access === 'public') return true;
  if (!actor) return false;
  if (access === 'authenticated') return true;
  if (actor.profile === null) return false;
  if (access === 'profile') return true;
  return actor.funcs.has(access.funcId);
}

/**
 * One global hook enforces every route's declared access: deny by default. A route under /api/v1
 * registered without a declaration stops the server from starting.
 */
export function registerAccess(app: FastifyInstance, deps: { db: Db; tokens: TokenService }) {
  app.decorateRequest('actor', null);
  // The session read of every call, reused for ACTOR_CACHE_MS and dropped on announced changes.
  const cache = ActorCache.forDb<SessionRow>(deps.db, (m) => app.log.warn(m));
  app.addHook('onReady', () => cache.start());
  app.addHook('onClose', () => cache.stop());
  registerRequestContext(app);
  const registry: AccessEntry[] = [];
  app.decorate('accessRegistry', registry);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      registry.push({ method, url: route.url, access: route.config?.access });
    }
    if (route.url.startsWith(API_PREFIX) && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access (funcId, 'public', ...)`);
    }
    // The OpenAPI document says what this hook enforces, so it never understates what is public: a
    // public route (or one outside the API, which no token guards) needs nothing, every other the bearer.
    const access = route.config?.access;
    route.schema = { ...route.schema, security: !access || access === 'public' ? [] : [{ bearer: [] }] };
  });
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) {
      if (request.url.startsWith(API_PREFIX) && !request.is404) throw forbidden();
      return; // web assets, API docs and the not-found handler
    }
    if (access === 'public') {
      // A public route may still use the caller when signed in; a bad token there is simply ignored.
      if (request.headers.authorization) {
        request.actor = await loadActor(deps.db, deps.tokens, cache, request.headers.authorization).catch(
          () => null,
        );
        enterActor(request, reply, request.actor, app.log);
      }
      return;
    }
    request.actor = await loadActor(deps.db, deps.tokens, cache, request.headers.authorization);
    enterActor(request, reply, request.actor, app.log);
    if (!allows(access, request.actor)) {
      request.log.warn(
        { security: 'access_denied', user: request.actor.login_id, access, url: request.url },
        'access denied',
      );
      throw access === 'profile' || (typeof access === 'object' && request.actor.profile === null)
        ? new AppError(403, MSG.profileRequired)
        : forbidden();
    }
  });
}
