import { carrierRoutes } from '../features/carrier/routes';
import { partyRoutes } from '../features/party/routes';
import { partyGroupRoutes } from '../features/party-group/routes';
import { rateRoutes } from '../features/rate/routes';
import { routingTemplateRoutes } from '../features/routing-template/routes';
import { sailingScheduleRoutes } from '../features/sailing-schedule/routes';
import { sequenceRoutes } from '../features/sequence/routes';
import { tradelaneRoutes } from '../features/tradelane/routes';
import { warehouseRoutes } from '../features/warehouse/routes';
import type { AppRoute } from './route-types';

/** Every feature's protected screens. A new module adds its `routes.tsx` here. */
export const featureRoutes: AppRoute[] = [
  ...carrierRoutes,
  ...partyRoutes,
  ...partyGroupRoutes,
  ...tradelaneRoutes,
  ...warehouseRoutes,
  ...sailingScheduleRoutes,
  ...rateRoutes,
  ...sequenceRoutes,
  ...routingTemplateRoutes,
];
