/** features/invoice's public entry: what the app and other features may import (never its other files). */

export { type InvoiceDetailTab, registerInvoiceDetailTab } from './invoice-detail-slots';
export { invoiceRoutes } from './routes';
