import type { TInvoice } from '@portal/contracts';
import type { ComponentType } from 'react';

/** A tab of the invoice detail that another feature provides (features/invoice never imports it). */
export interface InvoiceDetailTab {
  /** The tab's key (also its data-testid suffix). */
  key: string;
  /** The tab's title, translated by the providing feature. */
  Label: ComponentType;
  /** The tab's content for a saved invoice; `active` is true while the tab is shown (fetch then). */
  Panel: ComponentType<{ inv: TInvoice; active: boolean }>;
}

const slots: InvoiceDetailTab[] = [];

/**
 * Lets another feature add a tab to the invoice detail of a saved invoice (the app registers them at start,
 * app/feature-routes.ts), so the dependency goes one way: e.g. settlement → invoice.
 */
export function registerInvoiceDetailTab(tab: InvoiceDetailTab) {
  const at = slots.findIndex((s) => s.key === tab.key);
  if (at >= 0) slots[at] = tab;
  else slots.push(tab);
}

/** The registered tabs, in registration order. */
export const invoiceDetailTabs = (): readonly InvoiceDetailTab[] => slots;
