/** The search module's public entry: the header's global search route (docs/search.md). */
export { searchRoutes } from './search.routes';
