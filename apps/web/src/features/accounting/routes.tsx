import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';

/** /INV/Posting: imported invoices with their readiness, batch post (inv_closing, as posting itself). */
export const accountingRoutes: AppRoute[] = [
  {
    path: '/INV/Posting',
    funcId: 'inv_closing',
    component: lazy(() => import('./posting-page').then((m) => ({ default: m.PostingPage }))),
  },
];
