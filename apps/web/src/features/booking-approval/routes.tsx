import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { APPROVAL_HOME_PATH, COMPARE_PATH } from './approval-paths';

const dashboard = lazy(() => import('./approval-dashboard-page'));
const compare = lazy(() => import('./compare-page'));
const detail = lazy(() => import('./approval-booking-detail'));
const base = APPROVAL_HOME_PATH;

/**
 * Booking approval screens (001 §2 Booking approval), guarded by booking_approval: the dashboard with its
 * 9 lists and a booking's detail (the booking detail page, opened on its Booking Approval tab); the rate and
 * sailing comparison needs compareso.
 */
export const bookingApprovalRoutes: AppRoute[] = [
  { path: base, funcId: 'booking_approval', component: dashboard },
  { path: `${base}/shipping_order/:so_no`, funcId: 'booking_approval', component: detail },
  { path: `${base}/:search_state/shipping_order/:so_no`, funcId: 'booking_approval', component: detail },
  { path: `${base}/:search_state`, funcId: 'booking_approval', component: dashboard },
  { path: COMPARE_PATH, funcId: 'compareso', component: compare },
];
