/** The analytics module's public entry (issue 17; docs/analytics.md). */

export { rebuildAnalytics, refreshAnalyticsOrders, sweepAnalytics } from './analytics.refresh';
export { analyticsRoutes } from './analytics.routes';
export { seedDemoAnalyticsHistory } from './analytics.seed';
export {
  analyticsAgentCube,
  analyticsBaseCube,
  analyticsBookingCube,
  analyticsCustomerCube,
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
