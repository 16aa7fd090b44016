/** The role module's public entry: what other modules, app.ts and the seeds may use. */
export { roleRoutes } from './role.routes';
