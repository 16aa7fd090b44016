import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { ROUTING_TEMPLATE_LIST_PATH, routingTemplatePath } from './routing-template-paths';

const detail = lazy(() => import('./routing-template-detail-page'));

/** Routing template screens (002 §2): viewing needs routing_template, creating create_routing_template. */
export const routingTemplateRoutes: AppRoute[] = [
  {
    path: ROUTING_TEMPLATE_LIST_PATH,
    funcId: 'routing_template',
    component: lazy(() => import('./routing-template-list-page')),
  },
  { path: routingTemplatePath('new'), funcId: 'create_routing_template', component: detail },
  {
    path: '/SOPMS/routing_template/routing_template_detail/:id',
    funcId: 'routing_template',
    component: detail,
  },
];
