/** The user-admin module's public entry: what other modules, app.ts and the seeds may use. */
export { userAdminRoutes } from './user-admin.routes';
export { userProfilePartyGroups } from './user-admin.tables';
