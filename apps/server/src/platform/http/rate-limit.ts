import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { MSG } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../../config';
import { API_PREFIX } from '../access/access';
import type { Db } from '../db/client';
import { AppError } from '../errors/app-error';
import { counter } from '../metrics/registry';
import { addCounts, hitCounter, sweepCounters } from './rate-limit.repository';

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
 * How often an instance adds the general API limit's calls to the shared counters and reads back every
 * instance's totals (RATE_LIMIT_SYNC_MS, default 250 ms).
 */
export const RATE_LIMIT_SYNC_MS = Math.max(10, Number(process.env.RATE_LIMIT_SYNC_MS ?? 250));

/**
 * The general API limit's counter: counted in memory and added to the shared database counters in one
 * statement per instance every RATE_LIMIT_SYNC_MS, instead of one write with its commit per request (which
 * cost more than the list query it guarded, and serialised one user's parallel calls on one row).
 * A key's count is every instance's total at the last sync plus this instance's calls since, so one
 * instance alone counts exactly; N instances together admit at most what the other N-1 admitted during
 * one sync interval beyond the limit. The credential limits do not use it: they stay exact (hitCounter).
 */
export function batchedCounter(db: Db, syncMs = RATE_LIMIT_SYNC_MS) {
  type Entry = { base: number; pending: number; endsAt: number; windowMs: number };
  const entries = new Map<string, Entry>();
  let running: Promise<void> | null = null;
  const flush = async () => {
    const now = Date.now();
    const batch: { key: string; hits: number; windowMs: number }[] = [];
    for (const [key, e] of entries) {
      if (e.pending > 0) {
        batch.push({ key, hits: e.pending, windowMs: e.windowMs });
        e.base += e.pending;
        e.pending = 0;
      } else if (e.endsAt <= now) entries.delete(key);
    }
    if (!batch.length) return;
    const totals = await addCounts(db, batch);
    const after = Date.now();
    for (const { key } of batch) {
      const e = entries.get(key);
      const t = totals.get(key);
      if (!e || !t) continue;
      // Every instance's total (including what this flush added); calls since stay pending on top.
      e.base = t.hits;
      e.endsAt = after + t.ttlMs;
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = flush()
      .catch(() => {
        // The database is away: keep counting locally (nothing is lost but the other instances' view).
      })
      .finally(() => {
        running = null;
      });
  }, syncMs);
  timer.unref();
  const count: Counter = async (key, windowMs) => {
    const now = Date.now();
    let e = entries.get(key);
    if (!e || e.endsAt <= now) {
      // A new window here; the sync will add any calls other instances counted in theirs.
      e = { base: 0, pending: 0, endsAt: now + windowMs, windowMs };
      entries.set(key, e);
    }
    e.pending++;
    return { hits: e.base + e.pending, ttlMs: Math.max(0, e.endsAt - now) };
  };
  return {
    count,
    /** Adds what is still pending now (tests; shutdown). */
    flush: () => (running ?? Promise.resolve()).then(flush),
    stop: () => clearInterval(timer),
  };
}

/**
 * @fastify/rate-limit's store interface over the database counter, so every server instance counts the
 * same calls (no Redis). The plugin builds the global store with `new Store(options)` and a child per
 * route with its own limit; a child's keys carry the route.
 */
function storeClass(exact: Counter, batched: Counter) {
  return class DatabaseStore implements FastifyRateLimitStore {
    private readonly scope: string;
    private readonly count: Counter;
    constructor(options?: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const route = options?.routeInfo;
      this.scope = route?.url ? `route:${[route.method].flat().join(',')} ${route.url}` : 'api';
      // Only the general API limit is counted in batches; a route's own (credential) limit stays exact.
      this.count = route?.url ? exact : batched;
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow = MINUTE_MS,
    ) {
      this.count(`${this.scope}:${key}`, timeWindow).then(
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
 * Rate limits (ASVS 2.2.1 anti-automation), counted in the database (rate_limit_counters; the general
 * limit in memory and synced every RATE_LIMIT_SYNC_MS, see batchedCounter):
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
  const api = batchedCounter(deps.db);
  app.addHook('onClose', async () => {
    api.stop();
    await api.flush().catch(() => {});
  });

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
    store: storeClass(count, api.count),
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
