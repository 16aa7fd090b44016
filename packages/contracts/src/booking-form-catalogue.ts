import type { TBookingStatus } from './booking-catalogue';
import { ENS_VALIDATION_START } from './booking-catalogue';
import { EORI_EXTRA_COUNTRIES, EU_MEMBER_STATES } from './validators/eori-countries';

/**
 * The booking rules the form needs to draw itself (asterisks, which party lists are required), without zod:
 * the booking form imports these from here, and the schemas (booking.ts, booking-rules.ts) load only when it
 * validates (docs/performance.md). booking-rules.ts re-exports them, so `@portal/contracts` imports are unchanged.
 */

/**
 * Who checks the booking and when: the profile's side, the booking's status (null for a new booking) and the
 * step (a save, or the confirm action). Decides which fields are required (docs/booking.md "Required fields").
 */
export interface BookingStage {
  side: 'internal' | 'external';
  status: TBookingStatus | null;
  step: 'save' | 'confirm';
}

/**
 * The sailing of 001 §5 "Required: … carrier, vessel, voyage" and "Closing: CFS, CY, VGM and SI closing
 * required". A shipper booking space does not know them; operations fill them in from the carrier's booking.
 */
export const SAILING_FIELDS = [
  'carrier_code',
  'vessel_name',
  'voyage',
  'cfs_closing',
  'cy_closing',
  'vgm_closing',
  'si_closing',
] as const;
/** Statuses of a booking that has been confirmed: saving one must keep its sailing. */
const CONFIRMED_STATUSES: readonly TBookingStatus[] = ['CONFIRMED', 'RECOVERED'];

/**
 * True when the sailing fields are required: on the confirm action (any side), and on an internal user's save
 * of a confirmed or recovered booking. Never on an e-booking, an amendment or a new manual booking: those
 * are saved while the sailing may still be unknown, and confirming checks it.
 */
export function sailingRequired(stage: BookingStage | undefined): boolean {
  if (!stage) return false;
  if (stage.step === 'confirm') return true;
  return stage.side === 'internal' && stage.status !== null && CONFIRMED_STATUSES.includes(stage.status);
}

/**
 * Header fields the field schema itself requires at every stage: those whose schema refuses a missing value.
 * Written out here (no zod); a unit test (booking-rules.test.ts) holds it equal to the list derived from
 * ZShippingOrderFields, so the form's asterisks cannot drift from the schema. The nomination/release agent
 * pair is "one of the two" (bookingIssues) and is not in it.
 */
// biome-ignore format: a list of names
export const ALWAYS_REQUIRED_FIELDS: readonly string[] = [
  'transport_mode', 'service_type', 'delivery_type', 'business_type', 'shipper_id', 'customer_id',
  'consignee_id', 'handling_office', 'pol', 'pod', 'pld', 'fd', 'etd', 'eta', 'cargo_ready_date', 'incoterms',
  'freight_term', 'equipment',
];

/** Every top-level field required at a stage: what the form marks with an asterisk before any save. */
export function bookingRequiredFields(stage: BookingStage | undefined): ReadonlySet<string> {
  return new Set([...ALWAYS_REQUIRED_FIELDS, ...(sailingRequired(stage) ? SAILING_FIELDS : [])]);
}

/**
 * The option list (fetchOptionKey) of a booking's own-party field: for an external profile only its own parties
 * (the server filters them, so no other party is offered); for internal profiles every party (issue 39).
 */
export const BOOKING_OWN_PARTY_OPTION_KEY = 'own_party';

/**
 * The party field an external profile books as: its own party is prefilled there on a new booking and looked up
 * among its own parties only, so Save's "you can only book for your own parties" cannot refuse it. Agents book
 * for others (any of shipper, customer or consignee may be theirs) and keep the full lookups.
 */
export const OWN_PARTY_FIELD_OF: Readonly<Record<string, 'shipper_id' | 'customer_id' | 'consignee_id'>> = {
  SHIPPER: 'shipper_id',
  CUSTOMER: 'customer_id',
  CONSIGNEE: 'consignee_id',
};

/** Countries whose ports need the EU entry summary declaration (ENS) parties. */
export const ENS_COUNTRIES: readonly string[] = [...EU_MEMBER_STATES, ...EORI_EXTRA_COUNTRIES];
/** The country of a UN/LOCODE (its first two letters). */
export const countryOf = (locode: string | null | undefined) => (locode ?? '').slice(0, 2).toUpperCase();

/** True when the booking's POD or FD is in the US: all six ISF parties are required. */
export const needsIsf = (v: { pod: string | null | undefined; fd: string | null | undefined }) =>
  countryOf(v.pod) === 'US' || countryOf(v.fd) === 'US';

/** True when the POD or FD is in the EU (or CH, NO) and the ETD is on or after ENS_VALIDATION_START. */
export const needsEns = (v: { pod: string | null | undefined; fd: string | null | undefined; etd: string }) =>
  (ENS_COUNTRIES.includes(countryOf(v.pod)) || ENS_COUNTRIES.includes(countryOf(v.fd))) &&
  v.etd >= ENS_VALIDATION_START;
