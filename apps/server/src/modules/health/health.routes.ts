import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../platform/db/client';
import type { AppDeps } from '../../platform/http/types';

/** /healthz: the process answers. /readyz: the database answers too. */
export async function healthRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
    status: 'ok',
  }));
  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await pingDatabase(opts.deps.db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ msgKey: 'msgNotReady' });
    }
  });
}
