import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { MBL_HOME_PATH } from './mbl-paths';

const dashboard = lazy(() => import('./mbl-dashboard-page'));
const detail = lazy(() => import('./mbl-detail-page'));
const base = MBL_HOME_PATH;

/**
 * Master bill of lading screens (001 §2), guarded by `master_bl`: the dashboard with its lists
 * (search_master_bl and the status lists), a new bill (from a plan or FCL SOs) and a bill's detail, also
 * under the list it was opened from.
 */
export const masterBlRoutes: AppRoute[] = [
  { path: base, funcId: 'master_bl', component: dashboard },
  { path: `${base}/master_bl/:mbl_no`, funcId: 'master_bl', component: detail },
  { path: `${base}/:search_state/master_bl/:mbl_no`, funcId: 'master_bl', component: detail },
  { path: `${base}/:search_state`, funcId: 'master_bl', component: dashboard },
];
