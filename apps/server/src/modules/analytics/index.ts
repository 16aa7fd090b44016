/** The analytics module's public entry (issue 17; docs/analytics.md). */

export { rebuildAnalytics, refreshAnalyticsOrders, sweepAnalytics } from './analytics.refresh';
export { monthSplit } from './analytics.repository';
export { analyticsRoutes } from './analytics.routes';
export { seedDemoAnalyticsHistory } from './analytics.seed';
export { aggregate as aggregateShipments, scopeOf as shipmentScopeOf } from './analytics.service';
export {
  analyticsAgentCube,
  analyticsAgentDayCube,
  analyticsBaseCube,
  analyticsBaseDayCube,
  analyticsBookingCube,
  analyticsBookingDayCube,
  analyticsCarrierCube,
  analyticsCarrierDayCube,
  analyticsCustomerCube,
  analyticsCustomerDayCube,
  analyticsLaneCube,
  analyticsLaneDayCube,
  analyticsRefreshState,
  analyticsShipCube,
  analyticsShipmentFacts,
} from './analytics.tables';
export { registerAnalyticsLabels } from './analytics-labels';
export {
  type AnalyticsCtx,
  type AnalyticsPageDef,
  analyticsPage,
  registerAnalyticsPage,
} from './analytics-registry';
// The CO2e and carrier pages answer their booking documents in the same shape.
export { type BookingDocument, bookingDocuments } from './analytics-shipment.pages';
