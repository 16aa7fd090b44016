/** The invoice module's public entry: what other modules, app.ts and the seeds may use. */
export { seedChargeCodes } from './charge-code.seed';
export { invoiceRoutes } from './invoice.routes';
export { seedDemoInvoices } from './invoice.seed';
export { seedDemoPrintedInvoices } from './invoice-print.seed';
export { chargeCodes, invoiceJobs, invoiceLines, invoices } from './invoice.tables';
