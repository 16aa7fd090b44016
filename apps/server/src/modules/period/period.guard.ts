import { PERIOD_MSG, type TPeriodKind } from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { registerInvoiceImportCheck, registerInvoicePeriodGuard, registerInvoiceStepCheck } from '../invoice';
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

/**
 * Which of these (office, month, side) keys are closed, in one query (the batch post's readiness checks many
 * invoices at once): answers the set of `periodKey(office, period, kind)` that are closed.
 */
export async function closedPeriodKeys(
  db: DbOrTx,
  keys: readonly { office: string; period: string; kind: TPeriodKind }[],
): Promise<Set<string>> {
  const rows = await repo.closedOf(db, keys);
  return new Set(rows.map((r) => periodKey(r.office_code, r.period, r.kind)));
}
export const periodKey = (office: string, period: string, kind: TPeriodKind) => `${office}|${period}|${kind}`;

/** The 409 `msgAccountLockedForClosing` (002 §8 "Account locked for closing") of a closed month. */
const accountLocked = (office: string, period: string) =>
  new AppError(409, PERIOD_MSG.accountLockedForClosing, { params: { office, period } });

/** Throws 409 `msgAccountLockedForClosing` (002 §8 "Account locked for closing") when the period is closed. */
export async function assertPeriodOpen(
  db: DbOrTx,
  office: string,
  period: string,
  kind?: TPeriodKind,
): Promise<void> {
  if (!(await periodOpen(db, office, period, kind))) throw accountLocked(office, period);
}

/** Whether a period close locked the job (002 §4 job invoicing state "Completed-GP Locked"). */
export const jobGpLocked = (db: DbOrTx, jobNo: string) => repo.jobLocked(db, jobNo);

/** The jobs of `jobNos` a period close locked (for lists). */
export const gpLockedJobs = (db: DbOrTx, jobNos: string[]) => repo.lockedJobs(db, jobNos);

/**
 * An invoice saved (created or edited) with a date inside a month its side has closed is refused with 409
 * `msgAccountLockedForClosing`: nothing new is booked into a closed month (reopen it first). An invoice saved
 * on a job a close locked (Completed-GP Locked, 002 §4) is refused with 409 `msgPeriodJobGpLocked`: the job's
 * GP is final until that month is reopened (an invoice of the job still in draft is refused on save too, as
 * saving it would change the locked GP). Import Document may not date an invoice into a closed month either
 * (same 409). Registered on the invoice module's save step and import check when the period routes are
 * registered (the invoice module never imports this one).
 */
export function registerPeriodChecks() {
  registerInvoiceStepCheck('period-close', async (tx, o) => {
    if (o.step !== 'save') return;
    // One statement for both refusals (it runs on every create and edit).
    const b = await repo.saveBlockers(tx, o.invId);
    if (b?.closed) throw accountLocked(b.office_code, b.period);
    if (b?.locked_job)
      throw new AppError(409, PERIOD_MSG.jobGpLocked, {
        params: { job: b.locked_job, period: b.locked_period ?? '' },
      });
  });
  const refuseClosed = async (tx: DbOrTx, invIds: readonly number[]) => {
    const [closed] = await repo.invoicesInClosedPeriods(tx, invIds);
    if (closed) throw accountLocked(closed.office_code, closed.period);
  };
  registerInvoiceImportCheck('period-close', (tx, o) => refuseClosed(tx, o.invIds));
  // Every other write into a closed month: status moves (but close, post, reverse), the inter-account DN,
  // batch sub-type and tax code updates (issue 38; invoice-moves.ts).
  registerInvoicePeriodGuard(refuseClosed);
}
