import {
  money,
  PERIOD_BLOCKER_LIMIT,
  PERIOD_FUNC,
  PERIOD_MSG,
  periodBlockerMsg,
  type TPeriodEvent,
  type TPeriodKind,
  type TPeriodQuery,
  type TPeriodReopenRequest,
  type TPeriodView,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, badRequest, forbidden } from '../../platform/errors/app-error';
import { closeInvoicesForPeriod, reopenInvoicesForPeriod } from '../invoice';
import type { LedgerClient } from '../ledger';
import { type PeriodEventRow, periodRepository as repo } from './period.repository';

/** The ledger question a reopen asks (modules/ledger; a fake in tests). */
export type LedgerPeriods = Pick<LedgerClient, 'periodStatus'>;

const presentEvent = (e: Omit<PeriodEventRow, 'period_id'> & { period: string }): TPeriodEvent => ({
  id: e.id,
  period: e.period,
  action: e.action as TPeriodEvent['action'],
  reason: e.reason,
  invoice_count: e.invoice_count,
  job_count: e.job_count,
  actor: e.actor,
  at: e.at,
});

/** How many blocking invoices a refusal names (the details carry up to 100, the screen lists them all). */
const NAMED_BLOCKERS = 10;
const namesOf = (b: { rows: { invoice_no: string }[]; count: number }) =>
  b.rows
    .slice(0, NAMED_BLOCKERS)
    .map((r) => r.invoice_no)
    .join(', ') + (b.count > NAMED_BLOCKERS ? ', …' : '');

/** The current month ('YYYY-MM', UTC): a later month cannot be closed (nothing can be complete in it). */
const currentPeriod = () => new Date().toISOString().slice(0, 7);

function requireKind(actor: Actor, kind: TPeriodKind) {
  if (!actor.funcs.has(PERIOD_FUNC[kind])) throw forbidden();
}

async function checkQuery(db: DbOrTx, q: TPeriodQuery) {
  if (q.period > currentPeriod())
    throw badRequest([{ field: 'period', msgKey: PERIOD_MSG.periodInvalid }], PERIOD_MSG.periodInvalid);
  if (!(await repo.officeExists(db, q.office_code)))
    throw badRequest([{ field: 'office_code', msgKey: PERIOD_MSG.officeUnknown }], PERIOD_MSG.officeUnknown);
}

/**
 * Period close (issue 15; docs/period-close.md): InvoiceClose closes an office's month for trade invoices
 * (`inv_closing`), InvoiceGenericClose for non-trade invoices (`inv_generic_closing`). A close is refused
 * while anything blocks it; it closes every Posted / Reversed / Post Reversed invoice of the month, locks
 * their jobs' GP and marks the period closed, in one transaction. A reopen (same right, a reason) undoes it
 * unless the ledger has closed the month.
 */
export const periodService = {
  async view(db: DbOrTx, actor: Actor, kind: TPeriodKind, q: TPeriodQuery): Promise<TPeriodView> {
    requireKind(actor, kind);
    await checkQuery(db, q);
    return periodService.load(db, kind, q);
  },

  async load(db: DbOrTx, kind: TPeriodKind, q: TPeriodQuery): Promise<TPeriodView> {
    const { office_code: office, period } = q;
    const row = await repo.find(db, office, period, kind);
    const closed = row?.status === 'CLOSED';
    const [blockers, closable, closedCount, lockedJobs, history] = await Promise.all([
      closed ? { rows: [], count: 0 } : repo.blockers(db, office, period, kind, PERIOD_BLOCKER_LIMIT),
      closed ? 0 : repo.closableCount(db, office, period, kind),
      row && closed ? repo.closedCount(db, row.id) : 0,
      row && closed ? repo.lockedJobCount(db, row.id) : 0,
      repo.events(db, office, kind, period),
    ]);
    return {
      office_code: office,
      period,
      kind,
      status: closed ? 'CLOSED' : 'OPEN',
      closed_by: closed ? (row?.closed_by ?? null) : null,
      closed_at: closed ? (row?.closed_at ?? null) : null,
      // numeric(18, 4) as stored; shown in the currency's own decimals.
      blockers: blockers.rows.map((b) => ({
        ...b,
        total_amount: money.round(b.total_amount, b.currency),
        outstanding_amount: money.round(b.outstanding_amount, b.currency),
      })),
      blocker_count: blockers.count,
      closable_count: closable,
      closed_count: closedCount,
      locked_job_count: lockedJobs,
      history: history.map(presentEvent),
    };
  },

  /** The office's (or every office's) periods with a close or reopen, and the office's recent events. */
  async periods(db: DbOrTx, actor: Actor, kind: TPeriodKind, office?: string) {
    requireKind(actor, kind);
    const [rows, offices] = await Promise.all([repo.periods(db, kind, office), repo.offices(db)]);
    return {
      offices,
      rows: rows.map((r) => ({
        office_code: r.office_code,
        period: r.period,
        status: r.status as 'OPEN' | 'CLOSED',
        closed_by: r.closed_by,
        closed_at: r.closed_at,
        reopened_by: r.reopened_by,
        reopened_at: r.reopened_at,
        reopen_reason: r.reopen_reason,
      })),
    };
  },

  /**
   * Closes the period: refused (409) when already closed or while blockers remain (the refusal names them);
   * otherwise closes the invoices, locks their jobs and records the close, all in one transaction.
   */
  async close(db: Db, actor: Actor, kind: TPeriodKind, q: TPeriodQuery) {
    requireKind(actor, kind);
    await checkQuery(db, q);
    const by = actorName(actor);
    const { office_code: office, period } = q;
    const result = await db.transaction(async (tx) => {
      // The period row lock serialises two closes (or a close and a reopen) of the same month.
      const row = await repo.lockOrCreate(tx, office, period, kind, by);
      if (row.status === 'CLOSED')
        throw new AppError(409, PERIOD_MSG.alreadyClosed, { params: { office, period } });
      const ids = await repo.closableIds(tx, office, period, kind);
      // Read after the invoices are locked: a move that committed meanwhile is seen here.
      const blockers = await repo.blockers(tx, office, period, kind, 100);
      if (blockers.count > 0)
        throw new AppError(409, PERIOD_MSG.blockers, {
          // The refusal names the blocking invoices (issue 38), not only how many there are.
          params: { count: blockers.count, office, period, invoices: namesOf(blockers) },
          details: blockers.rows.map((b) => ({
            field: b.invoice_no,
            msgKey: periodBlockerMsg(b.reason),
            params: { inv_id: b.inv_id, status: b.status },
          })),
        });
      const closed = await closeInvoicesForPeriod(tx, actor, ids, period);
      await repo.rememberClosed(tx, row.id, closed);
      const jobs = await repo.jobsOf(
        tx,
        closed.map((c) => c.inv_id),
      );
      const locked = await repo.lockJobs(tx, row.id, jobs, by);
      const now = new Date().toISOString();
      await repo.update(tx, row.id, { status: 'CLOSED', closed_by: by, closed_at: now, updated_by: by });
      await repo.addEvent(tx, {
        period_id: row.id,
        action: 'CLOSE',
        invoice_count: closed.length,
        job_count: locked,
        actor: by,
      });
      return { invoices: closed.length, jobs: locked };
    });
    return {
      msgKey: PERIOD_MSG.closed,
      params: { ...result, office, period },
      view: await periodService.load(db, kind, q),
    };
  },

  /**
   * Reopens a closed period (same right, a reason): refused when it is not closed, when the ledger has
   * closed the month (409), or when the ledger cannot be asked (503: we never guess). The invoices the close
   * closed go back to their status, the job locks are lifted, and the reopen is recorded.
   */
  async reopen(db: Db, actor: Actor, kind: TPeriodKind, req: TPeriodReopenRequest, ledger: LedgerPeriods) {
    requireKind(actor, kind);
    await checkQuery(db, req);
    const { office_code: office, period } = req;
    const by = actorName(actor);
    const current = await repo.find(db, office, period, kind);
    if (current?.status !== 'CLOSED')
      throw new AppError(409, PERIOD_MSG.notClosed, { params: { office, period } });
    // Asked before the transaction (a network call never holds row locks); a ledger close is final.
    const status = await ledger.periodStatus(period);
    if (status === 'unavailable')
      throw new AppError(503, PERIOD_MSG.ledgerUnavailable, { params: { period } });
    if (status === 'closed') throw new AppError(409, PERIOD_MSG.ledgerClosed, { params: { period } });
    const result = await db.transaction(async (tx) => {
      const row = await repo.lockOrCreate(tx, office, period, kind, by);
      if (row.status !== 'CLOSED')
        throw new AppError(409, PERIOD_MSG.notClosed, { params: { office, period } });
      const items = await repo.closedBy(tx, row.id);
      const back = await reopenInvoicesForPeriod(tx, actor, items, req.reason);
      await repo.forgetClosed(tx, row.id);
      const unlocked = await repo.unlockJobs(tx, row.id);
      await repo.update(tx, row.id, {
        status: 'OPEN',
        reopened_by: by,
        reopened_at: new Date().toISOString(),
        reopen_reason: req.reason,
        updated_by: by,
      });
      await repo.addEvent(tx, {
        period_id: row.id,
        action: 'REOPEN',
        reason: req.reason,
        invoice_count: back,
        job_count: unlocked,
        actor: by,
      });
      return { invoices: back, jobs: unlocked };
    });
    return {
      msgKey: PERIOD_MSG.reopened,
      params: { ...result, office, period },
      view: await periodService.load(db, kind, req),
    };
  },
};
