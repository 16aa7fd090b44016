import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Who acts in the current request, as code far from the request (e.g. the status history) needs it. */
export interface RequestActorContext {
  uid: string;
  name: string;
  /**
   * The real user behind a Change User session (000 §6): the super user who changed into `uid`.
   * Null in an ordinary session.
   */
  real: { uid: string; login_id: string; name: string } | null;
}

interface RequestContext {
  actor: RequestActorContext | null;
}

const storage = new AsyncLocalStorage<RequestContext>();
/** The async scope of each request, re-entered after body parsing (stream events lose the context). */
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Opens one request-scoped context per request. Registered before the access hook, which fills in the
 * actor, so every write in the request can read who acts without each call site passing it.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ actor: null }, () => {
      const scope = new AsyncResource('portal-request-context');
      scopes.set(request, scope);
      scope.runInAsyncScope(done);
    });
  });
  // The body arrives on socket events outside the request's async scope: re-enter it for the handler.
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}

/** Records the acting user of the current request (called by the access hook once the token is checked). */
export function setRequestActor(actor: RequestActorContext | null) {
  const ctx = storage.getStore();
  if (ctx) ctx.actor = actor;
}

/** The acting user of the current request, or null outside a request or before sign-in. */
export const currentRequestActor = (): RequestActorContext | null => storage.getStore()?.actor ?? null;
