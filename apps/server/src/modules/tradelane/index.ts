/** The tradelane module's public entry: what other modules, app.ts and the seeds may use. */
export { tradelaneRoutes } from './tradelane.routes';
export { seedDemoTradelanes } from './tradelane.seed';
export { tradelanes } from './tradelane.tables';
