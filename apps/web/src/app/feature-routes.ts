import { accountingRoutes, postingInvoiceTab } from '../features/accounting';
import { analyticsRoutes } from '../features/analytics';
import { authRoutes } from '../features/auth';
import {
  bookingRoutes,
  registerBookingDetailTab,
  registerBookingSidePanel,
  registerMarksGoodsAction,
} from '../features/booking';
import { bookingApprovalRoutes, bookingApprovalTab } from '../features/booking-approval';
import { carrierRoutes } from '../features/carrier';
import { carrierAnalyticsRoutes } from '../features/carrier-analytics';
import { Co2eBookingPanel } from '../features/co2e';
import { consolidationRoutes } from '../features/consolidation';
import { emailTemplateRoutes } from '../features/email-template';
import { financeRoutes } from '../features/finance';
import { gpReportRoutes } from '../features/gp-report';
import { invoiceRoutes, registerInvoiceDetailTab } from '../features/invoice';
import { mailboxRoutes } from '../features/mailbox';
import { masterBlRoutes } from '../features/master-bl';
import { NotificationBellWidget, notificationRoutes } from '../features/notification';
import { operationAlertRoutes } from '../features/operation-alert';
import { partyRoutes } from '../features/party';
import { partyGroupRoutes } from '../features/party-group';
import { periodRoutes } from '../features/period';
import { publicDocsRoutes } from '../features/public-docs';
import { rateRoutes } from '../features/rate';
import { registrationRoutes } from '../features/registration';
import { reportWriterRoutes } from '../features/report-writer';
import { roleRoutes } from '../features/role';
import { routingTemplateRoutes } from '../features/routing-template';
import { sailingScheduleRoutes } from '../features/sailing-schedule';
import { sequenceRoutes } from '../features/sequence';
import { settlementInvoiceTab, settlementRoutes } from '../features/settlement';
import { sopmsRoutes } from '../features/sopms';
import { sysNoticeRoutes } from '../features/sys-notice';
import { ApplyMarksGoodsTemplateButton, templateRoutes } from '../features/template';
import { tradelaneRoutes } from '../features/tradelane';
import { userAdminRoutes } from '../features/user-admin';
import { warehouseRoutes } from '../features/warehouse';
import { webhookRoutes } from '../features/webhook';
import { registerNotificationBell } from '../shared/layout/notification-bell-slot';
import type { AppRoute } from './route-types';

// The booking detail shows booking approval's tab: wired here so features/booking never imports it.
registerBookingDetailTab('approval', bookingApprovalTab);
// The booking's marks and goods offer the template library's marks-and-goods templates (issue 16).
registerMarksGoodsAction(ApplyMarksGoodsTemplateButton);
// The booking detail's CO2e panel (issue 17), customers included: lazy, so booking never imports co2e.
registerBookingSidePanel('co2e', Co2eBookingPanel);
// The invoice detail shows settlement's tab: wired here so features/invoice never imports it.
registerInvoiceDetailTab(settlementInvoiceTab);
// …and accounting's Posting tab (readiness checklist, process status, journals).
registerInvoiceDetailTab(postingInvoiceTab);
// The header's bell is the notifications feature's (the shell never imports a feature).
registerNotificationBell(NotificationBellWidget);

/** Every feature's protected screens. A new module adds its `routes.tsx` here. */
export const featureRoutes: AppRoute[] = [
  ...bookingRoutes,
  ...bookingApprovalRoutes,
  ...consolidationRoutes,
  ...masterBlRoutes,
  ...invoiceRoutes,
  ...financeRoutes,
  ...gpReportRoutes,
  ...operationAlertRoutes,
  ...reportWriterRoutes,
  ...analyticsRoutes,
  ...periodRoutes,
  ...settlementRoutes,
  ...accountingRoutes,
  ...carrierRoutes,
  ...carrierAnalyticsRoutes,
  ...partyRoutes,
  ...partyGroupRoutes,
  ...tradelaneRoutes,
  ...warehouseRoutes,
  ...sailingScheduleRoutes,
  ...rateRoutes,
  ...sequenceRoutes,
  ...routingTemplateRoutes,
  ...templateRoutes,
  ...sopmsRoutes,
  ...registrationRoutes,
  ...userAdminRoutes,
  ...roleRoutes,
  ...sysNoticeRoutes,
  ...mailboxRoutes,
  ...notificationRoutes,
  ...webhookRoutes,
  ...emailTemplateRoutes,
  ...publicDocsRoutes,
  ...authRoutes,
];
