import { z } from 'zod';
import { ZBooking } from './booking';

// The rules the form draws itself with (required fields, ISF/ENS), zod-free, re-exported here.
export {
  ALWAYS_REQUIRED_FIELDS,
  BOOKING_OWN_PARTY_OPTION_KEY,
  type BookingStage,
  bookingRequiredFields,
  needsEns,
  needsIsf,
  OWN_PARTY_FIELD_OF,
  SAILING_FIELDS,
  sailingRequired,
} from './booking-form-catalogue';
export * from './booking-rules-core';

/** A warning as the API returns it beside a saved booking: `field` is the path joined with dots. */
export const ZBookingWarning = z.object({
  field: z.string(),
  msgKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TBookingWarning = z.output<typeof ZBookingWarning>;

/** What POST /Booking and PUT /Booking/:so_no answer: the booking plus the non-blocking warnings. */
export const ZBookingSaved = ZBooking.extend({ warnings: z.array(ZBookingWarning) });
export type TBookingSaved = z.output<typeof ZBookingSaved>;
