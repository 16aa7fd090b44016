import type { AppRoute } from '../../app/route-types';

/** Booking screens (001 §2 Booking), guarded by funcId booking; creating needs create_booking. */
export const bookingRoutes: AppRoute[] = [];
