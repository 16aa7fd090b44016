/** The invoice module's public entry: what other modules, app.ts and the seeds may use. */
export { seedChargeCodes } from './charge-code.seed';
export { invoiceRoutes } from './invoice.routes';
export { seedDemoInvoices } from './invoice.seed';
export { chargeCodes, invoiceJobs, invoiceLines, invoices } from './invoice.tables';
export { invoiceBatchRoutes } from './invoice-batch.routes';
export { seedDemoInvoicesAfterApproval } from './invoice-batch.seed';
export { seedDemoPrintedInvoices } from './invoice-print.seed';
