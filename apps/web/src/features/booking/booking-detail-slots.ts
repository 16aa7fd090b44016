import type { ComponentType } from 'react';
import type { BookingTabProps } from './booking-tab-props';

/** Tabs of the booking detail that other features provide: features/booking never imports them. */
export type BookingSlotTab = 'approval';

const slots = new Map<BookingSlotTab, ComponentType<BookingTabProps>>();

/**
 * Lets another feature fill a tab of the booking detail (the app registers booking-approval's tab at start,
 * app/feature-routes.ts), so the dependency goes one way: booking-approval → booking.
 */
export function registerBookingDetailTab(key: BookingSlotTab, component: ComponentType<BookingTabProps>) {
  slots.set(key, component);
}

/** The component registered for a tab, or null when no feature provides it (the tab is left out). */
export const bookingDetailTab = (key: BookingSlotTab): ComponentType<BookingTabProps> | null =>
  slots.get(key) ?? null;
