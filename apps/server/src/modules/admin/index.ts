/** The admin module's public entry: what other modules, app.ts and the seeds may use. */
export { adminRoutes } from './admin.routes';
