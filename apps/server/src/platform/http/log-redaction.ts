import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets never reach the logs (docs/operations.md "Logs"): query parameters that carry a credential (the
 * reset and activation links' `token`, a mobile hand-off token, `access_token`, passwords, keys,
 * signatures) are replaced by `[redacted]` in every logged URL and string, and the Authorization, Cookie
 * and API-key headers and any `password`/`token`/`secret` field are censored by pino's redaction.
 */

const SECRET_PARAM =
  /([?&;](?:[\w.-]*token|password|pwd|passwd|secret|api[_-]?key|key|signature|sig|code_verifier)=)[^&#\s"']*/gi;

/** The URL with the values of its credential-carrying query parameters replaced. */
export const redactUrl = (url: string) => url.replace(SECRET_PARAM, '$1[redacted]');

/** Every string in a log object (plain objects and arrays, a few levels deep), with credentials in URLs redacted. */
function redactStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactUrl(value);
  if (depth > 3 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactStrings(v, depth + 1));
  // Only plain objects: requests, replies and errors go to their serializers untouched.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactStrings(v, depth + 1);
  return out;
}

const SECRET_FIELDS = [
  'password',
  'new_password',
  'old_password',
  'token',
  'secret',
  'authorization',
  'cookie',
];

/** Fastify's logger options with the redaction above, at `level`. */
export function redactingLogger(
  level: string,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((f) => `*.${f}`),
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: {
        method: string;
        url: string;
        host?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    formatters: {
      log: (object: Record<string, unknown>) => redactStrings(object) as Record<string, unknown>,
    },
    // the message text too (`log.info('sent ' + link)`)
    hooks: {
      logMethod(args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactUrl(a) : a)),
        );
      },
    },
  };
}

/**
 * Fastify's per-request child logger, made the cheap way: Fastify always hands pino an options object (empty
 * unless the route sets its own log level or serializers), which sends pino down its slow path (serializers
 * copied, formatters rebuilt) for every request even at a level that logs nothing. Without options pino only
 * adds the request id to a new child. Same bindings, serializers, redaction and level either way.
 */
export const requestChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  opts,
) =>
  opts.level === undefined && opts.serializers === undefined
    ? logger.child(bindings)
    : logger.child(bindings, opts);
