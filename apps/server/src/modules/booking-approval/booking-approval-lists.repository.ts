import type { TApprovalListKey, TApprovalStatus } from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { constantEq } from '../../platform/db/rendered-select';
import { CONFIRMED_CLOCK, type ShippingOrderListDef, shippingOrders as so } from '../booking';

const APPROVAL_CLOCK = sql`${so.approval_status_at}`;
/** The approval status written into the text (`constantEq`), as the partial indexes' predicates name it. */
const status = (s: TApprovalStatus): SQL => constantEq(so.approval_status, s);

/**
 * The 9 approval lists (001 §2 Booking approval). The filters match the partial indexes on shipping_orders
 * (shipping_orders_approval_*), written the same way so PostgreSQL can use them:
 * search_booking_approval: CONFIRMED or RECOVERED bookings, or any with an approval status;
 * pending_for_approval: CONFIRMED with no approval yet, aged from the confirmation;
 * request_approval / pending_customer_approval / booking_rejected: that approval status, aged from
 * approval_status_at; booking_approved / booking_advice: that status (no ageing);
 * updated_by_mr / updated_by_customer: the flag is set.
 */
export const APPROVAL_LIST_DEFS: Record<TApprovalListKey, ShippingOrderListDef> = {
  search_booking_approval: {
    where: sql`(${so.status} in ('CONFIRMED', 'RECOVERED') or ${so.approval_status} is not null)`,
    clock: null,
  },
  pending_for_approval: {
    where: sql`(${so.status} = 'CONFIRMED' and ${so.approval_status} is null)`,
    clock: CONFIRMED_CLOCK,
  },
  request_approval: { where: status('REQUEST_FOR_APPROVAL'), clock: APPROVAL_CLOCK },
  pending_customer_approval: { where: status('PENDING_CUSTOMER'), clock: APPROVAL_CLOCK },
  booking_approved: { where: status('APPROVED'), clock: null },
  booking_rejected: { where: status('REJECTED'), clock: APPROVAL_CLOCK },
  booking_advice: { where: status('BOOKING_ADVICE'), clock: null },
  booking_approval_updated_by_mr: { where: sql`${so.approval_updated_by_mr}`, clock: null },
  booking_approval_updated_by_customer: { where: sql`${so.approval_updated_by_customer}`, clock: null },
};
