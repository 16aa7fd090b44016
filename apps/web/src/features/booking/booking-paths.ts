import type { TBookingListKey } from '@portal/contracts';

/** Where the booking screens live (001 §2 Booking). */
export const BOOKING_HOME_PATH = '/BMS/enhance_booking';

/** The dashboard with one list open (search_booking is the home itself). */
export const bookingListPath = (list: TBookingListKey) =>
  list === 'search_booking' ? BOOKING_HOME_PATH : `${BOOKING_HOME_PATH}/${list}`;

/** How a detail is opened: a shipping order, an e-booking, or a new booking copied from one. */
export type BookingDetailKind = 'shipping_order' | 'e_booking' | 'shipping_order_copy';
export const BOOKING_DETAIL_KINDS: BookingDetailKind[] = [
  'shipping_order',
  'e_booking',
  'shipping_order_copy',
];

/** A booking's detail (or 'new'), under the list it was opened from so Back and ctrl+alt+arrows keep it. */
export function bookingPath(
  soNo: string | 'new',
  opts: { from?: TBookingListKey; kind?: BookingDetailKind } = {},
): string {
  const kind = opts.kind ?? 'shipping_order';
  const base =
    opts.from && opts.from !== 'search_booking' ? `${BOOKING_HOME_PATH}/${opts.from}` : BOOKING_HOME_PATH;
  return `${base}/${kind}/${encodeURIComponent(soNo)}`;
}

/** The detail of a booking: e-bookings open under e_booking, the others under shipping_order. */
export const bookingOpenPath = (row: { so_no: string; is_e_booking: boolean }, from?: TBookingListKey) =>
  bookingPath(row.so_no, { from, kind: row.is_e_booking ? 'e_booking' : 'shipping_order' });
