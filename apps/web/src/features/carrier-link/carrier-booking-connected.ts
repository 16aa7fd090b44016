import { useCarrierBooking } from './carrier-link-api';
import type { CarrierBookingDoc } from './carrier-link-model';

/**
 * Whether the document's carrier has an enabled DCSA booking connection, as its carrier booking panel reads it
 * (the same query, so one request): true / false once known, undefined while loading, when the panel cannot be
 * read (no right, gone, an error) or without a saved document (`doc` null). A page hides its manual "submitted
 * to the carrier" step while this is true: sending through the panel sets the same state.
 */
export function useCarrierBookingConnected(doc: CarrierBookingDoc | null): boolean | undefined {
  const query = useCarrierBooking(doc ?? { kind: 'booking', no: '' }, !!doc);
  return doc ? query.data?.connected : undefined;
}
