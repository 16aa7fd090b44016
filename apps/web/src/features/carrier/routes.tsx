import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { CARRIER_LIST_PATH } from './carrier-paths';

/** Carrier maintenance screens (001 §2 Admin maintenance), guarded by funcId admin. */
export const carrierRoutes: AppRoute[] = [
  { path: CARRIER_LIST_PATH, funcId: 'admin', component: lazy(() => import('./carrier-list-page')) },
  {
    path: `${CARRIER_LIST_PATH}/:id`,
    funcId: 'admin',
    component: lazy(() => import('./carrier-detail-page')),
  },
];
