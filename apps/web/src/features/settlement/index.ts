import { lazy } from 'react';
import type { InvoiceDetailTab } from '../invoice';
import { SettlementTabLabel } from './settlement-tab-label';

/** features/settlement's public entry: its routes and the invoice detail's Settlement tab (registered by the app). */
export { settlementRoutes } from './routes';

/** The invoice detail's Settlement tab (app/feature-routes.ts registers it with features/invoice); loads on open. */
export const settlementInvoiceTab: InvoiceDetailTab = {
  key: 'settlement',
  Label: SettlementTabLabel,
  Panel: lazy(() => import('./settlement-panel').then((m) => ({ default: m.SettlementPanel }))),
};
