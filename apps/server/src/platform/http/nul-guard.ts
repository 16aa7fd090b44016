import { MSG } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error';

const NUL = '\u0000';
/** In a `u` regex a well-formed pair is one code point, so only a lone surrogate matches (String.isWellFormed is ES2024). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * True when `s` holds a NUL or a lone UTF-16 surrogate. PostgreSQL refuses both (NUL in text and jsonb; a
 * lone surrogate cannot be written as UTF-8, and its JSON escape fails the jsonb parser), so neither may
 * reach a query.
 */
export const hasBadCharacter = (s: string) => s.includes(NUL) || LONE_SURROGATE.test(s);

/** A path segment as a log and an error can show it: NUL and lone surrogates escaped. */
const printable = (s: string) =>
  s.replaceAll(NUL, '\\0').replace(/\p{Surrogate}/gu, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/**
 * The path of the first string (value or object key) holding a NUL character or a lone surrogate, or null.
 * Walks with its own stack: a deeply nested JSON body must not overflow the call stack and turn into a 500.
 */
export function findNul(value: unknown, prefix = ''): string | null {
  const stack: [unknown, string][] = [[value, prefix]];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (hasBadCharacter(v)) return path || '(root)';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (hasBadCharacter(k)) return printable(at);
        stack.push([x, at]);
      }
    }
  }
  return null;
}

const invalidCharacter = (field: string) =>
  new AppError(400, MSG.invalidCharacter, { details: [{ field, msgKey: MSG.invalidCharacter }] });

/**
 * For text read outside the JSON pipeline (multipart fields): refuses a NUL or a lone surrogate like the
 * request guard does.
 */
export function assertNoNul(value: string, field: string): string {
  if (hasBadCharacter(value)) throw invalidCharacter(field);
  return value;
}

/**
 * PostgreSQL refuses NUL in text and jsonb (and a lone surrogate, see hasBadCharacter), so one anywhere in
 * a request used to end as a 500 in whichever query met it first. One check for every route, before the schema runs: path parameters,
 * query string and JSON body (values and keys) answer 400 msgInvalidCharacter naming the field, with
 * the same prefixes the schema errors use (`params.`, `querystring.`, none for the body).
 */
export function registerNulGuard(app: FastifyInstance) {
  // A callback hook: an async one costs a promise per request, and the check never waits for anything.
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      findNul(request.params, 'params') ?? findNul(request.query, 'querystring') ?? findNul(request.body);
    done(field ? invalidCharacter(field) : undefined);
  });
}
