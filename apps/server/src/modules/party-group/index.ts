/** The party-group module's public entry: what other modules, app.ts and the seeds may use. */
export { partyGroupRoutes } from './party-group.routes';
export { seedDemoMasterData } from './party-group.seed';
export { partyGroupMembers, partyGroups } from './party-group.tables';
