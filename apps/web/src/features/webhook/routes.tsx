import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { WEBHOOK_LIST_PATH } from './webhook-paths';

/** Webhook endpoints of customer parties (admin). */
export const webhookRoutes: AppRoute[] = [
  { path: WEBHOOK_LIST_PATH, funcId: 'admin', component: lazy(() => import('./webhook-list-page')) },
  {
    path: `${WEBHOOK_LIST_PATH}/:id`,
    funcId: 'admin',
    component: lazy(() => import('./webhook-detail-page')),
  },
];
