import { ApprovalPanel } from '../booking-approval/approval-panel';
import type { BookingTabProps } from './booking-tab-props';

/** Booking Approval: the approval status, proposed sailings and approval actions (features/booking-approval). */
export function BookingApprovalTab({ booking }: BookingTabProps) {
  return <ApprovalPanel booking={booking} />;
}
