import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { WAREHOUSE_LIST_PATH } from './warehouse-paths';

/** Warehouse maintenance screens (001 §2 Admin maintenance), guarded by funcId admin. */
export const warehouseRoutes: AppRoute[] = [
  { path: WAREHOUSE_LIST_PATH, funcId: 'admin', component: lazy(() => import('./warehouse-list-page')) },
  {
    path: `${WAREHOUSE_LIST_PATH}/:party_code_id`,
    funcId: 'admin',
    component: lazy(() => import('./warehouse-detail-page')),
  },
];
