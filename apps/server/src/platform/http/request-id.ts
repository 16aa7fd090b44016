import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { MSG } from '@portal/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The header a request id arrives in (from a proxy that assigns them) and every answer carries. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept only when it is a short token of safe characters (it goes into logs and headers). */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: an incoming `x-request-id` that is a safe short token, otherwise this process's
 * random prefix and a counter (`k3f9q2ax-1`, `k3f9q2ax-2`, …), so two instances (or a restarted one) never
 * log the same id, while ids of one process stay short and ordered.
 */
export function requestIdGenerator(prefix = randomBytes(6).toString('base64url')) {
  let n = 0;
  return (req: IncomingMessage): string => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    if (typeof incoming === 'string' && SAFE_ID.test(incoming)) return incoming;
    n = n === Number.MAX_SAFE_INTEGER ? 1 : n + 1;
    return `${prefix}-${n.toString(36)}`;
  };
}

/**
 * Puts the request id on every answer, errors, 404s and 503s included: set on the raw response in the first
 * hook, so no reply path (the error handler, the not-found handler, the stopping instance's refusal) drops it.
 */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (or an overlong parameter) is refused before any
 * hook runs; without this the 400 went out with neither a request id nor a log line.
 */
export function requestIdFrameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
  request.log.info({ code: error.code }, 'request refused before routing');
  // The one error shape (a message key the web app translates); Fastify's code stays beside it for logs.
  void reply.code(error.statusCode ?? 400).send({
    msgKey: MSG.fieldInvalid,
    code: error.code,
    details: [{ field: 'url', msgKey: MSG.fieldInvalid }],
  });
}
