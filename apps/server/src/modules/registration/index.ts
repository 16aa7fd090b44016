/** The registration module's public entry: what other modules, app.ts and the seeds may use. */
export { registrationRoutes } from './registration.routes';
