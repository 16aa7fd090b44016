/** The finance module's public entry (issue 15, docs/finance.md): what app.ts, the seeds and bench may use. */
export { financeRepository } from './finance.repository';
export { financeRoutes } from './finance.routes';
export { seedDemoFinance } from './finance.seed';
/** Analytics' MIS summary (modules/analytics-gp) reads the overdue receivables from the dashboard's aggregates. */
export { overdueReceivables } from './finance.service';
export { finCube, finInvJobs, finItems, finLate, finPartyOpen, finRefreshState } from './finance.tables';
// The dashboard's aggregates (docs/finance.md "Aggregates"): seeds, the bench generator, repair.
export { rebuildFinance, refreshFinanceForInvoices, sweepFinance } from './finance-aggregates';
