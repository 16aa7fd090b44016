/** The finance module's public entry (issue 15, docs/finance.md): what app.ts, the seeds and bench may use. */
export { financeRoutes } from './finance.routes';
export { seedDemoFinance } from './finance.seed';
