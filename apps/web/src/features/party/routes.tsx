import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { ACCOUNT_GROUP_LIST_PATH, PARTY_HOME_PATH } from './party-paths';

const dashboard = lazy(() => import('./party-dashboard-page'));
const detail = lazy(() => import('./party-detail-page'));

/** Party screens (001 §2 Party), guarded by funcId party. */
export const partyRoutes: AppRoute[] = [
  { path: PARTY_HOME_PATH, funcId: 'party', component: dashboard },
  { path: `${PARTY_HOME_PATH}/party_maintenance/:party_id`, funcId: 'party', component: detail },
  {
    path: `${PARTY_HOME_PATH}/:search_state/party_maintenance/:party_id`,
    funcId: 'party',
    component: detail,
  },
  {
    path: ACCOUNT_GROUP_LIST_PATH,
    funcId: 'party',
    component: lazy(() => import('./account-group-list-page')),
  },
  {
    path: `${ACCOUNT_GROUP_LIST_PATH}/:customer_id`,
    funcId: 'party',
    component: lazy(() => import('./account-group-detail-page')),
  },
  { path: `${PARTY_HOME_PATH}/:search_state`, funcId: 'party', component: dashboard },
];
