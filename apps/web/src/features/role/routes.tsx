import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { ROLE_LIST_PATH } from './role-paths';

/** The role → function-id catalogue, guarded by funcId admin. */
export const roleRoutes: AppRoute[] = [
  { path: ROLE_LIST_PATH, funcId: 'admin', component: lazy(() => import('./role-list-page')) },
  {
    path: `${ROLE_LIST_PATH}/:role_id`,
    funcId: 'admin',
    component: lazy(() => import('./role-detail-page')),
  },
];
