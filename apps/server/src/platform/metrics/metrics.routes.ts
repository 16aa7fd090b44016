import { createHash, timingSafeEqual } from 'node:crypto';
import { MSG } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError, unauthorized } from '../errors/app-error';
import { registerHttpMetrics } from './platform-metrics';
import { scrape } from './registry';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares the bearer token in constant time (hashing first makes the lengths equal). */
function tokenMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return given.length > 0 && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in Prometheus text format, for a scraper holding METRICS_TOKEN as its bearer token
 * (docs/decisions.md "Operations"). Without METRICS_TOKEN the endpoint does not exist (404), so an instance
 * never publishes its internals by accident. Not under /api/v1: no user session, no rate limit.
 */
export async function metricsRoutes(app: FastifyInstance, opts: { db: Db; token: string | undefined }) {
  registerHttpMetrics(app);
  const token = opts.token;
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new AppError(404, MSG.notFound, { params: { path: '/metrics' } });
    if (!tokenMatches(request, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized(MSG.unauthorized);
    }
    const out = await scrape({ db: opts.db }, (name, e) =>
      request.log.warn({ collector: name, err: e }, 'metrics collector failed'),
    );
    return reply.header('content-type', out.contentType).header('cache-control', 'no-store').send(out.body);
  });
}
