import type { TAgeingRule } from './booking';

/** The 9 approval lists (001 §2 Booking approval) with their ageing rule (001 §4, 002 §9). */
export const APPROVAL_LISTS = {
  search_booking_approval: { ageing: null },
  pending_for_approval: { ageing: 'confirmedPendingApproval' },
  request_approval: { ageing: 'approvalRequest' },
  pending_customer_approval: { ageing: 'approvalRequest' },
  booking_approved: { ageing: null },
  booking_rejected: { ageing: 'rejected' },
  booking_advice: { ageing: null },
  booking_approval_updated_by_mr: { ageing: null },
  booking_approval_updated_by_customer: { ageing: null },
} as const satisfies Record<string, { ageing: TAgeingRule | null }>;
export type TApprovalListKey = keyof typeof APPROVAL_LISTS;
export const APPROVAL_LIST_KEYS = Object.keys(APPROVAL_LISTS) as TApprovalListKey[];
