import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';

/** The invoice steps other modules may check before they commit (issue 16: saved, prepared, approved). */
export type InvoiceCheckedStep = 'save' | 'prepare' | 'approve_1' | 'approve_2';

/**
 * A check run inside the step's transaction, after the invoice's values are written and before commit:
 * throwing refuses the step and rolls everything back. `overrideReason` is the user's reason to pass
 * anyway (the check decides whether their level allows it).
 */
export type InvoiceStepCheck = (
  tx: DbOrTx,
  o: { actor: Actor; invId: number; step: InvoiceCheckedStep; overrideReason: string | null },
) => Promise<void>;

// Registered by modules that depend on invoices (SOPMS, docs/sopms.md), so this module never imports them.
const checks = new Map<string, InvoiceStepCheck>();

/** Registers (or replaces) the check named `name`; modules call it when their routes are registered. */
export function registerInvoiceStepCheck(name: string, check: InvoiceStepCheck) {
  checks.set(name, check);
}

/** Runs every registered check of a step, in registration order. */
export async function runInvoiceStepChecks(
  tx: DbOrTx,
  o: { actor: Actor; invId: number; step: InvoiceCheckedStep; overrideReason?: string | null },
) {
  for (const check of checks.values()) await check(tx, { ...o, overrideReason: o.overrideReason ?? null });
}

/** The checked step of an invoice move, or null for moves no check looks at. */
export function checkedStepOf(action: string): InvoiceCheckedStep | null {
  if (action === 'prepare' || action === 'resubmit') return 'prepare';
  if (action === 'approve_1' || action === 'approve_2') return action;
  return null;
}
