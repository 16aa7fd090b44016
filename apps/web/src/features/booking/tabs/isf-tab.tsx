import type { BookingTabProps } from '../booking-tab-props';

/** ISF parties (Form.List isf_parties) and ISF profiles. Placeholder until the booking tabs land. */
export function IsfTab(_props: BookingTabProps) {
  return null;
}
