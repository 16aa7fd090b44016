import { MSG } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error';

const NUL = '\u0000';

/**
 * The path of the first string (value or object key) holding a NUL character, or null. Walks with its
 * own stack: a deeply nested JSON body must not overflow the call stack and turn into a 500.
 */
export function findNul(value: unknown, prefix = ''): string | null {
  const stack: [unknown, string][] = [[value, prefix]];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path || '(root)';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (k.includes(NUL)) return at.replaceAll(NUL, '\\0');
        stack.push([x, at]);
      }
    }
  }
  return null;
}

const invalidCharacter = (field: string) =>
  new AppError(400, MSG.invalidCharacter, { details: [{ field, msgKey: MSG.invalidCharacter }] });

/** For text read outside the JSON pipeline (multipart fields): refuses a NUL like the request guard does. */
export function assertNoNul(value: string, field: string): string {
  if (value.includes(NUL)) throw invalidCharacter(field);
  return value;
}

/**
 * PostgreSQL refuses NUL in text and jsonb, so a NUL anywhere in a request used to end as a 500 in
 * whichever query met it first. One check for every route, before the schema runs: path parameters,
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
