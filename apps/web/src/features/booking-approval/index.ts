/**
 * features/booking-approval's public entry. Depends on features/booking (never the other way): importing this
 * entry registers the Booking Approval tab of the booking detail.
 */
import { lazy } from 'react';
import { registerBookingDetailTab } from '../booking';

registerBookingDetailTab(
  'approval',
  lazy(() => import('./approval-booking-tab')),
);

export { bookingApprovalRoutes } from './routes';
