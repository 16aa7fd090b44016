import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { USER_LIST_PATH } from './user-admin-paths';

/** User maintenance (001 §2 Admin user_maintenance), guarded by funcId admin. */
export const userAdminRoutes: AppRoute[] = [
  { path: USER_LIST_PATH, funcId: 'admin', component: lazy(() => import('./user-list-page')) },
  {
    path: `${USER_LIST_PATH}/:user_uid`,
    funcId: 'admin',
    component: lazy(() => import('./user-detail-page')),
  },
];
