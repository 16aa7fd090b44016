/** The carrier analytics module's public entry (issue 17; docs/analytics.md "Carrier pages"). */

export { rebuildReliabilityCube } from './carrier-actuals.repository';
export { mqcFigures, setCarrierAnalyticsToday } from './carrier-analytics.pages';
export { refreshSailingActuals } from './carrier-analytics.refresh';
export { carrierAnalyticsRoutes } from './carrier-analytics.routes';
export { seedDemoCarrierAnalytics } from './carrier-analytics.seed';
export {
  bookingRollovers,
  carrierActualsState,
  carrierContracts,
  carrierReliabilityCube,
  sailingActuals,
} from './carrier-analytics.tables';
