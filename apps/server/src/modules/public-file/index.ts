/** The public-file module's public entry: what other modules, app.ts and the seeds may use. */
export { publicFileRoutes } from './public-file.routes';
