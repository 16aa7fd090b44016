import { lazy } from 'react';
import type { InvoiceDetailTab } from '../invoice';
import { PostingTabLabel } from './posting-tab-label';

/** features/accounting's public entry: its routes and the invoice detail's Posting tab (registered by the app). */
export { accountingRoutes } from './routes';

/** The invoice detail's Posting tab (app/feature-routes.ts registers it with features/invoice); loads on open. */
export const postingInvoiceTab: InvoiceDetailTab = {
  key: 'posting',
  Label: PostingTabLabel,
  Panel: lazy(() => import('./posting-panel').then((m) => ({ default: m.PostingPanel }))),
};
