/** The consolidation module's public entry: what other modules, app.ts and the seeds may use. */

export { consolidationRoutes } from './consolidation.routes';
export { seedContainerCapacities, seedDemoConsolidations } from './consolidation.seed';
export { type PlanCancelGuard, registerPlanCancelGuard } from './consolidation-hooks';
