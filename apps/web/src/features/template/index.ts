/** features/template's public entry: its routes, and the "apply template" buttons invoices and bookings show. */
export { templateRoutes } from './routes';
export {
  ApplyInvoiceTemplateButton,
  ApplyMarksGoodsTemplateButton,
  ApplyPrintOptionsTemplateButton,
} from './template-apply-buttons';
