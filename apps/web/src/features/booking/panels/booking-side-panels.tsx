import type { BookingTabProps } from '../booking-tab-props';

/** related sailing schedules, related bookings, related consol, sailing history. Placeholder until the booking tabs land. */
export function BookingSidePanels(_props: BookingTabProps) {
  return null;
}
