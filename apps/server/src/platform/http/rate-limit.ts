import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { MSG } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../../config';
import { API_PREFIX } from '../access/access';
import type { Db } from '../db/client';
import { AppError } from '../errors/app-error';
import { counter } from '../metrics/registry';
import { hitCounter, sweepCounters } from './rate-limit.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A strict limit for a route that checks credentials or tells whether an account exists (sign-in,
     * passwords, registration, SIS validation): per client address, and per login id read from the
     * named body or query field(s), lower-cased (the signed-in user's login id when none is given).
     */
    credentialLimit?: { loginId?: string | readonly string[] };
  }
}

const MINUTE_MS = 60_000;
/** The per-login-id window: long enough that guessing one account's password stays slow across addresses. */
export const LOGIN_WINDOW_MS = 15 * MINUTE_MS;

/** 429 in the one error shape, with the wait in seconds (the Retry-After header carries it too). */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, MSG.tooManyRequests, { params: { retryAfterSeconds } });

/** Refusals by which limit: api (per user or address), credential_address, credential_login. */
const refusals = counter('portal_rate_limit_refusals_total', 'Requests refused by a rate limit', ['limit']);

type Counter = (key: string, windowMs: number) => Promise<{ hits: number; ttlMs: number }>;

/** The database counter, sweeping ended windows at most once a minute (in the background). */
function databaseCounter(db: Db): Counter {
  let lastSweep = Date.now();
  return async (key, windowMs) => {
    if (Date.now() - lastSweep > MINUTE_MS) {
      lastSweep = Date.now();
      sweepCounters(db).catch(() => {});
    }
    return hitCounter(db, key, windowMs);
  };
}

/**
 * @fastify/rate-limit's store interface over the database counter, so every server instance counts the
 * same calls (no Redis). The plugin builds the global store with `new Store(options)` and a child per
 * route with its own limit; a child's keys carry the route.
 */
function storeClass(count: Counter) {
  return class DatabaseStore implements FastifyRateLimitStore {
    private readonly scope: string;
    constructor(options?: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const route = options?.routeInfo;
      this.scope = route?.url ? `route:${[route.method].flat().join(',')} ${route.url}` : 'api';
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow = MINUTE_MS,
    ) {
      count(`${this.scope}:${key}`, timeWindow).then(
        (r) => callback(null, { current: r.hits, ttl: r.ttlMs }),
        (e: Error) => callback(e),
      );
    }
    child(options: unknown): FastifyRateLimitStore {
      return new DatabaseStore(options as { routeInfo?: { method?: string; url?: string } });
    }
  };
}

const loginIdOf = (request: FastifyRequest, fields: readonly string[]): string | null => {
  for (const source of [request.body, request.query]) {
    if (!source || typeof source !== 'object') continue;
    for (const f of fields) {
      const v = (source as Record<string, unknown>)[f];
      if (typeof v === 'string' && v.trim()) return v.trim().toLowerCase();
    }
  }
  return request.actor?.login_id.toLowerCase() ?? null;
};

/**
 * Rate limits (ASVS 2.2.1 anti-automation), counted in the database (rate_limit_counters):
 * - every /api/v1 route: `apiPerMinute` calls per minute per signed-in user, or per client address when
 *   anonymous;
 * - routes declaring `credentialLimit`: `authPerIpPerMinute` calls per minute per client address, and
 *   `authPerLoginPer15Minutes` calls per 15 minutes per login id (a guesser spreading over addresses
 *   still meets the second). Account lockout after 5 failed sign-ins is separate and unchanged.
 * Over a limit: 429 msgTooManyRequests with params.retryAfterSeconds and a Retry-After header.
 * The client address honours TRUST_PROXY (Fastify's trustProxy).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: { db: Db; config: { rateLimit: RateLimitConfig } },
) {
  const limits = deps.config.rateLimit;
  const count = databaseCounter(deps.db);

  // Runs before the plugin's own onRoute hook (added below), so the plugin sees the per-route limit.
  app.addHook('onRoute', (route) => {
    const strict = route.config?.credentialLimit;
    if (!strict) return;
    route.config = {
      ...route.config,
      rateLimit: { max: limits.authPerIpPerMinute, timeWindow: MINUTE_MS, keyGenerator: (req) => req.ip },
    };
    const fields = [strict.loginId ?? []].flat();
    const scope = `login:${[route.method].flat().join(',')} ${route.url}`;
    // The login id is known once the body is parsed and validated: a second count in preHandler.
    const perLogin = async (request: FastifyRequest, reply: FastifyReply) => {
      const login = loginIdOf(request, fields);
      if (!login) return;
      const { hits, ttlMs } = await count(`${scope}:${login}`, LOGIN_WINDOW_MS);
      if (hits <= limits.authPerLoginPer15Minutes) return;
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
      request.log.warn({ security: 'rate_limited', by: 'login_id', url: route.url }, 'too many requests');
      refusals.inc({ limit: 'credential_login' });
      reply.header('retry-after', seconds);
      throw tooManyRequests(seconds);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), perLogin] as typeof route.preHandler;
  });

  await app.register(rateLimit, {
    global: true,
    max: limits.apiPerMinute,
    timeWindow: MINUTE_MS,
    hook: 'onRequest',
    store: storeClass(count),
    // Runs after the access hook (a route's own hooks follow the global ones), so the caller is known.
    keyGenerator: (req) => (req.actor ? `user:${req.actor.user_uid}` : `ip:${req.ip}`),
    // Web assets, the API docs and the health probes are not counted.
    allowList: (req) => !req.url.startsWith(API_PREFIX),
    errorResponseBuilder: (req, ctx) => {
      req.log.warn({ security: 'rate_limited', by: 'address_or_user', url: req.url }, 'too many requests');
      refusals.inc({ limit: req.routeOptions.config?.credentialLimit ? 'credential_address' : 'api' });
      return tooManyRequests(Math.max(1, Math.ceil(ctx.ttl / 1000)));
    },
  });
}
