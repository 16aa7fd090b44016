/** The sailing-schedule module's public entry: what other modules, app.ts and the seeds may use. */
export { TBC_REFRESH_CRON, TBC_REFRESH_JOB } from './sailing-schedule.jobs';
// Booking approval and consolidation copy a proposed sailing alike; booking's Related panel reads its voyage.
export { proposedSailing, type SailingVoyage } from './sailing-schedule.presenter';
export { sailingScheduleRoutes } from './sailing-schedule.routes';
export { seedDemoSailings } from './sailing-schedule.seed';
export { sailingSchedules } from './sailing-schedule.tables';
