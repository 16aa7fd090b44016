import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { SAILING_LIST_PATH } from './sailing-schedule-paths';

/** Sailing schedule maintenance screens (001 §2 Admin maintenance), guarded by funcId admin. */
export const sailingScheduleRoutes: AppRoute[] = [
  { path: SAILING_LIST_PATH, funcId: 'admin', component: lazy(() => import('./sailing-schedule-list-page')) },
  {
    path: `${SAILING_LIST_PATH}/:id`,
    funcId: 'admin',
    component: lazy(() => import('./sailing-schedule-detail-page')),
  },
];
