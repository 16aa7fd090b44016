/** The auth module's public entry: what other modules, app.ts and the seeds may use. */
export { userPreferences } from './user-preference.tables';
