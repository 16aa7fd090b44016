/** The CO2e module's public entry (issue 17; docs/co2e.md). */

export { rebuildCo2e, refreshCo2eOrders, sweepCo2e } from './co2e.refresh';
export { EARTH_RADIUS_KM, factsSql as co2eFactsSql, visibleSoIdsSql } from './co2e.repository';
export { co2eRoutes } from './co2e.routes';
export { co2eLocationRows, glecFactorRows, seedCo2eReference, seedDemoCo2e } from './co2e.seed';
export { co2eFactors, co2eLocations, co2eRefreshState, co2eShipmentFacts } from './co2e.tables';
