/** The consolidation module's public entry: what other modules, app.ts and the seeds may use. */

// The plan's carrier booking over DCSA (issue 42).
export { consolCarrierRoutes } from './consolidation.carrier.routes';
// The master BL module checks SO visibility with the same party test.
export { planVisibleSql, soNosVisibleTo, soPartyIn } from './consolidation.repository';
export { consolidationRoutes } from './consolidation.routes';
export { flagPlannedSos, seedContainerCapacities, seedDemoConsolidations } from './consolidation.seed';
export { type PlanCancelGuard, registerPlanCancelGuard } from './consolidation-hooks';
// The operation alert dashboard (modules/operation-alert) ages the same lists with the same conditions.
export {
  CONSOL_LIST_DEFS,
  colourSql as consolColourSql,
  PENDING_CREATION_DEF,
} from './consolidation-lists.repository';
