/** The party module's public entry: what other modules, app.ts and the seeds may use. */
export { partyRoutes } from './party.routes';
export { seedDemoParties } from './party.seed';
export { parties } from './party.tables';
export {
  type DocumentPartySource,
  ownPartyIdsSql,
  registerDocumentPartySource,
} from './party-access.repository';
export { indexParties, PARTY_SEARCH_KIND } from './party-search.repository';
