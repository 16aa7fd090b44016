import type { BookingTabProps } from '../booking';
import { ApprovalPanel } from './approval-panel';

/** The Booking Approval tab of the booking detail (registered into features/booking from index.ts). */
export default function ApprovalBookingTab({ booking }: BookingTabProps) {
  return <ApprovalPanel booking={booking} />;
}
