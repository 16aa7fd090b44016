import type { Db } from '../../platform/db/client';
import { alertCandidates } from './alert-candidates.repository';

/** The operation-alert module's public entry (issue 17; docs/operation-alerts.md, docs/analytics.md). */
export { operationAlertRoutes } from './operation-alert.routes';
export { seedDemoPageViews } from './operation-alert.seed';
export { rebuildPageViewAggregates } from './operation-alert.service';
export { pageViews } from './operation-alert.tables';
export { rebuildOpsSteps, sweepOpsSteps } from './ops-steps.refresh';
/** Rebuilds the operation alert candidates and their triggers (bench loads that bypass triggers, repair). */
export const rebuildAlertCandidates = (db: Db) => alertCandidates.rebuild(db);
