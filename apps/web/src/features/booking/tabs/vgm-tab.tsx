import type { BookingTabProps } from '../booking-tab-props';

/** VGM EDI History. Placeholder until the booking tabs land. */
export function VgmHistoryTab(_props: BookingTabProps) {
  return null;
}
