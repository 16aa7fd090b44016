import type { Db, DbOrTx } from '../../platform/db/client';
import { isConnectionError } from '../../platform/db/connection-errors';
import { groupedRuns } from '../../platform/jobs/grouped-runs';

/**
 * What a change hook hears: the invoices just written, inside the writing transaction; or, with `afterCommit`,
 * after their change committed (a create through the API), handed the database itself: the hook opens its own
 * transaction (a transaction opened for it would make the hook's own a savepoint: two more round trips a hook).
 * Then nothing later in its transaction changes them again, and a hook may record the row versions it read as
 * up to date (GP does, so its sweep leaves them).
 */
export type InvoiceChangeHook = (
  tx: DbOrTx,
  invIds: readonly number[],
  o?: { afterCommit?: boolean },
) => Promise<void>;

/** A status move of one invoice that wrote nothing else a derived figure reads (no amount, job, party, date). */
export interface InvoiceMove {
  from: string;
  to: string;
  /**
   * The invoice's row version (`xmin`) before the move, read when a hook carries its freshness across such a
   * move (rowVersionWanted).
   */
  rowVersionBefore?: string;
}

/**
 * What a hook does instead of refreshing when a move leaves its figures as they are: a hook that records the row
 * version its figures were derived from (GP, for its sweep) moves that record from the version before the move to
 * the one the move wrote, so the sweep does not derive the same figures again (issue 40: ~6 ms a move).
 */
export type InvoiceCarryHook = (tx: DbOrTx, invId: number, rowVersionBefore: string) => Promise<void>;

/**
 * The approval flow (002 §4: New, Prepared, Supervisor and Manager approved, Rejected): a move between two of
 * these changes no amount, date, job, party, posting or settlement, so figures derived from those (GP, finance)
 * stay as they are (issue 40: each approval move re-derived its job's GP, ~140 ms of PostgreSQL time at
 * 2,000,000 invoices, and queued every move of the month on the shared cube rows).
 */
export const APPROVAL_FLOW_STATUSES: ReadonlySet<string> = new Set([
  'NEW',
  'PREPARED',
  'APPROVED_1',
  'APPROVED_2',
  'REJECTED',
]);

const hooks: { hook: InvoiceChangeHook; unaffectedBy: ReadonlySet<string>; carry?: InvoiceCarryHook }[] = [];

const unaffected = (h: { unaffectedBy: ReadonlySet<string> }, move: { from: string; to: string }) =>
  h.unaffectedBy.has(move.from) && h.unaffectedBy.has(move.to);

/**
 * Lets a module that keeps figures derived from invoices (the GP aggregates, docs/gp-reports.md) follow every
 * invoice change in the same transaction, without the invoice module importing it (as booking's amendment
 * hooks). Posting and other writers outside this module may call `runInvoiceChangeHooks` too.
 */
export function registerInvoiceChangeHook(
  hook: InvoiceChangeHook,
  o: {
    /** Statuses among which a move leaves the hook's figures as they are (it is then not called). */
    unaffectedBy?: ReadonlySet<string>;
    /** Called for such a move instead, with the row version before it (InvoiceCarryHook). */
    carry?: InvoiceCarryHook;
  } = {},
) {
  hooks.push({ hook, unaffectedBy: o.unaffectedBy ?? new Set(), carry: o.carry });
}

/**
 * Whether a move between these statuses should read the invoice's row version before it writes (a hook carries
 * its freshness across the move): the caller passes it as `rowVersionBefore`.
 */
export function rowVersionWanted(from: string, to: string) {
  return hooks.some((h) => h.carry && unaffected(h, { from, to }));
}

/**
 * Runs every registered hook after invoices were created, edited or moved; with `move` (a status move that
 * wrote nothing else a figure reads), only the hooks whose figures that move can change.
 */
export async function runInvoiceChangeHooks(tx: DbOrTx, invIds: readonly number[], move?: InvoiceMove) {
  if (!invIds.length) return;
  for (const h of hooks) {
    if (move && unaffected(h, move)) {
      if (h.carry && move.rowVersionBefore !== undefined && invIds.length === 1)
        await h.carry(tx, invIds[0], move.rowVersionBefore);
      continue;
    }
    await h.hook(tx, invIds);
  }
}

/**
 * Runs every registered hook after a create committed, each in a transaction of its own (issue 20; the hook
 * opens it, InvoiceChangeHook): the hooks' job locks and aggregate rows are then held for that hook's
 * statements only, never together with the invoice number's counter row. A failing hook does not undo the committed invoice: `onError` hears it, and
 * the hook's sweep (GP and finance, every minute) brings the figures up to date.
 */
export async function runInvoiceChangeHooksAfterCommit(
  db: Db,
  invIds: readonly number[],
  onError: (e: unknown) => void,
) {
  if (!invIds.length) return;
  for (const { hook } of hooks) {
    try {
      await hook(db, invIds, { afterCommit: true });
    } catch (e) {
      onError(e);
    }
  }
}

/** Where a refresh after the commit reports a failure (the request's logger). */
export type DerivedLog = { error: (o: object, msg: string) => void; warn: (o: object, msg: string) => void };

/**
 * The derived figures of invoices created with `derivedAfterCommit` (GP, finance aggregates), after their
 * commit, each hook in its own short transaction. A failure leaves the invoices as they are and is logged; the
 * GP and finance sweeps (every minute) catch up.
 */
export function refreshDerivedAfterCommit(db: Db, invIds: readonly number[], log: DerivedLog) {
  // The invoice is committed either way; the caller still gets its 201. A database that went away meanwhile
  // is expected (a restart, a failover: one line); anything else is a bug in a hook (logged with its stack).
  return runInvoiceChangeHooksAfterCommit(db, invIds, (err) =>
    isConnectionError(err)
      ? log.warn(
          { invIds, cause: (err as Error).message },
          'invoice derived figures not refreshed (database unavailable); the sweep will catch up',
        )
      : log.error({ err, invIds }, 'invoice derived figures not refreshed; the sweep will catch up'),
  );
}

/**
 * How long a creation waits for the run refreshing its figures before it answers anyway (a run waiting on a
 * lock held elsewhere, a job's GP facts, would otherwise hold up every creation queued behind it); its figures
 * then follow when the run gets to them, or with the minute's sweep.
 */
const DERIVED_WAIT_MS = 2_000;

/**
 * The derived figures of new invoices, refreshed in grouped runs per database (platform/jobs/grouped-runs.ts):
 * concurrent creations' refreshes go set-wise in one run (the hooks take their invoices as one array), and each
 * creation still answers only after the run holding its invoice finished (at most DERIVED_WAIT_MS), so its
 * figures follow it as before (issue 20; issue 40 for the grouping).
 */
const derivedRuns = new WeakMap<Db, (item: { id: number; log: DerivedLog }) => Promise<'done' | 'later'>>();
export function refreshDerivedGrouped(db: Db, id: number, log: DerivedLog) {
  let run = derivedRuns.get(db);
  if (!run) {
    run = groupedRuns(
      (items: { id: number; log: DerivedLog }[]) =>
        refreshDerivedAfterCommit(
          db,
          items.map((i) => i.id),
          items[0].log,
        ),
      { maxWaitMs: DERIVED_WAIT_MS },
    );
    derivedRuns.set(db, run);
  }
  return run({ id, log });
}
