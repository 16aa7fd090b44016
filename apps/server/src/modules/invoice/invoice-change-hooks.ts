import type { Db, DbOrTx } from '../../platform/db/client';

/** What a change hook hears: the invoices just written, inside the writing transaction. */
export type InvoiceChangeHook = (tx: DbOrTx, invIds: readonly number[]) => Promise<void>;

const hooks: InvoiceChangeHook[] = [];

/**
 * Lets a module that keeps figures derived from invoices (the GP aggregates, docs/gp-reports.md) follow every
 * invoice change in the same transaction, without the invoice module importing it (as booking's amendment
 * hooks). Posting and other writers outside this module may call `runInvoiceChangeHooks` too.
 */
export function registerInvoiceChangeHook(hook: InvoiceChangeHook) {
  hooks.push(hook);
}

/** Runs every registered hook after invoices were created, edited or moved. */
export async function runInvoiceChangeHooks(tx: DbOrTx, invIds: readonly number[]) {
  if (!invIds.length) return;
  for (const hook of hooks) await hook(tx, invIds);
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
  for (const hook of hooks) {
    try {
      await db.transaction((tx) => hook(tx, invIds));
    } catch (e) {
      onError(e);
    }
  }
}
