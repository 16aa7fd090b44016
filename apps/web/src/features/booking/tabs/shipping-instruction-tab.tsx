import type { BookingTabProps } from '../booking-tab-props';

/** Shipping Instruction. Placeholder until the booking tabs land. */
export function ShippingInstructionTab(_props: BookingTabProps) {
  return null;
}
