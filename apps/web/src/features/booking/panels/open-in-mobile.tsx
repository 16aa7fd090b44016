import type { BookingTabProps } from '../booking-tab-props';

/** open the booking in the mobile site. Placeholder until the booking tabs land. */
export function OpenInMobileButton(_props: BookingTabProps) {
  return null;
}
