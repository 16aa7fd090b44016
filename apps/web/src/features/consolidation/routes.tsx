import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { CONSOL_HOME_PATH } from './consol-paths';

const dashboard = lazy(() => import('./consol-dashboard-page'));
const detail = lazy(() => import('./consol-detail-page'));
const copy = lazy(() => import('./consol-copy-page'));
const booking = lazy(() => import('./consol-booking-detail'));
const base = CONSOL_HOME_PATH;

/**
 * Consolidation screens (001 §2 Consolidation), guarded by `consolidation` (a new plan by
 * create_consolidation): the dashboard with its 9 lists, a plan's detail (also under the list it was opened
 * from), a copy, and a booking's detail reached from a list.
 */
export const consolidationRoutes: AppRoute[] = [
  { path: base, funcId: 'consolidation', component: dashboard },
  { path: `${base}/consolidation_management/new`, funcId: 'create_consolidation', component: detail },
  { path: `${base}/consolidation_management/:consol_no`, funcId: 'consolidation', component: detail },
  {
    path: `${base}/:search_state/consolidation_management/:consol_no`,
    funcId: 'consolidation',
    component: detail,
  },
  {
    path: `${base}/:search_state/consolidation_management_copy/:consol_no`,
    funcId: 'create_consolidation',
    component: copy,
  },
  { path: `${base}/:search_state/shipping_order/:so_no`, funcId: 'consolidation', component: booking },
  { path: `${base}/:search_state`, funcId: 'consolidation', component: dashboard },
];
