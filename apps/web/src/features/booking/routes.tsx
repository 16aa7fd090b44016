import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { BOOKING_HOME_PATH } from './booking-paths';

const dashboard = lazy(() => import('./booking-dashboard-page'));
const detail = lazy(() => import('./booking-detail-page'));
const base = BOOKING_HOME_PATH;

/** Booking screens (001 §2 Booking), guarded by funcId booking; creating needs create_booking. */
export const bookingRoutes: AppRoute[] = [
  { path: base, funcId: 'booking', component: dashboard },
  { path: `${base}/shipping_order/new`, funcId: 'create_booking', component: detail },
  { path: `${base}/:search_state/shipping_order/new`, funcId: 'create_booking', component: detail },
  { path: `${base}/shipping_order_copy/:so_no`, funcId: 'create_booking', component: detail },
  { path: `${base}/:search_state/shipping_order_copy/:so_no`, funcId: 'create_booking', component: detail },
  ...(['shipping_order', 'e_booking'] as const).flatMap((kind) => [
    { path: `${base}/${kind}/:so_no`, funcId: 'booking' as const, component: detail },
    { path: `${base}/:search_state/${kind}/:so_no`, funcId: 'booking' as const, component: detail },
  ]),
  { path: `${base}/:search_state`, funcId: 'booking', component: dashboard },
];
