import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';

const view = lazy(() => import('./sopms-detail-page'));

/** SOPMS screens (000 §2.3): sopms_base reads, sopms_edit creates; editing is the owner's (server checks). */
export const sopmsRoutes: AppRoute[] = [
  {
    path: '/SOPMS/SOPMSSearch/:section_code',
    funcId: 'sopms_base',
    component: lazy(() => import('./sopms-list-page')),
  },
  { path: '/SOPMS/SOPMSDetails/new', funcId: 'sopms_edit', component: view },
  { path: '/SOPMS/SOPMSDetails/:tmplib_id', funcId: 'sopms_base', component: view },
  {
    path: '/SOPMS/SOPMSEdit/:tmplib_id',
    funcId: 'sopms_edit',
    component: lazy(() => import('./sopms-edit-page')),
  },
];
