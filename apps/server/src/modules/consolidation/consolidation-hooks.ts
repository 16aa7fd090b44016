import type { Tx } from '../../platform/db/client';

/**
 * A document built on a plan that must go before the plan can be cancelled (the master B/L today): its number
 * for the refusal message, or null when there is none. Registered by the module that owns the document, so
 * consolidation never imports master-bl (master-bl already depends on consolidation's tables).
 */
export type PlanCancelGuard = (tx: Tx, consolId: number) => Promise<{ mbl_no: string } | null>;

const cancelGuards: PlanCancelGuard[] = [];

export function registerPlanCancelGuard(guard: PlanCancelGuard) {
  cancelGuards.push(guard);
}

/** The first live document that blocks cancelling the plan, from every registered guard. */
export async function planCancelBlocker(tx: Tx, consolId: number) {
  for (const guard of cancelGuards) {
    const blocker = await guard(tx, consolId);
    if (blocker) return blocker;
  }
  return null;
}
