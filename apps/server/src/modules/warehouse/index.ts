/** The warehouse module's public entry: what other modules, app.ts and the seeds may use. */
export { warehouseRoutes } from './warehouse.routes';
export { seedDemoWarehouses } from './warehouse.seed';
