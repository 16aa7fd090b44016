/**
 * The period close module's public entry (issue 15): what other modules, app.ts and the seeds may use.
 * Posting (modules/accounting) calls `assertPeriodOpen(db, office, 'YYYY-MM', kind?)` before it posts.
 */
export {
  assertPeriodOpen,
  closedPeriodKeys,
  gpLockedJobs,
  jobGpLocked,
  periodKey,
  periodOpen,
} from './period.guard';
export { periodRoutes } from './period.routes';
export { DEMO_CLOSE_OFFICE, demoClosePeriod, seedDemoPeriodClose } from './period.seed';
export {
  accountingPeriodEvents,
  accountingPeriods,
  periodClosedInvoices,
  periodJobLocks,
} from './period.tables';
