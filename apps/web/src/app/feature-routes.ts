import { authRoutes } from '../features/auth/routes';
import { bookingRoutes } from '../features/booking';
import { bookingApprovalRoutes } from '../features/booking-approval';
import { carrierRoutes } from '../features/carrier/routes';
import { mailboxRoutes } from '../features/mailbox/routes';
import { partyRoutes } from '../features/party/routes';
import { partyGroupRoutes } from '../features/party-group/routes';
import { publicDocsRoutes } from '../features/public-docs/routes';
import { rateRoutes } from '../features/rate/routes';
import { registrationRoutes } from '../features/registration/routes';
import { roleRoutes } from '../features/role/routes';
import { routingTemplateRoutes } from '../features/routing-template/routes';
import { sailingScheduleRoutes } from '../features/sailing-schedule/routes';
import { sequenceRoutes } from '../features/sequence/routes';
import { sysNoticeRoutes } from '../features/sys-notice/routes';
import { tradelaneRoutes } from '../features/tradelane/routes';
import { userAdminRoutes } from '../features/user-admin/routes';
import { warehouseRoutes } from '../features/warehouse/routes';
import type { AppRoute } from './route-types';

/** Every feature's protected screens. A new module adds its `routes.tsx` here. */
export const featureRoutes: AppRoute[] = [
  ...bookingRoutes,
  ...bookingApprovalRoutes,
  ...carrierRoutes,
  ...partyRoutes,
  ...partyGroupRoutes,
  ...tradelaneRoutes,
  ...warehouseRoutes,
  ...sailingScheduleRoutes,
  ...rateRoutes,
  ...sequenceRoutes,
  ...routingTemplateRoutes,
  ...registrationRoutes,
  ...userAdminRoutes,
  ...roleRoutes,
  ...sysNoticeRoutes,
  ...mailboxRoutes,
  ...publicDocsRoutes,
  ...authRoutes,
];
