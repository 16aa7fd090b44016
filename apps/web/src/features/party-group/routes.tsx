import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { PARTY_GROUP_LIST_PATH } from './party-group-paths';

/** Party group maintenance screens (001 §2 Admin maintenance: list, new, {party_group_id}), funcId admin. */
export const partyGroupRoutes: AppRoute[] = [
  { path: PARTY_GROUP_LIST_PATH, funcId: 'admin', component: lazy(() => import('./party-group-list-page')) },
  {
    path: `${PARTY_GROUP_LIST_PATH}/:party_group_id`,
    funcId: 'admin',
    component: lazy(() => import('./party-group-detail-page')),
  },
];
