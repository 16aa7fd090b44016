/** The booking module's public entry: what other modules, app.ts and the seeds may use. */

export { bookingCarrierRoutes } from './booking.carrier.routes';
export { bookingExportColumns } from './booking.export';
export { invalidateShippingOrderCounts, shippingOrderLists } from './booking.lists';
export { isoOut } from './booking.presenter';
export { isVisibleBooking } from './booking.read';
export { bookingRoutes } from './booking.routes';
export { seedDemoBookings } from './booking.seed';
export { shippingOrders, soContainers, soEquipment, soHsLines, soIsfParties } from './booking.tables';
export { bookingVisibleSql } from './booking-access.repository';
export { bookingActionRoutes } from './booking-actions.routes';
export { BOOKING_ENTITY, visibleOrderOrThrow } from './booking-history';
export {
  type BookingAmendment,
  registerBookingAmendmentHook,
  registerRelatedConsolSource,
  runBookingAmendmentHooks,
} from './booking-hooks';
// The operation alert dashboard (modules/operation-alert) ages the same lists with the same conditions.
export {
  BOOKING_LIST_DEFS,
  CONFIRMED_CLOCK,
  type ShippingOrderListDef,
  shippingOrderColourSql,
} from './booking-lists.repository';
export { BOOKING_SEARCH_KIND, indexBookings } from './booking-search.repository';
// Consolidation plans keep remarks by the same rules (consolidation.remarks.ts).
export { type RemarkRecord, type RemarkStore, remarksServiceOf } from './remarks.service';
export { type RemarkLimits, sanitizeRemark, sanitizeScannedRemark } from './remarks-sanitize';
