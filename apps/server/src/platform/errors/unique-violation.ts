import type { TFieldError } from '@portal/contracts';
import { AppError } from './app-error';

/** A 409 naming every clashing field; the first detail's key is the answer's key (001 §8). */
export const duplicateError = (details: TFieldError[]) => new AppError(409, details[0].msgKey, { details });

/** The unique index a PostgreSQL unique violation (23505) hit, possibly wrapped by Drizzle; else null. */
export function uniqueConstraintOf(e: unknown): string | null {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = err?.code ? err : err?.cause;
  return pgErr?.code === '23505' && pgErr.constraint ? pgErr.constraint : null;
}

/**
 * Turns a PostgreSQL unique violation (23505) on one of `indexes` into the same duplicate answer as the
 * service's pre-check (a concurrent insert can slip past the check); rethrows anything else.
 */
export function rethrowUniqueViolation(
  e: unknown,
  indexes: Record<string, { field: string; msgKey: string; value: unknown }>,
): never {
  const constraint = uniqueConstraintOf(e);
  const hit = constraint ? indexes[constraint] : undefined;
  if (hit)
    throw duplicateError([
      { field: hit.field, msgKey: hit.msgKey, params: { value: String(hit.value ?? '') } },
    ]);
  throw e;
}
