import type { TFieldError } from '@portal/contracts';
import { AppError } from './app-error';

/** A 409 naming every clashing field; the first detail's key is the answer's key (001 §8). */
export const duplicateError = (details: TFieldError[]) => new AppError(409, details[0].msgKey, { details });

/**
 * Turns a PostgreSQL unique violation (23505) on one of `indexes` into the same duplicate answer as the
 * service's pre-check (a concurrent insert can slip past the check); rethrows anything else.
 */
export function rethrowUniqueViolation(
  e: unknown,
  indexes: Record<string, { field: string; msgKey: string; value: unknown }>,
): never {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = err.code ? err : err.cause;
  const hit = pgErr?.code === '23505' && pgErr.constraint ? indexes[pgErr.constraint] : undefined;
  if (hit)
    throw duplicateError([
      { field: hit.field, msgKey: hit.msgKey, params: { value: String(hit.value ?? '') } },
    ]);
  throw e;
}
