import type { TBooking, TBookingAction } from '@portal/contracts';

/**
 * What the detail page gives every tab and side panel. `booking` is null on a new booking (not saved yet).
 * Tabs that edit shipping-order fields render Form.Items inside the page's one antd Form (so the values
 * save with the booking); `readOnly` is true when the user may not edit. `onAction` runs a booking action
 * through the page (reason prompt, validation notices, refetch) and resolves when it is done.
 */
export interface BookingTabProps {
  booking: TBooking | null;
  readOnly: boolean;
  internal: boolean;
  onAction: (action: TBookingAction) => Promise<void>;
  /** The form holds unsaved input (a tab acting on the saved booking, e.g. sending it to the carrier, waits). */
  dirty?: boolean;
}
