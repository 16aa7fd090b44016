import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../platform/db/client';
import type { AppDeps } from '../../platform/http/types';
import { isShuttingDown } from '../../platform/lifecycle';

/** /healthz: the process answers. /readyz: the database answers too, and the instance is not stopping. */
export async function healthRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
    status: 'ok',
  }));
  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      if (isShuttingDown()) throw new Error('stopping');
      await pingDatabase(opts.deps.db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ msgKey: 'msgNotReady' });
    }
  });
}
