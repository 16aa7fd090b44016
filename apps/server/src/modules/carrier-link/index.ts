/**
 * The carrier-link module's public entry (issue 42; docs/carrier-link.md): live DCSA exchanges with carriers.
 * Documents (the carrier booking of a plan or an FCL booking, the master bill's SI and TD) use `carrierLink`
 * (and `carrierBooking`, the booking rules both booking documents share); carrier-link never
 * imports them: they hear of carrier news through `carrierLink.onCarrierNews`.
 */
import { carrierLinkService, onCarrierNews } from './carrier-link.service';

export { type BookingExchange, carrierBooking, presentExchange } from './carrier-link.booking';

export const carrierLink = {
  connectionFor: carrierLinkService.connectionFor,
  enqueue: carrierLinkService.enqueue,
  exchangesOf: carrierLinkService.exchangesOf,
  markReviewed: carrierLinkService.markReviewed,
  onCarrierNews,
};
export {
  CARRIER_OUTBOX_JOB,
  CARRIER_POLL_JOB,
  pollCarrierDocuments,
  sendDueCarrierRequests,
} from './carrier-link.outbox';
export { carrierLinkRoutes } from './carrier-link.routes';
export { DEMO_CARRIER_LINK, seedDemoCarrierConnection } from './carrier-link.seed';
export type { CarrierNews, CarrierNewsHandler, EnqueueRequest } from './carrier-link.service';
export { carrierConnections, carrierExchanges } from './carrier-link.tables';
