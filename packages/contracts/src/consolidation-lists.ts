import type { TConsolAgeingRule } from './screen-catalogue';

/**
 * The 9 lists (001 §2 Consolidation) with their ageing rule. pending_consolidation_creation lists shipping
 * orders (booking rows), the others list plans.
 */
export const CONSOL_LISTS = {
  search_consolidation: { ageing: null },
  request_consolidation_approval: { ageing: 'approvalRequest' },
  pending_consolidation_creation: { ageing: 'pendingConfirmation' },
  pending_customer_consolidation_approval: { ageing: 'approvalRequest' },
  consolidation_approved: { ageing: null },
  consolidation_rejected: { ageing: 'rejected' },
  consolidation_advice: { ageing: null },
  amended_booking_pending: { ageing: null },
  load_plan_pending_allocation: { ageing: 'loadPlan' },
} as const satisfies Record<string, { ageing: TConsolAgeingRule | null }>;
export type TConsolListKey = keyof typeof CONSOL_LISTS;
export const CONSOL_LIST_KEYS = Object.keys(CONSOL_LISTS) as TConsolListKey[];
