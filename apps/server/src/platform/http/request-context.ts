import { AsyncLocalStorage } from 'node:async_hooks';
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
/** Where each request keeps its context, to re-enter it after body parsing (stream events lose it). */
const kContext = Symbol('portal.requestContext');
type WithContext = FastifyRequest & { [kContext]: RequestContext | null };

/**
 * Opens one request-scoped context per request. Registered before the access hook, which fills in the
 * actor, so every write in the request can read who acts without each call site passing it.
 * The context object rides on the request (a decorator, so every request has the same shape) and is
 * re-entered with the same store before validation (formerly an AsyncResource per request, found again
 * through a WeakMap: more allocation for the same effect).
 */
export function registerRequestContext(app: FastifyInstance) {
  app.decorateRequest(kContext, null);
  app.addHook('onRequest', (request, _reply, done) => {
    const ctx: RequestContext = { actor: null };
    (request as WithContext)[kContext] = ctx;
    storage.run(ctx, done);
  });
  // The body arrives on socket events outside the request's async scope: re-enter it for the handler.
  app.addHook('preValidation', (request, _reply, done) => {
    const ctx = (request as WithContext)[kContext];
    if (ctx && storage.getStore() !== ctx) storage.run(ctx, done);
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

/** Whether the caller runs inside a request (tests tell a request's statements from background work by it). */
export const insideRequest = (): boolean => storage.getStore() !== undefined;
