/** The invoice module's public entry: what other modules, app.ts and the seeds may use. */
export { seedChargeCodes } from './charge-code.seed';
export { invoiceRoutes } from './invoice.routes';
export { seedDemoInvoices } from './invoice.seed';
export { chargeCodes, invoiceJobs, invoiceLines, invoices } from './invoice.tables';
export { invoiceBatchRoutes } from './invoice-batch.routes';
// Period close (issue 15, modules/period): the bulk close move and its undo by a reopen.
export { closeInvoicesForPeriod, reopenInvoicesForPeriod } from './invoice-close';
export { seedDemoInvoicesAfterApproval } from './invoice-batch.seed';
export { seedDemoPrintedInvoices } from './invoice-print.seed';
