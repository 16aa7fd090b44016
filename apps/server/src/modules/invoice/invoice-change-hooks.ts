import type { Db, DbOrTx } from '../../platform/db/client';

/** What a change hook hears: the invoices just written, inside the writing transaction. */
export type InvoiceChangeHook = (tx: DbOrTx, invIds: readonly number[]) => Promise<void>;

/** A status move of one invoice that wrote nothing else a derived figure reads (no amount, job, party, date). */
export interface InvoiceMove {
  from: string;
  to: string;
}

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

const hooks: { hook: InvoiceChangeHook; unaffectedBy: ReadonlySet<string> }[] = [];

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
  } = {},
) {
  hooks.push({ hook, unaffectedBy: o.unaffectedBy ?? new Set() });
}

/**
 * Runs every registered hook after invoices were created, edited or moved; with `move` (a status move that
 * wrote nothing else a figure reads), only the hooks whose figures that move can change.
 */
export async function runInvoiceChangeHooks(tx: DbOrTx, invIds: readonly number[], move?: InvoiceMove) {
  if (!invIds.length) return;
  for (const { hook, unaffectedBy } of hooks) {
    if (move && unaffectedBy.has(move.from) && unaffectedBy.has(move.to)) continue;
    await hook(tx, invIds);
  }
}

/**
 * Runs every registered hook after a create committed, each in a transaction of its own (issue 20): the
 * hooks' job locks and aggregate rows are then held for that hook's statements only, never together with the
 * invoice number's counter row. A failing hook does not undo the committed invoice: `onError` hears it, and
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
      await db.transaction((tx) => hook(tx, invIds));
    } catch (e) {
      onError(e);
    }
  }
}
