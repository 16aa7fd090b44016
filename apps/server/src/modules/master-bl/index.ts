/** The master BL module's public entry: what other modules, app.ts and the seeds may use. */

// The report writer (modules/report-writer) applies the same party access to its master BL dataset.
export { mblVisibleSql } from './master-bl.repository';
export { masterBlRoutes } from './master-bl.routes';
export { seedDemoMasterBls } from './master-bl.seed';
