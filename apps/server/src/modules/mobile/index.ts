/** The mobile module's public entry: what other modules, app.ts and the seeds may use. */
export { mobileRoutes } from './mobile.routes';
