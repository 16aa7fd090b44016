import { RW_LIMITS, RW_MSG, type TRwQuery, type TRwResult } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { buildQuery } from './report-writer-query.repository';

/** Run settings (config RW_STATEMENT_TIMEOUT_MS, RW_TIME_ZONE), set when the routes load. */
export const rwSettings = {
  /** Statement timeout of one run (each run's transaction: SET LOCAL statement_timeout). */
  timeoutMs: 10_000,
  /** Time zone of schedule hours and periods. */
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
};

export function configureReportWriter(s: Partial<typeof rwSettings>) {
  Object.assign(rwSettings, s);
}

/** The PostgreSQL error code of an error, possibly wrapped by Drizzle. */
function pgCode(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown } };
  const c = typeof err?.code === 'string' ? err.code : err?.cause?.code;
  return typeof c === 'string' ? c : undefined;
}

/**
 * Runs a definition for this viewer (its party access, its fields) in a read-only transaction with the
 * statement timeout: the first `limit` rows (preview 50, run 10,000), whether more matched, and the total.
 * A timeout answers 400 msgRwTimeout; a value PostgreSQL cannot use (overflow, bad date) 400 msgRwBadValue;
 * a grouped result beyond 10,000 groups 400 msgRwTooManyRows (a detail report is cut and says truncated).
 */
export async function runQuery(
  db: Db,
  actor: Actor,
  q: TRwQuery,
  opts: { preview?: boolean } = {},
): Promise<TRwResult> {
  const built = buildQuery(actor, q, { limit: opts.preview ? RW_LIMITS.previewRows : RW_LIMITS.maxRows });
  const started = performance.now();
  try {
    return await db.transaction(
      async (tx) => {
        // A bound value, never text: set_config(…, true) is SET LOCAL, undone at the end of the transaction.
        await tx.execute(
          sql`select set_config('statement_timeout', ${String(Math.max(1, Math.floor(rwSettings.timeoutMs)))}, true)`,
        );
        const { rows } = await tx.execute<Record<string, string | null>>(built.rows);
        const truncated = rows.length > built.limit;
        if (truncated && built.aggregated && !opts.preview && !built.explicitLimit)
          throw new AppError(400, RW_MSG.tooManyRows, {
            params: { max: RW_LIMITS.maxRows },
            details: [{ field: 'groupBy', msgKey: RW_MSG.tooManyRows, params: { max: RW_LIMITS.maxRows } }],
          });
        const kept = truncated ? rows.slice(0, built.limit) : rows;
        let total = kept.length;
        if (truncated && built.count) {
          const c = await tx.execute<{ n: number }>(built.count);
          total = c.rows[0]?.n ?? total;
        }
        return {
          columns: built.columns,
          rows: kept.map((r) => Object.fromEntries(built.columns.map((c, i) => [c.key, r[`c${i}`] ?? null]))),
          total,
          truncated,
          aggregated: built.aggregated,
          elapsedMs: Math.round((performance.now() - started) * 10) / 10,
        };
      },
      { accessMode: 'read only' },
    );
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = pgCode(e);
    if (code === '57014')
      throw new AppError(400, RW_MSG.timeout, {
        params: { seconds: Math.ceil(rwSettings.timeoutMs / 1000) },
      });
    // Data exceptions (class 22: numeric overflow, a date out of range…) come from the values given.
    if (code?.startsWith('22')) throw new AppError(400, RW_MSG.badValue, { params: { field: '' } });
    throw e;
  }
}
