import type { BookingTabProps } from '../booking-tab-props';

/** House Doc. Placeholder until the booking tabs land. */
export function HouseDocTab(_props: BookingTabProps) {
  return null;
}
