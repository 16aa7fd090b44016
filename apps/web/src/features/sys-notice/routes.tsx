import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { SYS_NOTICE_LIST_PATH } from './sys-notice-paths';

/** System notice maintenance (001 §2 Admin sys_notice_maintenance), guarded by funcId admin. */
export const sysNoticeRoutes: AppRoute[] = [
  { path: SYS_NOTICE_LIST_PATH, funcId: 'admin', component: lazy(() => import('./sys-notice-list-page')) },
  {
    path: `${SYS_NOTICE_LIST_PATH}/:uid`,
    funcId: 'admin',
    component: lazy(() => import('./sys-notice-detail-page')),
  },
];
