/** The finance module's public entry (issue 15, docs/finance.md): what app.ts, the seeds and bench may use. */
export { financeRoutes } from './finance.routes';
export { seedDemoFinance } from './finance.seed';
/** Analytics' MIS summary (modules/analytics-gp) reads the overdue receivables with the dashboard's own figures. */
export { financeRepository } from './finance.repository';
