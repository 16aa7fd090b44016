import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { SEQUENCE_LIST_PATH } from './sequence-paths';

/** Sequence rule screens (000 §2.3), guarded by funcId seq_base. */
export const sequenceRoutes: AppRoute[] = [
  { path: SEQUENCE_LIST_PATH, funcId: 'seq_base', component: lazy(() => import('./sequence-list-page')) },
  {
    path: '/BMS/Admin/SEQ/sequence_rule_details/:id',
    funcId: 'seq_base',
    component: lazy(() => import('./sequence-detail-page')),
  },
];
