/** The settlement module's public entry: what app.ts, the seeds and other modules may use. */
export { settlementRoutes } from './settlement.routes';
export { seedDemoSettlements } from './settlement.seed';
export { settlementAllocations, settlements } from './settlement.tables';
