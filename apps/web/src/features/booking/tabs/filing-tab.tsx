import type { BookingTabProps } from '../booking-tab-props';

/** EU entry filing (ENS, Form.List ens_parties). Placeholder until the booking tabs land. */
export function FilingTab(_props: BookingTabProps) {
  return null;
}
