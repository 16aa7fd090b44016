/** The preference module's public entry: what other modules, app.ts and the seeds may use. */
export { preferenceRoutes } from './preference.routes';
