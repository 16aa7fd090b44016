import { PERIOD_MSG, type TPeriodKind } from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { periodRepository as repo } from './period.repository';

/**
 * Whether posting into `period` ('YYYY-MM') of `office` is allowed (002 §4 "Account period closing locks
 * posting"). With `kind` (TRADE for InvoiceClose, GENERIC for non-trade invoices: `periodKindOfInvoice`) only
 * that close counts; without it the period is open only while neither close has been made (the safe answer
 * for a caller that does not say which invoices it posts).
 */
export async function periodOpen(
  db: DbOrTx,
  office: string,
  period: string,
  kind?: TPeriodKind,
): Promise<boolean> {
  const closed = await repo.closedKinds(db, office, period);
  return kind ? !closed.includes(kind) : closed.length === 0;
}

/** Throws 409 `msgAccountLockedForClosing` (002 §8 "Account locked for closing") when the period is closed. */
export async function assertPeriodOpen(
  db: DbOrTx,
  office: string,
  period: string,
  kind?: TPeriodKind,
): Promise<void> {
  if (!(await periodOpen(db, office, period, kind)))
    throw new AppError(409, PERIOD_MSG.accountLockedForClosing, { params: { office, period } });
}

/** Whether a period close locked the job (002 §4 job invoicing state "Completed-GP Locked"). */
export const jobGpLocked = (db: DbOrTx, jobNo: string) => repo.jobLocked(db, jobNo);

/** The jobs of `jobNos` a period close locked (for lists). */
export const gpLockedJobs = (db: DbOrTx, jobNos: string[]) => repo.lockedJobs(db, jobNos);
