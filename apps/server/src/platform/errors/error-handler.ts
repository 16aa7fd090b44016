import { MSG, type TApiError, type TFieldError, ZApiError } from '@portal/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError } from '../db/connection-errors';
import { AppError } from './app-error';

/** Seconds a caller is told to wait when the database cannot be reached (Retry-After of msgServiceUnavailable). */
export const DB_RETRY_AFTER_SECONDS = 2;

interface ZodLikeIssue {
  code?: string;
  message?: string;
  path?: PropertyKey[];
  expected?: string;
  input?: unknown;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  keys?: string[];
}

/** Turns one zod issue into a per-field detail with a message key the web app can translate. */
export function issueToDetail(issue: ZodLikeIssue, prefix?: string): TFieldError {
  const path = (issue.path ?? []).map(String).join('.');
  const field = [prefix, path].filter(Boolean).join('.') || '(root)';
  const custom = /^(msg|err)[A-Z]/.test(issue.message ?? '') ? issue.message : undefined;
  const detail = (msgKey: string, params?: Record<string, string | number>): TFieldError =>
    params ? { field, msgKey: custom ?? msgKey, params } : { field, msgKey: custom ?? msgKey };
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 leaves `input` out of issues unless asked to report it; its message still names what came.
      return issue.input === undefined || issue.input === null
        ? 'input' in issue || /received (undefined|null)$/.test(issue.message ?? '')
          ? detail(MSG.fieldRequired)
          : detail(MSG.fieldInvalidType, { expected: String(issue.expected ?? '') })
        : detail(MSG.fieldInvalidType, { expected: String(issue.expected ?? '') });
    case 'too_big':
      return detail(MSG.fieldTooLong, { max: Number(issue.maximum ?? 0) });
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? detail(MSG.fieldRequired)
        : detail(MSG.fieldTooShort, { min: Number(issue.minimum ?? 0) });
    case 'unrecognized_keys':
      return { field: issue.keys?.join(',') ?? field, msgKey: MSG.fieldUnknown };
    default:
      return detail(MSG.fieldInvalid);
  }
}

const body = (msgKey: string, extra: Omit<TApiError, 'msgKey'> = {}): TApiError => ({ msgKey, ...extra });

/** The one error handler: every failure leaves as `{ msgKey, Message?, params?, details? }`, never a bare 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.msgKey, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext;
      const details = error.validation.map((v) =>
        issueToDetail(
          {
            ...(v.params as ZodLikeIssue),
            code: v.keyword,
            message: v.message,
            path: v.instancePath.split('/').filter(Boolean),
          },
          where === 'body' ? undefined : where,
        ),
      );
      return reply.status(400).send(body(MSG.validationFailed, { details }));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(body(MSG.unsupportedMediaType));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply.status(400).send(body(MSG.malformedJson));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body(MSG.payloadTooLarge));
      case 'FST_ERR_RATE_LIMIT_EXCEEDED':
        return reply.status(429).send(body(MSG.tooManyRequests));
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.status(400).send(body(MSG.malformedJson));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(body(MSG.fieldInvalid, { Message: error.message }));
    }
    if (isConnectionError(error)) {
      // The database is restarting, failing over or out of reach: nothing was committed by this call.
      request.log.warn({ err: { message: error.message } }, 'database unavailable');
      reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
      return reply.status(503).send(body(MSG.serviceUnavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(MSG.internalError));
  });
}

/**
 * Unknown paths: the API answers 404 with a message key; with `spa`, any other GET gets the web app's
 * index.html so the browser router can show the page (or its own Page Not Found).
 */
export function registerNotFound(app: FastifyInstance, opts: { spa: boolean }) {
  app.setNotFoundHandler((request, reply) => {
    if (opts.spa && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(body(MSG.notFound, { params: { path: request.url.split('?')[0] } }));
  });
}

/** Every API route documents the one error shape for its 4xx answers in the OpenAPI description. */
export function documentErrors(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1') || !route.schema) return;
    const errors = Object.fromEntries(
      [400, 401, 403, 404, 409, 413, 415, 422, 423, 429].map((s) => [s, ZApiError]),
    );
    route.schema.response = { ...errors, ...(route.schema.response as object | undefined) };
  });
}
