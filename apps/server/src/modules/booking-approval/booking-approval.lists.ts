import { APPROVAL_LIST_KEYS, APPROVAL_LISTS, BOOKING_MSG, type TApprovalListKey } from '@portal/contracts';
import { notFound } from '../../platform/errors/app-error';
import { shippingOrderLists } from '../booking';
import { APPROVAL_LIST_DEFS } from './booking-approval-lists.repository';

/** The list key, or 404 msgBookingListUnknown. */
export function approvalListKeyOrThrow(key: string): TApprovalListKey {
  if (!(APPROVAL_LIST_KEYS as string[]).includes(key)) throw notFound(BOOKING_MSG.listUnknown);
  return key as TApprovalListKey;
}

/** Approval lists, their export and the dashboard (same framework as the booking lists). */
export const approvalLists = shippingOrderLists(APPROVAL_LIST_DEFS, APPROVAL_LISTS);
