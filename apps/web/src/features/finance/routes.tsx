import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';

const lists = () => import('./finance-list-pages');

/** Finance screens (002 §2, prefix /FIN) with their function ids. */
export const financeRoutes: AppRoute[] = [
  { path: '/FIN/Dashboard', funcId: 'm_fin', component: lazy(() => import('./finance-dashboard-page')) },
  {
    path: '/FIN/Search',
    funcId: 'm_fin_search',
    component: lazy(() => lists().then((m) => ({ default: m.FinanceSearchPage }))),
  },
  {
    path: '/FIN/Search/LateInvoicing',
    funcId: 'm_fin_search',
    component: lazy(() => lists().then((m) => ({ default: m.LateInvoicingPage }))),
  },
  {
    path: '/FIN/Search/CustomerOverdueReport',
    funcId: 'm_fin_customer_overdue_report',
    component: lazy(() => import('./customer-overdue-page')),
  },
  {
    path: '/FIN/Search/:list',
    funcId: 'm_fin_search',
    component: lazy(() => lists().then((m) => ({ default: m.FinanceListPage }))),
  },
];
