import { useParams } from 'react-router';
import { BookingDetailScreen } from '../booking';
import { approvalListOf, approvalListPath } from './approval-paths';

/** A booking's detail opened from booking approval: Back returns to that approval list, its tab opens first. */
export default function ApprovalBookingDetail() {
  const { search_state } = useParams();
  return (
    <BookingDetailScreen
      backTo={approvalListPath(approvalListOf(search_state))}
      openTab="approval"
      notificationModule="booking_approval"
    />
  );
}
