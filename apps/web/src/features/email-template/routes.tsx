import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { EMAIL_TEMPLATE_LIST_PATH } from './email-template-paths';

/** E-mail templates (000 §2.3 NotificationCenter [admin]); the pages show 404 unless the flag is on. */
export const emailTemplateRoutes: AppRoute[] = [
  {
    path: EMAIL_TEMPLATE_LIST_PATH,
    funcId: 'admin',
    component: lazy(() => import('./email-template-list-page')),
  },
  {
    path: `${EMAIL_TEMPLATE_LIST_PATH}/:id`,
    funcId: 'admin',
    component: lazy(() => import('./email-template-detail-page')),
  },
];
