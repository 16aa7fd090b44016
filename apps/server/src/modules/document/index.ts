/** The document module's public entry: what other modules, app.ts and the seeds may use. */
export { documentRoutes } from './document.routes';
