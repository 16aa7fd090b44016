/** The health module's public entry: what other modules, app.ts and the seeds may use. */
export { healthRoutes } from './health.routes';
