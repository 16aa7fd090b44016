import type { BookingTabProps } from '../booking-tab-props';

/** Document Upload. Placeholder until the booking tabs land. */
export function DocumentsTab(_props: BookingTabProps) {
  return null;
}
