/** The GP report module's public entry (docs/gp-reports.md): routes, tables, the refresh functions and seeds. */

export { cloneOrders, seedDemoFinanceHistory } from './finance-history.seed';
export { rebuildGp, refreshGpForInvoices, refreshGpJobs, sweepGp } from './gp-report.refresh';
export { gpReportRoutes } from './gp-report.routes';
export { gpReportService } from './gp-report.service';
export {
  gpCube,
  gpCustomerCube,
  gpInvoiceCube,
  gpInvoiceFacts,
  gpInvoiceJobs,
  gpJobFacts,
  gpLaneCube,
  gpRefreshState,
  gpSalesCube,
} from './gp-report.tables';
