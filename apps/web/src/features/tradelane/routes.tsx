import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { TRADELANE_LIST_PATH } from './tradelane-paths';

/** Trade lane maintenance screens (001 §2 Admin maintenance), guarded by funcId admin. */
export const tradelaneRoutes: AppRoute[] = [
  { path: TRADELANE_LIST_PATH, funcId: 'admin', component: lazy(() => import('./tradelane-list-page')) },
  {
    path: `${TRADELANE_LIST_PATH}/:tradelane_id`,
    funcId: 'admin',
    component: lazy(() => import('./tradelane-detail-page')),
  },
];
