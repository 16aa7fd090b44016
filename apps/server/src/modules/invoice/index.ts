/** The invoice module's public entry: what other modules, app.ts and the seeds may use. */
export { seedChargeCodes } from './charge-code.seed';
export type { InvoiceRow } from './invoice.repository';
// Finance's stage lists (/FIN/Search/{stage}) reuse the invoice stage conditions (modules/finance).
export { stageSql } from './invoice.repository';
export { invoiceRoutes } from './invoice.routes';
export { assertCanRead } from './invoice.service';
export { seedDemoInvoices } from './invoice.seed';
export { chargeCodes, invoiceJobs, invoiceLines, invoices } from './invoice.tables';
// The template library (issue 16) reads an invoice through it to apply a template: access checked by `get`.
export { invoiceService } from './invoice.service';
export { invoiceBatchRoutes } from './invoice-batch.routes';
export { registerInvoiceChangeHook, runInvoiceChangeHooks } from './invoice-change-hooks';
// Period close (issue 15, modules/period): the bulk close move and its undo by a reopen.
export { closeInvoicesForPeriod, reopenInvoicesForPeriod } from './invoice-close';
export { seedDemoInvoicesAfterApproval } from './invoice-batch.seed';
export { type InvoiceMoveHook, registerInvoiceMoveHook } from './invoice-moves';
export { seedDemoPrintedInvoices } from './invoice-print.seed';
