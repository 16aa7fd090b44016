import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';

/** /INV/Settlement: pick posted invoices of an account and record one receipt or payment (inv_closing). */
export const settlementRoutes: AppRoute[] = [
  {
    path: '/INV/Settlement',
    funcId: 'inv_closing',
    component: lazy(() => import('./settlement-page').then((m) => ({ default: m.SettlementPage }))),
  },
];
