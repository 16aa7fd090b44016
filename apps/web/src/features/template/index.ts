import { lazy } from 'react';

/** features/template's public entry: its routes, and the "apply template" buttons invoices and bookings show. */
export { templateRoutes } from './routes';

/**
 * The "apply template" buttons, each loaded with the screen that shows it (render them inside a Suspense
 * boundary). Never a static re-export here: the app's entry imports this index (routes, the booking's
 * marks-and-goods slot), and a static export would put antd, zod and the template API into every first
 * screen (/login, issue 20).
 */
const buttons = () => import('./template-apply-buttons');
export const ApplyInvoiceTemplateButton = lazy(() =>
  buttons().then((m) => ({ default: m.ApplyInvoiceTemplateButton })),
);
export const ApplyPrintOptionsTemplateButton = lazy(() =>
  buttons().then((m) => ({ default: m.ApplyPrintOptionsTemplateButton })),
);
export const ApplyMarksGoodsTemplateButton = lazy(() =>
  buttons().then((m) => ({ default: m.ApplyMarksGoodsTemplateButton })),
);
