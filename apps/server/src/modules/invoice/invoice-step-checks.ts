import {
  INVOICE_MSG,
  missingForInvoiceStep,
  type TInvoiceStep,
  type TInvoiceStepValues,
} from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { unprocessable } from '../../platform/errors/app-error';

/**
 * Refuses a step whose required fields are empty (422 msgInvoiceRequiredForStep), naming every missing field
 * in `details` (`sub_type`, `lines.0.tax_code`): the table is contracts' INVOICE_STEP_REQUIREMENTS, which the
 * detail screen also uses to mark the fields before the user presses the step (issue 38).
 */
export function requireStepFields(step: TInvoiceStep, values: TInvoiceStepValues) {
  const details = missingForInvoiceStep(step, values);
  if (details.length) throw unprocessable(INVOICE_MSG.requiredForStep, details);
}

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

/**
 * Checks of Import Document (issue 15): the government invoice no. and invoice date an import gives invoices
 * (batch `/Invoice/importDocument` or the single `import` move). Run inside the import's transaction after the
 * values are written; throwing refuses the whole import. Period close registers one, so an import cannot date
 * an invoice into a closed month (the save step's check does not see imports).
 */
export type InvoiceImportCheck = (
  tx: DbOrTx,
  o: { actor: Actor; invIds: readonly number[] },
) => Promise<void>;
const importChecks = new Map<string, InvoiceImportCheck>();

/** Registers (or replaces) the import check named `name`. */
export function registerInvoiceImportCheck(name: string, check: InvoiceImportCheck) {
  importChecks.set(name, check);
}

/** Runs every registered import check on the imported invoices. */
export async function runInvoiceImportChecks(tx: DbOrTx, o: { actor: Actor; invIds: readonly number[] }) {
  if (!o.invIds.length) return;
  for (const check of importChecks.values()) await check(tx, o);
}
