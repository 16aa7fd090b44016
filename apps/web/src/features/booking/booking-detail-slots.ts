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

/** What a marks-and-goods action gets: whether the form is read-only, and how to fill the two fields. */
export interface MarksGoodsActionProps {
  disabled: boolean;
  onApply: (v: { marks: string | null; goods_description: string | null }) => void;
}

let marksGoodsAction: ComponentType<MarksGoodsActionProps> | null = null;

/**
 * Lets another feature offer an action beside the marks and goods fields (the template library's "Apply marks
 * and goods template", registered in app/feature-routes.ts), so booking never imports it.
 */
export function registerMarksGoodsAction(component: ComponentType<MarksGoodsActionProps>) {
  marksGoodsAction = component;
}

/** The registered marks-and-goods action, or null. */
export const marksGoodsActionSlot = () => marksGoodsAction;

const sidePanels = new Map<string, ComponentType<BookingTabProps>>();

/**
 * Lets another feature add a panel under the booking's side panels (the CO2e panel, registered in
 * app/feature-routes.ts as a lazy component), so booking never imports it. Rendered inside Suspense.
 */
export function registerBookingSidePanel(key: string, component: ComponentType<BookingTabProps>) {
  sidePanels.set(key, component);
}

/** The registered side panels with their keys, in registration order. */
export const bookingSidePanels = () => [...sidePanels];
