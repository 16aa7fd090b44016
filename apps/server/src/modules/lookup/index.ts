/** The lookup module's public entry: what other modules, app.ts and the seeds may use. */
export { lookupRoutes } from './lookup.routes';
export { seedLookupReference } from './lookup.seed';
export { countries, lookupValues, offices, ports } from './lookup.tables';
