/** The invoice module's public entry: what other modules, app.ts and the seeds may use. */
export { seedChargeCodes } from './charge-code.seed';
// The demo posting seed (modules/accounting) builds its invoices as this module's demo seeds do.
export { createDemoInvoice, demoInvoiceInput, demoJobs, demoLine } from './demo-invoice.seed';
export type { InvoiceRow } from './invoice.repository';
export { invoiceRoutes } from './invoice.routes';
export { seedDemoInvoices } from './invoice.seed';
// The template library (issue 16) reads an invoice through it to apply a template: access checked by `get`.
export { assertCanRead, invoiceService } from './invoice.service';
export { chargeCodes, invoiceJobs, invoiceLines, invoices } from './invoice.tables';
export { invoiceBatchRoutes } from './invoice-batch.routes';
export { seedDemoInvoicesAfterApproval } from './invoice-batch.seed';
export {
  APPROVAL_FLOW_STATUSES,
  registerInvoiceChangeHook,
  runInvoiceChangeHooks,
} from './invoice-change-hooks';
// Period close (issue 15, modules/period): the bulk close move and its undo by a reopen.
// The batch post (issue 15, modules/accounting): its ready invoices moved set-wise, not one `act` each.
export { closeInvoicesForPeriod, moveInvoicesInBulk, reopenInvoicesForPeriod } from './invoice-close';
// Late invoicing (modules/finance) and PendingCreation share one definition of a job waiting for an invoice.
export { awaitingInvoiceSql, billedPartySql, lateOnSql } from './invoice-creation.repository';
export {
  type InvoiceMoveHook,
  type InvoicePeriodGuard,
  registerInvoiceMoveHook,
  registerInvoicePeriodGuard,
} from './invoice-moves';
export { seedDemoPrintedInvoices } from './invoice-print.seed';
// Finance's stage lists (/FIN/Search/{stage}) reuse the invoice stage conditions (modules/finance).
// The operation alert dashboard (modules/operation-alert) colours invoices as the stage cards do.
export { stageColourSql, stageSql } from './invoice-stage.repository';
export {
  checkedStepOf,
  type InvoiceCheckedStep,
  type InvoiceImportCheck,
  type InvoiceStepCheck,
  registerInvoiceImportCheck,
  registerInvoiceStepCheck,
} from './invoice-step-checks';
// Invoice-line templates (modules/template) default a line's tax as the line editor does.
export { taxRuleService } from './tax-rule.service';
