import type { BookingTabProps } from '../booking-tab-props';

/** Document Upload History. Placeholder until the booking tabs land. */
export function DocumentHistoryTab(_props: BookingTabProps) {
  return null;
}
