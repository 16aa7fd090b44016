import type { BookingTabProps } from '../booking-tab-props';

/** Carrier Booking. Placeholder until the booking tabs land. */
export function CarrierBookingTab(_props: BookingTabProps) {
  return null;
}
