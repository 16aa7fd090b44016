import type { BookingTabProps } from '../booking-tab-props';

/** remarks with images and visible-to. Placeholder until the booking tabs land. */
export function RemarksPanel(_props: BookingTabProps) {
  return null;
}
