/** features/invoice's public entry: what the app and other features may import (never its other files). */
export { invoiceRoutes } from './routes';
