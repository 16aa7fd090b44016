import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { TEMPLATE_SEARCH_PATH } from './template-paths';

const details = lazy(() => import('./template-details-page'));

/** Template library screens (002 §2, 000 §2.3): reading needs tmplib_base, creating and editing tmplib_edit. */
export const templateRoutes: AppRoute[] = [
  {
    path: TEMPLATE_SEARCH_PATH,
    funcId: 'tmplib_base',
    component: lazy(() => import('./template-search-page')),
  },
  { path: '/BMS/Setting/TMPLIB/TemplateDetails/new', funcId: 'tmplib_edit', component: details },
  { path: '/BMS/Setting/TMPLIB/TemplateDetails/new/:tmplib_view', funcId: 'tmplib_edit', component: details },
  { path: '/BMS/Setting/TMPLIB/TemplateDetails/:tmplib_id', funcId: 'tmplib_base', component: details },
  {
    path: '/BMS/Setting/TMPLIB/TemplateEdit/:tmplib_id',
    funcId: 'tmplib_edit',
    component: lazy(() => import('./template-edit-page')),
  },
  {
    path: '/TMPLIB/AddTemplate/:share_code',
    funcId: 'tmplib_base',
    component: lazy(() => import('./add-template-page')),
  },
];
