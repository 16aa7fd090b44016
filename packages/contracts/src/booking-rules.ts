import type { TShippingOrderFields } from './booking';

/** One finding of the booking rules: the field path, its message key (and params), error or warning. */
export interface BookingIssue {
  path: (string | number)[];
  message: string;
  params?: Record<string, string | number>;
  level: 'error' | 'warning';
}

/** Facts the rules need beyond the form: the chosen sailing and rate, when there is one. */
export interface BookingRuleContext {
  sailing?: { pol: string; pod: string; is_tbc: boolean } | null;
  rate?: { container_sizes: string[] } | null;
}

/**
 * Every cross-field rule of 001 §5 Booking, shared by the server (refuses with 400 details) and the form
 * (shows the same messages on the fields). Placeholder until the booking core lands.
 */
export function bookingIssues(_v: TShippingOrderFields, _ctx: BookingRuleContext = {}): BookingIssue[] {
  return [];
}
