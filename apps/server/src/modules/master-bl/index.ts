/** The master BL module's public entry: what other modules, app.ts and the seeds may use. */
export { masterBlRoutes } from './master-bl.routes';
export { seedDemoMasterBls } from './master-bl.seed';
