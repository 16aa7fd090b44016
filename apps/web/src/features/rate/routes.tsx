import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { RATE_LIST_PATH } from './rate-paths';

/** Rate maintenance screens (001 §2 Admin maintenance), guarded by funcId admin. */
export const rateRoutes: AppRoute[] = [
  { path: RATE_LIST_PATH, funcId: 'admin', component: lazy(() => import('./rate-list-page')) },
  {
    path: `${RATE_LIST_PATH}/:sourceKey`,
    funcId: 'admin',
    component: lazy(() => import('./rate-detail-page')),
  },
];
