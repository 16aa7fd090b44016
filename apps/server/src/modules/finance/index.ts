/** The finance module's public entry (issue 15, docs/finance.md): what app.ts, the seeds and bench may use. */
/** Analytics' MIS summary (modules/analytics-gp) reads the overdue receivables with the dashboard's own figures. */
export { financeRepository } from './finance.repository';
export { financeRoutes } from './finance.routes';
export { seedDemoFinance } from './finance.seed';
export { finCube, finInvJobs, finItems, finLate, finPartyOpen, finRefreshState } from './finance.tables';
// The dashboard's aggregates (docs/finance.md "Aggregates"): seeds, the bench generator, repair.
export { rebuildFinance, refreshFinanceForInvoices, sweepFinance } from './finance-aggregates';
