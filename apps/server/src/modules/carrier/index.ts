/** The carrier module's public entry: what other modules, app.ts and the seeds may use. */
export { carrierRoutes } from './carrier.routes';
export { carriers } from './carrier.tables';
