/**
 * features/booking-approval's public entry. Depends on features/booking (never the other way): its Booking
 * Approval tab is handed to the booking detail by the app (app/feature-routes.ts registers it), since a
 * module-level registration here would be dropped by the bundler (the web package is side-effect free).
 */
import { lazy } from 'react';

/** The Booking Approval tab of the booking detail (lazy: loaded when the tab is shown). */
export const bookingApprovalTab = lazy(() => import('./approval-booking-tab'));

export { bookingApprovalRoutes } from './routes';
