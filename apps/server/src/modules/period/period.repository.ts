import type { TPeriodKind } from '@portal/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { accountingPeriods, periodJobLocks } from './period.tables';

export type PeriodRow = typeof accountingPeriods.$inferSelect;

/** SQL of the period close module (accounting_periods, their events and the job locks). */
export const periodRepository = {
  /** The kinds (TRADE / GENERIC) closed for an office and month. */
  async closedKinds(db: DbOrTx, office: string, period: string): Promise<TPeriodKind[]> {
    const rows = await db
      .select({ kind: accountingPeriods.kind })
      .from(accountingPeriods)
      .where(
        and(
          eq(accountingPeriods.office_code, office),
          eq(accountingPeriods.period, period),
          eq(accountingPeriods.status, 'CLOSED'),
        ),
      );
    return rows.map((r) => r.kind as TPeriodKind);
  },

  async jobLocked(db: DbOrTx, jobNo: string): Promise<boolean> {
    const rows = await db
      .select({ job_no: periodJobLocks.job_no })
      .from(periodJobLocks)
      .where(eq(periodJobLocks.job_no, jobNo))
      .limit(1);
    return rows.length > 0;
  },

  async lockedJobs(db: DbOrTx, jobNos: string[]): Promise<string[]> {
    if (!jobNos.length) return [];
    const rows = await db
      .select({ job_no: periodJobLocks.job_no })
      .from(periodJobLocks)
      .where(inArray(periodJobLocks.job_no, jobNos));
    return rows.map((r) => r.job_no);
  },
};
